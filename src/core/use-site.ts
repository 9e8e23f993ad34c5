import { useLoaderData } from '@tanstack/react-router'
import { getLocale } from '#app/paraglide/runtime.js'
import { productName } from './meta-tags.ts'
import type { SiteContext } from './site-context.ts'

/** The request's brand, origin and public configuration, from the root loader. */
export function useSite(): SiteContext & { product: string } {
  const site = useLoaderData({ from: '__root__' }) as SiteContext
  return { ...site, product: productName(site.brandInfo, getLocale()) }
}
