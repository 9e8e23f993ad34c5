/**
 * The browser tests' fixtures: every spec imports `test` and `expect` from here.
 *
 * - `hydrated(target?)`: waits until the page (the test's own, or `target`) is interactive, which the
 *   site marks with `html[data-hydrated="true"]`. Call it only where a test needs the interactive
 *   page: a test that acts before hydration on purpose simply does not.
 * - `mailbox`: the stand-in backend's dev mailbox (`/__dev/mail`): the newest message for an address,
 *   its code or its link, waiting until there is one; or all its messages as they are now.
 * - `signIn(options?)`: signs a fresh visitor in through the backend's API (the code from the dev
 *   mailbox) and puts the session cookies into the test's browser context, as the auth machine
 *   stores them. For a sign-in in another language, to another site, or in the middle of a test.
 * - `signedIn`: a visitor signed in that way, in English, before the test starts: its e-mail and token.
 *   Not for tests of the sign-in itself: those go through the form.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'
import { allMail, latestMail, loginViaApi, type MailItem, uniqueEmail } from './login.ts'

export { expect }

/** How long a page may take to become interactive (a slow CPU, a cold server). */
const HYDRATION_TIMEOUT = 60_000

/** Waits until `page` is interactive: for helpers outside a test body, which have no fixtures. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
}

/**
 * A visitor who has allowed every cookie category (R9.24), on the test sites' hosts: for the tests
 * of what analytics and the tag manager receive once allowed (tests/e2e/consent.spec.ts covers the
 * visitor who has not chosen).
 */
export async function allowEverything(context: BrowserContext): Promise<void> {
  const value = `2.analytics-marketing-chat.${new Date().toISOString().slice(0, 10)}`
  await context.addCookies(['localhost', 'mirror.localhost', '127.0.0.1'].map((domain) => ({ name: 'cookie_consent', value, domain, path: '/' })))
}

export interface Mailbox {
  /** Every message for `email` now, the newest first (no waiting). */
  all(email: string): Promise<MailItem[]>
  /** The newest message for `email`, once there is one. */
  latest(email: string): Promise<MailItem>
  /** The code of the newest message for `email`. */
  code(email: string): Promise<string>
  /** The link of the newest message for `email`. */
  link(email: string): Promise<string>
}

export interface SignInOptions {
  /** The visitor's address: a fresh one unless given. */
  email?: string
  /** The language the backend signs in with: `en` unless given. */
  locale?: string
  /** The site the cookies are for: the test's `baseURL` unless given. */
  site?: string
  /** Stores the refresh token and its expiry too, as the site does after a sign-in (R9). */
  refreshToken?: boolean
}

export interface SignedIn {
  email: string
  token: string
  /** When the token expires (milliseconds), as stored in its expiry cookie. */
  expiresAt: number
}

export type SignIn = (options?: SignInOptions) => Promise<SignedIn>

interface Fixtures {
  hydrated: (target?: Page) => Promise<void>
  mailbox: Mailbox
  signIn: SignIn
  signedIn: SignedIn
}

export const test = base.extend<Fixtures>({
  hydrated: async ({ page }, use) => {
    await use((target = page) => waitForHydration(target))
  },

  mailbox: async ({ request }, use) => {
    const mailbox: Mailbox = {
      all: (email) => allMail(request, email),
      latest: (email) => latestMail(request, email),
      code: async (email) => {
        const { code } = await latestMail(request, email)
        if (!code) throw new Error(`the newest message for ${email} has no code`)
        return code
      },
      link: async (email) => {
        const { link } = await latestMail(request, email)
        if (!link) throw new Error(`the newest message for ${email} has no link`)
        return link
      },
    }
    await use(mailbox)
  },

  signIn: async ({ request, context, baseURL }, use) => {
    await use(({ email = uniqueEmail(), locale = 'en', site = baseURL!, refreshToken = false } = {}) =>
      loginViaApi(request, context, site, email, locale, { refreshToken }),
    )
  },

  signedIn: async ({ signIn }, use) => {
    await use(await signIn())
  },
})
