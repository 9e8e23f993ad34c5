/**
 * Issue 14: a page reached by a link inside the site is the page loaded by its address. The
 * browser calls the server functions itself after a link (the plans, the account's special
 * offer), so each must answer in the page's language and currency: a Russian premium page
 * reached from the header once showed dollar prices and charged roubles. Every page with an
 * in-site link is opened both ways, in en, ru and de, signed out and signed in, and the two are
 * compared word for word (the running countdown left out).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'

type Locale = 'en' | 'ru' | 'de'
const LOCALES: Locale[] = ['en', 'ru', 'de']

/** Pages the header links to inside the site (client-side navigation), with what shows they are settled. */
const PAGES: { path: string; nav: string; ready: string; guest: boolean; signedIn: boolean }[] = [
  { path: '/premium', nav: 'nav_premium', ready: '.premium-checkout[data-ready="true"]', guest: true, signedIn: true },
  { path: '/promo', nav: 'nav_promo', ready: 'main h1', guest: true, signedIn: true },
  { path: '/wiki', nav: 'nav_wiki', ready: 'main h1', guest: true, signedIn: true },
  { path: '/login', nav: 'nav_login', ready: '[data-testid="sign-in-email"]', guest: true, signedIn: false },
  { path: '/account', nav: 'nav_account', ready: '[data-testid="account"]', guest: false, signedIn: true },
]

/** The main area's text, without the countdown (it runs) and without the no-JavaScript notes. */
async function mainText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement
    for (const timer of main.querySelectorAll('[data-testid="countdown"]')) timer.remove()
    // What shows only without JavaScript (its raw text is in a served page, never on screen).
    for (const fallback of main.querySelectorAll('noscript')) fallback.remove()
    return main.textContent.replace(/\s+/g, ' ').trim()
  })
}

/** The head a page has: its title, description, canonical, alternates and share texts (R2). */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      alternates: Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]'), (l) => `${l.hreflang} ${l.href}`),
    }
  })
}

for (const locale of LOCALES) {
  for (const who of ['guest', 'signedIn'] as const) {
    test.describe(`issue 14: ${locale}, ${who === 'guest' ? 'signed out' : 'signed in'}: by a link as by the address`, () => {
      for (const target of PAGES.filter((p) => p[who])) {
        test(target.path, async ({ page, hydrated, signIn }) => {
          if (who === 'signedIn') await signIn({ locale })
          // R2.17: the header's sign-in link remembers the page it was opened from (the wiki, below).
          const back = target.path === '/login' ? `?redirect=${encodeURIComponent(`/${locale}/wiki`)}` : ''
          const address = `/${locale}${target.path}${back}`

          await page.goto(address)
          await expect(page.locator(target.ready)).toBeVisible({ timeout: 30_000 })
          const direct = await mainText(page)
          const directHead = await headOf(page)
          expect(directHead.title).not.toBe('')
          expect(directHead.description).not.toBeNull()

          // Start elsewhere and follow the header's link, as a visitor does.
          await page.goto(`/${locale}/wiki${target.path === '/wiki' ? '#top' : ''}`)
          if (target.path === '/wiki') await page.goto(`/${locale}/promo`)
          await hydrated()
          const nav =
            target.path === '/account' ? page.getByTestId('account-link') : page.getByRole('link', { name: msg(locale, target.nav), exact: true }).first()
          await nav.click()
          await expect(page).toHaveURL(`${new URL(page.url()).origin}${address}`)
          await expect(page.locator(target.ready)).toBeVisible({ timeout: 30_000 })
          // The page the link leads to, once the navigation has settled (a view transition may still show the old one).
          await expect.poll(() => mainText(page), { timeout: 15_000 }).toBe(direct)
          // The head too: its texts come with the page the browser moved to, not with the first one.
          await expect.poll(() => headOf(page), { timeout: 15_000 }).toEqual(directHead)
        })
      }
    })
  }
}
