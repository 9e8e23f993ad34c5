/**
 * Issue 38, part 3 (R2.21, decision 112): schema.org structured data of a page, as JSON-LD in the
 * head the server renders. Every page names the brand's Organization and WebSite; the home and
 * premium pages the SoftwareApplication with an Offer per plan the premium page shows; the FAQ its
 * FAQPage; every page but home its BreadcrumbList. It says what the page says: the brand of the
 * domain (original or mirror), the page's language, the plan cards' prices, the FAQ's questions.
 */
import type { BreadcrumbList, FAQPage, Graph, Offer, Organization, SoftwareApplication, Thing, WebSite } from 'schema-dts'
import { BRAND_ICONS } from '#app/core/brand-icons.ts'
import { localizedPath, type PageKey, type PageTexts, productName } from '#app/core/meta-tags.ts'
import type { Brand, Operator } from '#constants'
import type { Locale } from '#machines/rules/locale.ts'

/** A plan as its card shows it: its label, and its price in the list's currency. */
export interface PlanOffer {
  name: string
  price: number
  currency: string
}

/** One question of the FAQ and its answer, as the page shows them. */
export interface FaqEntry {
  question: string
  answer: string
}

export interface StructuredDataInput {
  /** The page's key as it is shown (a stand-in's own: its data is the site's only). */
  key: PageKey
  /** The page stands in for a missing one (404, error, unknown invitation): no breadcrumb, nothing of its own. */
  standIn: boolean
  canonical: string
  locale: Locale
  origin: string
  brand: Brand
  /** The seller from the operator settings (OPERATOR_*), as the requisites and the Impressum name it; null: not configured. */
  operator: Operator | null
  texts: PageTexts
  /** The home and premium pages: the plans the premium page shows this visitor; null: none could be read. */
  offers?: readonly PlanOffer[] | null
  /** The FAQ page: its questions and answers. */
  faq?: readonly FaqEntry[] | null
}

/** The home and premium pages describe the application; the premium page is where its plans are bought. */
const APPLICATION_PAGES: ReadonlySet<PageKey> = new Set<PageKey>(['home', 'premium'])

/** The page's structured data, one `@graph` with the nodes that refer to each other by `@id`. */
export function structuredData(input: StructuredDataInput): Graph {
  const { origin, locale, brand } = input
  const product = productName(brand, locale)
  const home = `${origin}${localizedPath('/', locale)}`
  const organizationId = `${origin}/#organization`
  const organization: Organization = {
    '@type': 'Organization',
    '@id': organizationId,
    name: product,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${BRAND_ICONS[brand.id].any512}`, width: '512', height: '512' },
    email: brand.supportEmail,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: brand.supportEmail, availableLanguage: ['en', 'ru', 'de'] },
    ...(input.operator ? { legalName: input.operator.name } : {}),
  }
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: product,
    url: `${origin}/`,
    inLanguage: locale,
    publisher: { '@id': organizationId },
  }
  const nodes: Thing[] = [organization, website]
  if (input.standIn) return { '@context': 'https://schema.org', '@graph': nodes }

  if (APPLICATION_PAGES.has(input.key)) {
    const premium = `${origin}${localizedPath('/premium', locale)}`
    const offers = (input.offers ?? []).map(
      (offer): Offer => ({
        '@type': 'Offer',
        name: offer.name,
        price: offer.price,
        priceCurrency: offer.currency,
        url: premium,
        availability: 'https://schema.org/InStock',
      }),
    )
    const application: SoftwareApplication = {
      '@type': 'SoftwareApplication',
      name: product,
      description: input.texts.description,
      url: input.canonical,
      inLanguage: locale,
      operatingSystem: 'Windows',
      applicationCategory: 'GameApplication',
      publisher: { '@id': organizationId },
      ...(offers.length > 0 ? { offers } : {}),
    }
    nodes.push(application)
  }

  if (input.key === 'faq' && input.faq) {
    const faq: FAQPage = {
      '@type': 'FAQPage',
      url: input.canonical,
      name: input.texts.title,
      inLanguage: locale,
      mainEntity: input.faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
    }
    nodes.push(faq)
  }

  if (input.key !== 'home' && input.texts.crumb) {
    const breadcrumbs: BreadcrumbList = {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: input.texts.homeCrumb, item: home },
        { '@type': 'ListItem', position: 2, name: input.texts.crumb, item: input.canonical },
      ],
    }
    nodes.push(breadcrumbs)
  }
  return { '@context': 'https://schema.org', '@graph': nodes }
}

/**
 * JSON as the text of an inline `<script>`: `<`, `>` and `&` as JSON escapes (\u003c …), so no text
 * of the data can close the script or open a comment, and the line separators U+2028/U+2029 too.
 * A JSON parser reads the same value back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** The head's `<script type="application/ld+json">` of a page (a data block: the browser runs nothing of it). */
export function jsonLdScript(graph: Graph): { type: 'application/ld+json'; children: string } {
  return { type: 'application/ld+json', children: scriptSafeJson(graph) }
}
