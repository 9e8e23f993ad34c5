/**
 * R9.23–R9.25 (decision 111): consent before anything that is not strictly necessary. A site of its
 * own with the analytics script, the tag manager and the chat widget configured at the stand-in's
 * sandboxes (a third-party origin), on both brands, in the three languages, reached by a link and
 * by its address, with JavaScript and without.
 */
import type { Server } from 'node:http'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page, Request } from '@playwright/test'
import { BACKEND, SITE_PORT } from '../../playwright.config.ts'
import { expect, test, waitForHydration } from './support/fixtures.ts'
import { type Locale, msg, payButtonName } from './support/messages.ts'
import { startProxy } from './support/second-site.ts'
import { type SiteServer, startSiteServer, waitForPage } from './support/site-server.ts'

const PORT = SITE_PORT + 40
const PROXY_PORT = SITE_PORT + 41
const ORIGINAL = `http://localhost:${PORT}`
const MIRROR = `http://mirror.localhost:${PORT}`
/** The configured provider scripts: the stand-in's sandboxes, another origin than the site's. */
const SCRIPTS = {
  analytics: `${BACKEND}/sandbox/analytics.js`,
  gtm: `${BACKEND}/sandbox/gtm.js`,
  chat: `${BACKEND}/sandbox/chat.js`,
} as const
const GTM_ID = 'GTM-SANDBOX1'
const CLIENT_ID_COOKIE = 'sv_cid'
/** The cookies no category but "necessary" may write, by name (R9.23). */
const NECESSARY = ['cookie_consent', 'i18n_redirected', 'referrer_link_code', 'form_flash', 'openid_state']
const OPTIONAL_COOKIE = /^(?:_ga|_ga_.*|_gcl_.*|chat_.*|utm|sv_cid)$/
const YEAR = 31_536_000
const TODAY = new Date().toISOString().slice(0, 10)

let proxy: Server | undefined
let site: SiteServer | undefined

// One site for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  proxy = await startProxy(PROXY_PORT, BACKEND)
  site = startSiteServer(
    PORT,
    `http://127.0.0.1:${PROXY_PORT}`,
    {
      PAGE_CACHE_SECONDS: '60',
      ANALYTICS_SCRIPT_URL: SCRIPTS.analytics,
      GTM_ID,
      GTM_SCRIPT_URL: SCRIPTS.gtm,
      CHAT_SCRIPT_URL: SCRIPTS.chat,
      ANALYTICS_CLIENT_ID_COOKIE: CLIENT_ID_COOKIE,
    },
    `[consent site ${PORT}]`,
  )
  await waitForPage(`${ORIGINAL}/en`, 240_000)
})
test.afterAll(async () => {
  await site?.stop()
  proxy?.closeAllConnections()
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
})

/** Every request the page makes to a configured provider's script. */
function providerRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request: Request) => {
    const url = request.url().split('?')[0]!
    if (Object.values(SCRIPTS).includes(url as never)) seen.push(url)
  })
  return seen
}

/** Past the load event and the idle callback (at most 2000 ms), when allowed scripts would load. */
async function pastIdle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), 2500)))
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).sort()
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'cookie_consent')
}

const banner = (page: Page) => page.getByTestId('consent-banner')

/** The data layer's Consent Mode commands, as `[action, state]`. */
async function consentCommands(page: Page): Promise<Array<[string, Record<string, string>]>> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((e): e is ArrayLike<unknown> => !!e && typeof e === 'object' && typeof (e as ArrayLike<unknown>).length === 'number')
      .filter((e) => e[0] === 'consent')
      .map((e) => [e[1] as string, e[2] as Record<string, string>]),
  )
}

const DENIED = { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }
const GRANTED = { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }

