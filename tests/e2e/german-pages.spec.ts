/**
 * R2.5, decision 123: German pages stay German. Every link of a German page to a page of the site
 * goes to its German address (the language switcher aside, which names its language); the legal
 * documents, written in English and Russian only, open in the German frame, which says so.
 */
import type { Page } from '@playwright/test'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { payWithNotification } from './support/payments.ts'
import { PAGE_ROUTES } from './support/routes.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 180_000 })

/** The site's own links of the page that leave German: every `href` to a path of the site not under `/de`. */
async function linksOutOfGerman(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))
      .filter((a) => !a.hasAttribute('hreflang'))
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/') && !href.startsWith('//'))
      // The launcher's download is a file, not a page.
      .filter((href) => !/^\/(de\/)?download(\?|$)/u.test(href))
      .filter((href) => !/^\/de([/?#]|$)/u.test(href)),
  )
}

test.describe('R2.5, decision 123: every link from a German page goes to its German address', () => {
  test('no guest page links a page of another language', async ({ page, hydrated }) => {
    const problems: string[] = []
    for (const path of [...PAGE_ROUTES, '/impressum']) {
      await page.goto(`/de${path}`)
      await hydrated()
      for (const href of await linksOutOfGerman(page)) problems.push(`/de${path} links ${href}`)
    }
    expect(problems).toEqual([])
  })

  test("the checkout and the footer open the offer, the licence and the privacy policy in German frame, which names the document's language", async ({
    page,
    hydrated,
  }) => {
    await page.goto('/de/premium')
    await hydrated()
    const agreements = page.locator('fieldset.agreements')
    await expect(agreements.getByRole('link', { name: 'öffentliche Angebot' })).toHaveAttribute('href', '/de/oferta')
    await expect(agreements.getByRole('link', { name: 'Lizenzvereinbarung' })).toHaveAttribute('href', '/de/user-license')
    await expect(agreements.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/de/policy')
    const footer = page.locator('footer')
    for (const path of ['/de/oferta', '/de/user-license', '/de/policy', '/de/cookies-policy']) {
      await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1)
    }
    await footer.locator('a[href="/de/oferta"]').click()
    await expect(page).toHaveURL(/\/de\/oferta$/u)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByTestId('legal-language-notice')).toHaveText(
      'Dieses Dokument ist auf Englisch und Russisch verfügbar. Maßgeblich ist die nachstehende englische Fassung.',
    )
    await expect(page.getByTestId('legal-document').locator('article')).toHaveAttribute('lang', 'en')
  })
})

test.describe('R9.30, decision 128: German prices say that VAT is included; the Impressum reads as one', () => {
  test('de, 390 px: the plans say it, the receipt of a charge says it; en says nothing of it', async ({ page, signIn, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/de/premium')
    await expect(page.getByTestId('prices-vat')).toHaveText('Alle Preise sind Endpreise inkl. MwSt.')
    await page.goto('/en/premium')
    await expect(page.locator('.premium-checkout')).toBeVisible()
    await expect(page.getByTestId('prices-vat')).toHaveCount(0)
    const { token } = await signIn({ locale: 'de' })
    const payment = await payWithNotification(request, token, { subscriptionId: 3, locale: 'de' })
    await page.goto(`/de/account/receipts/${payment.payment_id}`)
    await expect(page.getByTestId('receipt-amount')).toHaveText('6,49\u00a0€ inkl. MwSt.')
  })

  test('de, desktop: the Impressum names the service provider under "Angaben gemäß § 5 DDG"', async ({ page }) => {
    await page.goto('/de/impressum')
    await expect(page.locator('main')).toContainText('Angaben gemäß § 5 DDG')
    await expect(page.locator('main')).not.toContainText('wer Skinvault betreibt')
    await expect(page.getByTestId('seller-details').locator('dt').first()).toHaveText('Diensteanbieter')
  })
})
