import { useLoaderData } from '@tanstack/react-router'
import type { SiteContext } from './site-context'
import { getLocale } from '~/paraglide/runtime'
import { productName } from './meta'

/** The request's brand, origin and public configuration, from the root loader. */
export function useSite(): SiteContext & { product: string; brandInfo: SiteContext['config']['brands']['original'] } {
  const site = useLoaderData({ from: '__root__' }) as SiteContext
  const brandInfo = site.config.brands[site.brand]
  return { ...site, brandInfo, product: productName(brandInfo, getLocale()) }
}