for (const [locale, brand, base] of [
  ['en', 'original', ORIGINAL],
  ['ru', 'mirror', MIRROR],
  ['de', 'original', ORIGINAL],
] as const) {
  test(`${locale}, ${brand}: a first visit asks and loads nothing optional, by its address and by a link`, async ({ page, context }) => {
    const requested = providerRequests(page)
    await page.goto(`${base}/${locale}`)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('heading', { level: 2 })).toHaveText(msg(locale, 'consent_title'))
    await expect(banner(page).getByRole('button', { name: msg(locale, 'consent_accept_all') })).toBeVisible()
    await expect(banner(page).getByRole('button', { name: msg(locale, 'consent_reject_all') })).toBeVisible()
    await expect(banner(page).locator('summary')).toHaveText(msg(locale, 'consent_settings'))
    await waitForHydration(page)
    await pastIdle(page)
    // The defaults are in the data layer, and no container has started.
    expect(await consentCommands(page)).toEqual([['default', DENIED]])
    expect(
      await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).some((e) => e.event === 'gtm.js')),
    ).toBe(false)
    // By a link inside the site: the FAQ, still asked, still nothing.
    await page
      .locator('header')
      .getByRole('link', { name: msg(locale, 'nav_faq') })
      .first()
      .click()
    await expect(page).toHaveURL(new RegExp(`/${locale === 'en' ? '(en/)?' : `${locale}/`}faq`))
    await expect(banner(page)).toBeVisible()
    await pastIdle(page)
    expect(requested).toEqual([])
    expect((await cookieNames(context)).filter((n) => OPTIONAL_COOKIE.test(n))).toEqual([])
    expect((await cookieNames(context)).every((n) => NECESSARY.includes(n))).toBe(true)
    // Equally prominent: the same size.
    const accept = await banner(page).getByTestId('consent-accept').boundingBox()
    const reject = await banner(page).getByTestId('consent-reject').boundingBox()
    expect(Math.round(accept!.height)).toBe(Math.round(reject!.height))
    expect(Math.abs(accept!.width - reject!.width)).toBeLessThan(2)
    const axe = await new AxeBuilder({ page }).include('[data-testid="consent-banner"]').analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
  })
}

test('accept all (de, mirror): every script loads, its cookies are written, without a reload', async ({ page, context }) => {
  const requested = providerRequests(page)
  await page.goto(`${MIRROR}/de?utm_source=news&utm_medium=mail&utm_campaign=winter`)
  await waitForHydration(page)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await banner(page)
    .getByRole('button', { name: msg('de', 'consent_accept_all') })
    .click()
  await expect(banner(page)).toHaveCount(0)
  await expect.poll(() => requested.slice().sort(), { timeout: 20_000 }).toEqual([SCRIPTS.analytics, SCRIPTS.chat, SCRIPTS.gtm].sort())
  await expect
    .poll(() => cookieNames(context), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['_ga', '_ga_SANDBOX', '_gcl_au', 'chat_visitor', 'cookie_consent', 'sv_cid', 'utm']))
  const cookie = await consentCookie(context)
  expect(cookie?.value).toBe(`2.analytics-marketing-chat.${TODAY}`)
  expect(cookie?.path).toBe('/')
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(YEAR - 3600)
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(YEAR)
  expect(await consentCommands(page)).toEqual([
    ['default', DENIED],
    ['update', GRANTED],
  ])
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expect(page.locator('#sandbox-chat')).toBeVisible()
  // The next page asks no more and loads them again.
  await page.reload()
  await expect(banner(page)).toHaveCount(0)
})

test('reject all (ru): nothing optional, the choice remembered, on the next page too', async ({ page, context }) => {
  const requested = providerRequests(page)
  await page.goto(`${ORIGINAL}/ru/premium`)
  await waitForHydration(page)
  await banner(page)
    .getByRole('button', { name: msg('ru', 'consent_reject_all') })
    .click()
  await expect(banner(page)).toHaveCount(0)
  expect((await consentCookie(context))?.value).toBe(`2.none.${TODAY}`)
  await page.goto(`${ORIGINAL}/ru/faq`)
  await expect(banner(page)).toHaveCount(0)
  await waitForHydration(page)
  await pastIdle(page)
  expect(requested).toEqual([])
  expect((await cookieNames(context)).filter((n) => OPTIONAL_COOKIE.test(n))).toEqual([])
  // Nothing allowed: the defaults stand.
  expect(await consentCommands(page)).toEqual([['default', DENIED]])
})

test('analytics only (en, 390 px): the analytics script and its cookies, nothing else; the download is counted', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const requested = providerRequests(page)
  const collected: unknown[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/analytics/collect')) collected.push(r.postDataJSON())
  })
  await page.goto(`${ORIGINAL}/en?utm_source=ads&utm_medium=cpc&utm_campaign=spring`)
  await waitForHydration(page)
  await banner(page).locator('summary').click()
  await banner(page).getByLabel(msg('en', 'consent_analytics')).check()
  await banner(page)
    .getByRole('button', { name: msg('en', 'consent_save') })
    .click()
  await expect(banner(page)).toHaveCount(0)
  expect((await consentCookie(context))?.value).toBe(`2.analytics.${TODAY}`)
  await expect.poll(() => requested, { timeout: 20_000 }).toEqual([SCRIPTS.analytics])
  await expect.poll(() => cookieNames(context), { timeout: 20_000 }).toEqual(expect.arrayContaining(['_ga', 'sv_cid', 'utm']))
  await pastIdle(page)
  expect(requested).toEqual([SCRIPTS.analytics])
  const names = await cookieNames(context)
  expect(names.filter((n) => /^(?:_gcl_|chat_)/.test(n))).toEqual([])
  expect(await consentCommands(page)).toEqual([
    ['default', DENIED],
    ['update', { ...DENIED, analytics_storage: 'granted' }],
  ])
  // R5 as before: the download sends the client id and the landing's utm.
  await page.route('**/launcher/download**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }))
  await page.locator('#download').getByTestId('download-link').click()
  await expect.poll(() => collected.length, { timeout: 10_000 }).toBe(1)
  expect(collected[0]).toMatchObject({ utm: { source: 'ads', medium: 'cpc', campaign: 'spring' } })
})

