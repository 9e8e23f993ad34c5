/**
 * R2: the pages' titles and descriptions. R1: the mirror brand has its own texts where a
 * `meta_mirror_*` message exists (the home page's title, the marketing pages' descriptions);
 * elsewhere both brands share the text, with their own product name (decision 005).
 */
import * as metaTexts from '#app/content/messages/meta.ts'
import { type MetaInput, metaTags, type PageKey, type PageTexts, productName, shownPageKey } from '#app/core/meta-tags.ts'
import type { BrandId } from '#constants'
import type { Locale } from '#machines/rules/locale.ts'

type MessageFn = (inputs: { product: string }, options: { locale: Locale }) => string
/** Only the meta_* messages: a dynamic lookup in every message would put them all in the page. */
const messages = metaTexts as unknown as Record<string, MessageFn>

/** The brand's own message when it has one (`meta_mirror_home_title`), else the shared one (`meta_home_title`). */
function brandMessage(key: PageKey, part: 'title' | 'description', brand: BrandId): MessageFn {
  return (brand === 'mirror' ? messages[`meta_mirror_${key}_${part}`] : undefined) ?? messages[`meta_${key}_${part}`]!
}

export function pageTitle(key: PageKey, product: string, locale: Locale, brand: BrandId = 'original'): string {
  return brandMessage(key, 'title', brand)({ product }, { locale })
}
export function pageDescription(key: PageKey, product: string, locale: Locale, brand: BrandId = 'original'): string {
  return brandMessage(key, 'description', brand)({ product }, { locale })
}

/** A page's name in its breadcrumb trail; none for the pages standing in for a missing one. */
export function pageCrumb(key: PageKey, locale: Locale): string | null {
  return messages[`meta_${key}_crumb`]?.({ product: '' }, { locale }) ?? null
}

/** A page's title, description and breadcrumb names. */
export function pageTexts(key: PageKey, product: string, locale: Locale, brand: BrandId = 'original'): PageTexts {
  return {
    title: pageTitle(key, product, locale, brand),
    description: pageDescription(key, product, locale, brand),
    crumb: pageCrumb(key, locale),
    homeCrumb: pageCrumb('home', locale)!,
  }
}

/** The head's meta and links of a page, texts included. */
export function buildMeta(input: MetaInput) {
  return metaTags(input, pageTexts(shownPageKey(input), productName(input.brand, input.locale), input.locale, input.brand.id))
}
