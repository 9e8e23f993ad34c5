/**
 * R2.21: a page's structured data from what its head already knows (the page, its texts, the
 * site's brand and settings) and its route's data (the premium page's plans: the cards it shows). The
 * plans' labels and the FAQ's texts are loaded with the pages that show them, never with every page.
 */
import type { Graph } from 'schema-dts'
import { canonicalUrl, type MetaInput, type PageTexts, productName, shownPageKey } from '#app/core/meta-tags.ts'
import type { PlansResult } from '#app/features/premium/plans-result.ts'
import type { Operator } from '#constants'
import { structuredData } from './structured-data.ts'

export interface PageStructuredDataInput {
  meta: MetaInput
  texts: PageTexts
  operator: Operator | null
  debugPrices: boolean
  /** The signed-in visitor has used the trial: the premium page does not offer it again. */
  trialUsed: boolean
  /** The plans of the route's data (the premium page), when it has them. */
  plans?: PlansResult | null
}

export async function pageStructuredData({ meta, texts, operator, debugPrices, trialUsed, plans }: PageStructuredDataInput): Promise<Graph> {
  const key = shownPageKey(meta)
  const standIn = Boolean(meta.standIn)
  let offers = null
  if (!standIn && key === 'premium' && plans?.ok) {
    const { shownOffers } = await import('./structured-offers.ts')
    offers = shownOffers(plans.list, { locale: meta.locale, debugPrices, trialUsed })
  }
  let faq = null
  if (!standIn && key === 'faq') {
    const { faqEntries } = await import('./structured-faq.ts')
    faq = faqEntries(meta.locale, { product: productName(meta.brand, meta.locale), email: meta.brand.supportEmail })
  }
  return structuredData({
    key,
    standIn,
    canonical: canonicalUrl(meta),
    locale: meta.locale,
    origin: meta.origin,
    brand: meta.brand,
    operator,
    texts,
    offers,
    faq,
  })
}