test('before a choice the download sends no analytics', async ({ page }) => {
  const collected: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/analytics/collect')) collected.push(r.url())
  })
  await page.route('**/launcher/download**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }))
  await page.goto(`${ORIGINAL}/en`)
  await waitForHydration(page)
  await page.locator('#download').getByTestId('download-link').click()
  await page.waitForTimeout(1500)
  expect(collected).toEqual([])
})

test('changing the choice from the footer applies at once: withdrawn categories lose their cookies', async ({ page, context }) => {
  await page.goto(`${ORIGINAL}/en/faq`)
  await waitForHydration(page)
  await banner(page).getByTestId('consent-accept').click()
  await expect
    .poll(() => cookieNames(context), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['_ga', '_ga_SANDBOX', '_gcl_au', 'chat_visitor', 'sv_cid']))
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await page.getByTestId('footer-cookie-settings').click()
  await expect(banner(page)).toBeVisible()
  // At its settings, the switches as the choice is.
  for (const category of ['analytics', 'marketing', 'chat']) await expect(page.getByTestId(`consent-${category}`)).toBeChecked()
  await page.getByTestId('consent-analytics').uncheck()
  await page.getByTestId('consent-chat').uncheck()
  await page.getByTestId('consent-save').click()
  await expect(banner(page)).toHaveCount(0)
  expect((await consentCookie(context))?.value).toBe(`2.marketing.${TODAY}`)
  // The withdrawal's cookie list is a chunk of its own, loaded with the withdrawal (decision 111):
  // the cookies go once it has come, a moment after the banner closes.
  await expect.poll(async () => (await cookieNames(context)).filter((n) => /^(?:_ga|_ga_.*|chat_.*|utm|sv_cid)$/.test(n)), { timeout: 5000 }).toEqual([])
  expect(await cookieNames(context)).toContain('_gcl_au')
  expect((await consentCommands(page)).at(-1)).toEqual(['update', { ...GRANTED, analytics_storage: 'denied' }])
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  // The cookie policy's own link reopens it too; keeping the choice closes it.
  await page.goto(`${ORIGINAL}/en/cookies-policy`)
  await waitForHydration(page)
  await page.getByTestId('policy-cookie-settings').click()
  await expect(banner(page)).toBeVisible()
  await expect(page.getByTestId('consent-marketing')).toBeChecked()
  await page.getByTestId('consent-close').click()
  await expect(banner(page)).toHaveCount(0)
  expect((await consentCookie(context))?.value).toBe(`2.marketing.${TODAY}`)
})

test('the cookie policy lists the categories and every cookie the site decides with, in each language', async ({ page }) => {
  for (const locale of ['en', 'ru', 'de'] as Locale[]) {
    await page.goto(`${ORIGINAL}/${locale}/cookies-policy`)
    const rows = page.getByTestId('cookie-list').locator('tbody tr')
    await expect(rows.locator('td:first-child code')).toHaveText([
      'auth._token.local',
      'auth._token_expiration.local',
      'auth._refresh_token.local',
      'auth._refresh_token_expiration.local',
      'i18n_redirected',
      'referrer_link_code',
      'cookie_consent',
      'form_flash',
      'openid_state',
      'premium.state',
      'utm',
      '_ga',
      '_ga_*',
      '_gcl_*',
      'chat_*',
      'sv_cid',
    ])
    await expect(page.getByTestId('cookie-list').locator('tr[data-cookie="utm"] td').nth(1)).toHaveText(msg(locale, 'consent_analytics'))
    await expect(page.getByTestId('cookie-categories').locator('li strong')).toHaveText([
      msg(locale, 'consent_necessary'),
      msg(locale, 'consent_analytics'),
      msg(locale, 'consent_marketing'),
      msg(locale, 'consent_chat'),
    ])
  }
})

