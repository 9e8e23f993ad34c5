import { useHydrated } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useSite } from '#app/core/use-site.ts'
import { PageIntro } from '#app/ui/page-intro.tsx'

/** A page's heading or introduction: a message that may name the product. */
export type ProductMessage = (inputs: { product: string }) => string

/** A marketing page: its heading and introduction for this brand's product, then its content. `className` adds to `marketing`. */
export function MarketingPage({
  heading,
  intro,
  className,
  children,
}: {
  heading: ProductMessage
  intro: ProductMessage
  className?: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const { product } = useSite()
  return (
    <div className={className ? `marketing ${className}` : 'marketing'} data-hydrated={hydrated}>
      <PageIntro heading={heading({ product })} intro={intro({ product })} />
      {children}
    </div>
  )
}
