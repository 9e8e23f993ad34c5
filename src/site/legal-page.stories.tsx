import type { Meta, StoryObj } from '@storybook/react-vite'
import type { AnyRoute } from '@tanstack/react-router'
import { expect, within } from 'storybook/test'
import { LEGAL_DOCUMENTS, type LegalDocumentId } from '#app/content/legal.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Route as CookiesPolicyRoute } from '#app/routes/cookies-policy.tsx'
import { Route as OfertaRoute } from '#app/routes/oferta.tsx'
import { Route as PolicyRoute } from '#app/routes/policy.tsx'
import { Route as UserLicenseRoute } from '#app/routes/user-license.tsx'
import { CYRILLIC, expectPage, routePage, storyProduct } from '#stories/pages.tsx'
import { RoutePage } from '#stories/site.tsx'

/**
 * The four legal documents, rendered by their route files, in English, Russian and German.
 * English and Russian pages carry the full text in their language; German pages keep the
 * German chrome, say so, and show the English text (decision 003).
 */
const PAGES: Record<LegalDocumentId, { route: AnyRoute; path: string; heading: (inputs: { product: string }) => string }> = {
  oferta: { route: OfertaRoute as unknown as AnyRoute, path: '/oferta', heading: (i) => m.page_oferta_heading(i) },
  user_license: { route: UserLicenseRoute as unknown as AnyRoute, path: '/user-license', heading: (i) => m.page_user_license_heading(i) },
  policy: { route: PolicyRoute as unknown as AnyRoute, path: '/policy', heading: (i) => m.page_policy_heading(i) },
  cookies_policy: { route: CookiesPolicyRoute as unknown as AnyRoute, path: '/cookies-policy', heading: (i) => m.page_cookies_policy_heading(i) },
}

const meta = {
  title: 'Pages/Legal',
  component: RoutePage,
  parameters: { ...routePage(PAGES.oferta.route, '/oferta', '/oferta'), document: 'oferta' },
  play: async ({ canvasElement, globals, parameters }) => {
    const document = parameters.document as LegalDocumentId
    const { sections } = LEGAL_DOCUMENTS[document]
    const german = getLocale() === 'de'
    const main = within(await expectPage(canvasElement, PAGES[document].heading({ product: storyProduct(globals) })))
    const doc = main.getByTestId('legal-document')
    await expect(doc).toHaveAttribute('data-document', document)

    // The text: every section with its title and body, in Russian on Russian pages and in English otherwise.
    const article = doc.querySelector<HTMLElement>('article')!
    await expect(article).toHaveAttribute('lang', getLocale() === 'ru' ? 'ru' : 'en')
    const rendered = main.getAllByTestId('legal-section')
    await expect(rendered.map((s) => s.id)).toEqual(sections.map((s) => s.anchor))
    for (const section of rendered) {
      const title = within(section).getByRole('heading', { level: 2 }).textContent ?? ''
      await expect(title.trim().length).toBeGreaterThan(2)
      await expect((section.textContent ?? '').length - title.length).toBeGreaterThan(40)
      if (getLocale() === 'ru') await expect(title).toMatch(CYRILLIC)
      else await expect(title).not.toMatch(CYRILLIC)
    }
    await expect(within(main.getByTestId('legal-operator')).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^mailto:/))

    // The contents lead to every section; the other three documents are linked.
    const toc = main.getByRole('navigation', { name: m.mk_legal_toc() })
    await expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(sections.map((s) => `#${s.anchor}`))
    await expect(within(main.getByRole('navigation', { name: m.mk_legal_other_documents() })).getAllByRole('link')).toHaveLength(3)

    // German pages say that the text is in English.
    if (german) await expect(main.getByTestId('legal-language-notice')).toHaveTextContent(m.legal_de_notice())
    else await expect(main.queryByTestId('legal-language-notice')).toBeNull()
  },
} satisfies Meta<typeof RoutePage>
export default meta
type Story = StoryObj<typeof meta>

const legal = (document: LegalDocumentId, locale: 'en' | 'ru' | 'de'): Story => ({
  parameters: { ...routePage(PAGES[document].route, PAGES[document].path, PAGES[document].path), document },
  globals: { locale },
})

export const OfferEn = legal('oferta', 'en')
export const OfferRu = legal('oferta', 'ru')
export const OfferDe = legal('oferta', 'de')
/** The mirror brand: its own product name and support address in the text. */
export const OfferMirror: Story = { ...legal('oferta', 'en'), globals: { brand: 'mirror' } }
export const UserLicenseEn = legal('user_license', 'en')
export const UserLicenseRu = legal('user_license', 'ru')
export const UserLicenseDe = legal('user_license', 'de')
export const PolicyEn = legal('policy', 'en')
export const PolicyRu = legal('policy', 'ru')
export const PolicyDe = legal('policy', 'de')
export const CookiesPolicyEn = legal('cookies_policy', 'en')
export const CookiesPolicyRu = legal('cookies_policy', 'ru')
export const CookiesPolicyDe = legal('cookies_policy', 'de')