test.describe('Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } })
  test('analytics and marketing stay off, and the banner says so (en and de)', async ({ page, context }) => {
    const requested = providerRequests(page)
    await page.goto(`${ORIGINAL}/de`)
    await expect(page.getByTestId('consent-gpc')).toHaveText(msg('de', 'consent_gpc'))
    await waitForHydration(page)
    await banner(page).getByTestId('consent-accept').click()
    await expect(banner(page)).toHaveCount(0)
    expect((await consentCookie(context))?.value).toBe(`2.chat.${TODAY}`)
    await expect.poll(() => requested, { timeout: 20_000 }).toEqual([SCRIPTS.chat])
    await pastIdle(page)
    expect(requested).toEqual([SCRIPTS.chat])
    expect((await cookieNames(context)).filter((n) => /^(?:_ga|_gcl_)/.test(n))).toEqual([])
    // The visitor's own switch still turns analytics on.
    await page.getByTestId('footer-cookie-settings').click()
    await expect(page.getByTestId('consent-analytics')).not.toBeChecked()
    await page.getByTestId('consent-analytics').check()
    await page.getByTestId('consent-save').click()
    expect((await consentCookie(context))?.value).toBe(`2.analytics-chat.${TODAY}`)
    await expect.poll(() => requested.slice().sort(), { timeout: 20_000 }).toEqual([SCRIPTS.analytics, SCRIPTS.chat].sort())
    await page.goto(`${ORIGINAL}/en`)
    await expect(banner(page)).toHaveCount(0)
  })
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })
  test('the banner is a form: nothing optional loads; "Reject all" and the settings post the choice and come back', async ({ page, context }) => {
    const requested = providerRequests(page)
    await page.goto(`${ORIGINAL}/de/faq`)
    await expect(banner(page)).toBeVisible()
    await banner(page)
      .getByRole('button', { name: msg('de', 'consent_reject_all') })
      .click()
    await expect(page).toHaveURL(`${ORIGINAL}/de/faq`)
    await expect(banner(page)).toHaveCount(0)
    expect((await consentCookie(context))?.value).toBe(`2.none.${TODAY}`)
    // "Cookie-Einstellungen" opens the page with the banner at its settings.
    await page.getByTestId('footer-cookie-settings').click()
    await expect(page).toHaveURL(`${ORIGINAL}/de/faq?cookies=settings`)
    await expect(banner(page).locator('details')).toHaveAttribute('open', '')
    await page.getByTestId('consent-chat').check()
    await page.getByTestId('consent-save').click()
    await expect(page).toHaveURL(`${ORIGINAL}/de/faq`)
    await expect(banner(page)).toHaveCount(0)
    expect((await consentCookie(context))?.value).toBe(`2.chat.${TODAY}`)
    expect(requested).toEqual([])
  })
})

test('a visitor who answers before the page is interactive is answered by the form', async ({ page, context }) => {
  // The page's scripts are held back: the visitor clicks the server-rendered banner first.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`${ORIGINAL}/assets/**/*.js`, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${ORIGINAL}/ru`, { waitUntil: 'domcontentloaded' })
  await banner(page).getByTestId('consent-accept').click()
  await expect(page).toHaveURL(`${ORIGINAL}/ru`)
  release()
  await expect.poll(async () => (await consentCookie(context))?.value).toBe(`2.analytics-marketing-chat.${TODAY}`)
  await expect(banner(page)).toHaveCount(0)
})

test('at 390 px the banner covers neither the pay button nor the sign-in form, and no page scrolls sideways', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const path of ['/en', '/ru/premium', '/de/faq', '/de/cookies-policy']) {
    await page.goto(`${ORIGINAL}${path}`)
    await expect(banner(page)).toBeVisible()
    await banner(page).locator('summary').click()
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth)
  }
  for (const path of ['/en/login', '/ru/login']) {
    await page.goto(`${ORIGINAL}${path}`)
    await expect(banner(page)).toBeVisible()
    const field = page.getByRole('textbox').first()
    await field.scrollIntoViewIfNeeded()
    const box = (await field.boundingBox())!
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="consent-banner"]') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    )
    expect(hit, path).toBe(false)
  }
  await signIn({ site: ORIGINAL })
  await page.goto(`${ORIGINAL}/en/premium`)
  await expect(banner(page)).toBeVisible()
  const pay = page.getByRole('button', { name: payButtonName(msg('en', 'premium_pay')) })
  await pay.scrollIntoViewIfNeeded()
  const box = (await pay.boundingBox())!
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="consent-banner"]') !== null,
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(hit).toBe(false)
})
