/**
 * R4.24: the sign-in link's page says one thing at a time. A link that did not work is headed by
 * that, not by "Checking your sign-in link … please keep this tab open", on a desktop in English
 * and on a phone in German, as it was seen.
 */
import { allowEverything, expect, test } from './support/fixtures.ts'

test.beforeEach(({ context }) => allowEverything(context))

for (const { locale, width, height, heading, lead, action, checking } of [
  {
    locale: 'en',
    width: 1280,
    height: 800,
    heading: "This sign-in link didn't work",
    lead: 'A sign-in link works once and only for a short while. Ask for a new code on the sign-in page: it keeps the page you were going to.',
    action: 'Get a new code',
    checking: 'Checking your sign-in link',
  },
  {
    locale: 'de',
    width: 390,
    height: 844,
    heading: 'Dieser Anmeldelink hat nicht funktioniert',
    lead: 'Ein Anmeldelink funktioniert nur einmal und nur für kurze Zeit. Fordern Sie auf der Anmeldeseite einen neuen Code an – danach geht es dort weiter, wohin Sie wollten.',
    action: 'Neuen Code anfordern',
    checking: 'Wir prüfen Ihren Anmeldelink',
  },
] as const) {
  test(`R4.24: a link that did not work is headed by that alone (${locale}, ${width} px)`, async ({ page, hydrated }) => {
    await page.setViewportSize({ width, height })
    await page.goto(`/${locale}/login/000000?redirect=%2Fpremium`)
    await hydrated()
    await expect(page.getByTestId('link-failed')).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('h1')).toHaveText(heading)
    await expect(page.locator('.page-intro__lead')).toHaveText(lead)
    await expect(page.getByTestId('link-failed').getByRole('link')).toHaveText(action)
    await expect(page.locator('main')).not.toContainText(checking)
    // One heading says what happened: the alert does not repeat it.
    await expect(page.getByText(heading, { exact: true })).toHaveCount(1)
  })
}
