import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import type { Server } from 'node:http'
import type { BrowserContext, Page, Route } from '@playwright/test'
import { LEGAL_DOCUMENTS } from '#app/content/legal.ts'
import { COOKIES } from '#app/core/cookies.ts'
import { downloadLink } from '#app/features/marketing/download-link.ts'
import { BACKEND, SITE, SITE_PORT } from '../../playwright.config.ts'
import { allowEverything, expect, test, waitForHydration } from './support/fixtures.ts'
import { LOCALES, type Locale } from './support/messages.ts'
import { startProxy } from './support/second-site.ts'
import { type SiteServer, startSiteServer, waitForPage } from './support/site-server.ts'

// These tests are about what analytics and the tag manager receive: the visitor has allowed them (R9.24).
test.beforeEach(({ context }) => allowEverything(context))

// The dev server needs a few seconds to hydrate a page; the content itself is server-rendered.
test.describe.configure({ timeout: 120_000 })
const HYDRATION = { timeout: 45_000 }

type Messages = Record<string, string>
const load = (path: string): Messages => JSON.parse(readFileSync(path, 'utf8')) as Messages
const ALL: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    ['', 'pages/', 'content/', 'legal/', 'marketing/'].reduce<Messages>((acc, dir) => Object.assign(acc, load(`messages/${dir}${l}.json`)), {}),
  ]),
) as Record<Locale, Messages>

const PRODUCT: Record<Locale, string> = { en: 'Skinvault', ru: 'Скинволт', de: 'Skinvault' }
const EMAIL = 'support@skinvault.gg'

/** A message as the page renders it: placeholders filled, paragraphs and list markers as text. */
function text(locale: Locale, key: string, params: Record<string, string> = {}): string {
  const raw = ALL[locale][key]
  if (raw === undefined) throw new Error(`no message ${key} in ${locale}`)
  return raw.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`)
}
const params = (locale: Locale) => ({ product: PRODUCT[locale], email: EMAIL })
const first = (s: string) => s.split('\n')[0]!.replace(/^- /, '')
const prefixOf = (locale: Locale) => `/${locale}`

/** The configuration the site runs with in this test run (the web server inherits this environment). */
const CONFIG = {
  externalDownloadUrl: process.env.EXTERNAL_DOWNLOAD_URL || null,
  cs2DownloadUrl: process.env.CS2_DOWNLOAD_URL || null,
}
const CLIENT_COOKIE = process.env.ANALYTICS_CLIENT_ID_COOKIE || COOKIES.ga
const NO_CLIENT_ID = process.env.ANALYTICS_CLIENT_ID_COOKIE ? 'google client id not found (#1)' : 'google client id not found (#2)'

test.describe('issue 7: every marketing page renders its content in every language', () => {
  for (const locale of LOCALES) {
    test(`home, CS:GO, FAQ, wiki and promo in ${locale}`, async ({ page }) => {
      const p = prefixOf(locale)
      const v = params(locale)

      await page.goto(p)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_home_heading', v))
      const main = page.locator('main')
      for (const key of [
        'home_features_title',
        'home_feature_3_title',
        'home_how_step_3_title',
        'home_versions_title',
        'home_premium_title',
        'home_countdown_title',
        'home_gallery_title',
        'gallery_item_7_name',
        'home_faq_title',
        'faq_visible_to_others_q',
      ]) {
        await expect(main.getByText(text(locale, key, v), { exact: true }).first(), key).toBeVisible()
      }
      await expect(main.getByText(text(locale, 'home_version_csgo_text', { version: 'CS:GO', year: '2019' }))).toBeVisible()
      // The FAQ in the page's language (decision 108: German pages link the German FAQ).
      const faq = { en: '/en/faq', ru: '/ru/faq', de: '/de/faq' }[locale]
      await expect(main.getByRole('link', { name: text(locale, 'home_faq_cta') })).toHaveAttribute('href', faq)
      await expect(main.locator('[data-testid="faq-teaser-link"]').first()).toHaveAttribute('href', `${faq}#what-is-it`)
      await expect(main.locator('[data-testid="gallery-thumb"]')).toHaveCount(16)
      await expect(main.locator('img[src$="-small.webp"]')).toHaveCount(16)
      await expect(main.locator('[data-testid="gallery-thumb"] img').first()).toHaveAttribute(
        'alt',
        text(locale, 'mk_gallery_alt', { name: text(locale, 'gallery_item_1_name') }),
      )

      await page.goto(`${p}/cs-go`)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_csgo_heading', v))
      for (const key of ['csgo_support_title', 'csgo_differences_title', 'csgo_difference_2_title', 'csgo_download_title', 'mk_csgo_cs2_title']) {
        await expect(main.getByText(text(locale, key, v), { exact: true }), key).toBeVisible()
      }
      await expect(main.getByTestId('download-link')).toHaveText(text(locale, 'csgo_download_cta'))

      await page.goto(`${p}/faq`)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_faq_heading', v))
      for (const key of ['faq_group_general_title', 'faq_group_account_title']) {
        await expect(main.locator('h2', { hasText: text(locale, key) })).toBeVisible()
      }
      await expect(main.locator('details.faq-item')).toHaveCount(19)
      await expect(main.locator('details#payment-methods summary')).toHaveText(text(locale, 'faq_payment_methods_q'))
      await expect(main.locator('details#contact-support')).toContainText(first(text(locale, 'faq_contact_support_a', v)).slice(0, 20))

      await page.goto(`${p}/wiki`)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_wiki_heading', v))
      await expect(main.getByTestId('wiki-toc').getByRole('link', { name: text(locale, 'wiki_troubleshooting_s3_title') })).toHaveAttribute(
        'href',
        '#troubleshooting-antivirus',
      )
      await expect(main.locator('article#presets h2')).toHaveText(text(locale, 'wiki_presets_title'))
      await expect(main.locator('section#account-devices-reset h3')).toHaveText(text(locale, 'wiki_account_devices_s2_title'))
      await expect(main.getByTestId('wiki-article')).toHaveCount(6)

      await page.goto(`${p}/promo`)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_promo_heading', v))
      await expect(main.getByTestId('promo-slide')).toHaveCount(5)
      for (const n of [1, 5]) {
        await expect(main.getByText(text(locale, `promo_slide_${n}_title`), { exact: true })).toBeAttached()
        await expect(main.locator(`img[src="/images/promo/slide-${n}.webp"]`)).toHaveAttribute('alt', text(locale, `promo_slide_${n}_alt`))
      }
      await expect(main.getByRole('link', { name: text(locale, 'promo_cta') })).toBeVisible()
    })

    test(`the four legal documents in full in ${locale}`, async ({ page }) => {
      // Documents exist in Russian and English; German pages show the English text (decision 003).
      const textLocale: Locale = locale === 'de' ? 'en' : locale
      // Issue 37: the operator the settings name (the stand-in's fictional one), as the Impressum names it.
      const operator = 'Demo Operator Ltd. (fictional), 1 Example Street, 00000 Sample City (fictional)'
      const v = { ...params(textLocale), operator }
      for (const [path, id] of [
        ['oferta', 'oferta'],
        ['user-license', 'user_license'],
        ['policy', 'policy'],
        ['cookies-policy', 'cookies_policy'],
      ] as const) {
        await page.goto(`/${locale}/${path}`)
        await expect(page.locator('h1')).toHaveText(text(locale, `page_${id}_heading`, params(locale)))
        const doc = LEGAL_DOCUMENTS[id]
        const sections = page.getByTestId('legal-section')
        await expect(sections).toHaveCount(doc.sections.length)
        await expect(page.getByText(text(textLocale, doc.updated), { exact: true })).toBeVisible()
        for (const s of [doc.sections[0]!, doc.sections[doc.sections.length - 1]!]) {
          await expect(page.locator(`section#${s.anchor} h2`)).toHaveText(text(textLocale, s.title, v))
          await expect(page.locator(`nav a[href="#${s.anchor}"]`)).toHaveText(text(textLocale, s.title, v))
        }
        await expect(page.getByTestId('legal-document')).toContainText(operator)
        await expect(page.getByTestId('legal-document')).toContainText(EMAIL)
        await expect(page.getByTestId('legal-document')).not.toContainText('{')
        if (locale === 'de') await expect(page.getByTestId('legal-language-notice')).toHaveText(text('de', 'legal_de_notice'))
        else await expect(page.getByTestId('legal-language-notice')).toHaveCount(0)
      }
    })
  }
})

test.describe('R2: the version selector and the download link', () => {
  for (const locale of LOCALES) {
    test(`CS2 by default, CS:GO on request (${locale})`, async ({ page, hydrated }) => {
      const prefix = prefixOf(locale)
      const expected = (versionId: number) => downloadLink({ locale, prefix, versionId, config: CONFIG })
      await page.goto(prefix)
      await hydrated()
      const selector = page.getByTestId('version-selector')
      const cs2 = selector.getByRole('radio', { name: /CS2/ })
      const csgo = selector.getByRole('radio', { name: /CS:GO/ })
      const link = page.locator('#download').getByTestId('download-link')
      const hero = page.getByTestId('hero-download')

      await expect(cs2).toBeChecked()
      await expect(csgo).not.toBeChecked()
      await expect(link).toHaveAttribute('href', expected(1).href)
      await expect(link).toHaveAttribute('data-link-kind', expected(1).kind)
      await expect(link).toHaveAttribute('data-version', 'cs2')
      await expect(link).toHaveText(text(locale, 'mk_download_version', { version: 'CS2' }))
      await expect(hero).toHaveAttribute('href', expected(1).href)

      await selector.locator('label[data-version="cs-go"]').click()
      await expect(csgo).toBeChecked()
      await expect(link).toHaveAttribute('data-version', 'cs-go')
      await expect(link).toHaveAttribute('href', expected(2).href)
      await expect(link).toHaveAttribute('data-link-kind', expected(2).kind)
      await expect(link).toHaveText(text(locale, 'mk_download_version', { version: 'CS:GO' }))
      await expect(hero).toHaveAttribute('data-version', 'cs-go')
      await expect(hero).toHaveAttribute('href', expected(2).href)

      await selector.locator('label[data-version="cs2"]').click()
      await expect(link).toHaveAttribute('data-version', 'cs2')
      await expect(link).toHaveAttribute('href', expected(1).href)
    })
  }

  test('the unprefixed English page links to /download, which the server redirects', async ({ page, hydrated }) => {
    await page.goto('/')
    await hydrated()
    const link = page.locator('#download').getByTestId('download-link')
    await expect(link).toHaveAttribute('href', downloadLink({ locale: 'en', prefix: '', versionId: 1, config: CONFIG }).href)
    await page.getByTestId('version-selector').locator('label[data-version="cs-go"]').click()
    await expect(link).toHaveAttribute('href', '/download')
    const response = await page.request.get('/download', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
  })
})

test.describe('R9: the deadline countdown', () => {
  const HOUR = 3600
  async function remaining(page: Page): Promise<number> {
    return Number(await page.getByTestId('countdown').first().getAttribute('data-remaining'))
  }

  test('the server renders the idle state; a valid stored deadline is kept and counts down', async ({ page, request }) => {
    const html = await (await request.get('/en')).text()
    expect(html).toContain('data-state="idle"')

    const deadline = new Date(Date.now() + 5 * HOUR * 1000).toISOString()
    await page.addInitScript((value) => window.localStorage.setItem('deadline', value), deadline)
    await page.goto('/en')
    const countdown = page.getByTestId('countdown').first()
    await expect(countdown).toHaveAttribute('data-state', 'running', HYDRATION)
    const start = await remaining(page)
    expect(start).toBeGreaterThan(5 * HOUR - 120)
    expect(start).toBeLessThanOrEqual(5 * HOUR)
    await expect(countdown.locator('[data-unit="hours"] .countdown__value')).toHaveText(/^0[34]$/)
    await expect.poll(() => remaining(page), { timeout: 5000 }).toBeLessThan(start)
    expect(await page.evaluate(() => window.localStorage.getItem('deadline'))).toBe(deadline)
  })

  for (const [label, stored] of [
    ['an invalid', 'not a date'],
    ['a near (30 minutes)', 'NEAR'],
  ] as const) {
    test(`${label} stored deadline is replaced by one 16 to 24 hours ahead`, async ({ page }) => {
      await page.addInitScript((value) => {
        window.localStorage.setItem('deadline', value === 'NEAR' ? new Date(Date.now() + 30 * 60 * 1000).toISOString() : value)
      }, stored)
      await page.goto('/ru')
      await expect(page.getByTestId('countdown').first()).toHaveAttribute('data-state', 'running', HYDRATION)
      const left = await remaining(page)
      expect(left).toBeGreaterThanOrEqual(16 * HOUR - 60)
      expect(left).toBeLessThan(24 * HOUR)
      const saved = await page.evaluate(() => window.localStorage.getItem('deadline'))
      expect(saved).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      const ahead = (Date.parse(saved!) - Date.now()) / 1000
      expect(ahead).toBeGreaterThan(16 * HOUR - 60)
      expect(ahead).toBeLessThan(24 * HOUR)
    })
  }
})

test.describe('R3, R9: the premium monitor gallery', () => {
  test('a thumbnail and the monitor open the lightbox; Escape and the button close it', async ({ page, hydrated }) => {
    await page.goto('/de')
    await hydrated()
    const lightbox = page.getByTestId('lightbox')
    const thumbs = page.getByTestId('gallery-thumb')
    await thumbs.nth(3).click()
    await expect(lightbox).toBeVisible()
    await expect(lightbox.locator('img')).toHaveAttribute('src', '/images/gallery/skin-04-big.webp')
    await expect(lightbox.locator('figcaption')).toHaveText(text('de', 'gallery_item_4_name'))
    await page.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()

    await page.getByTestId('gallery-monitor').click()
    await expect(lightbox.locator('img')).toHaveAttribute('src', '/images/gallery/skin-04-big.webp')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('de', 'gallery_close') })
      .click()
    await expect(lightbox).toBeHidden()

    await thumbs.nth(15).click()
    await expect(lightbox.locator('figcaption')).toHaveText(text('de', 'gallery_item_16_name'))
    await page.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()
  })
})

test.describe('R9: the promo slider', () => {
  test('previous, next and the dots move it', async ({ page, hydrated }) => {
    await page.goto('/en/promo')
    await hydrated()
    const slider = page.getByTestId('promo-slider')
    await expect(slider).toHaveAttribute('data-current', '0')
    await page.getByRole('button', { name: text('en', 'promo_next') }).click()
    await expect(slider).toHaveAttribute('data-current', '1')
    await expect(page.getByRole('button', { name: `${text('en', 'promo_goto_slide')} 2` })).toHaveAttribute('aria-current', 'true')
    await page.getByRole('button', { name: text('en', 'promo_prev') }).click()
    await expect(slider).toHaveAttribute('data-current', '0')
    await page.getByRole('button', { name: text('en', 'promo_prev') }).click()
    await expect(slider).toHaveAttribute('data-current', '4')
    await page.getByRole('button', { name: `${text('en', 'promo_goto_slide')} 3` }).click()
    await expect(slider).toHaveAttribute('data-current', '2')
    await expect(page.getByTestId('promo-slide').nth(2)).toHaveAttribute('aria-hidden', 'false')
  })

  test('plays by itself every 3 seconds and pauses on hover', async ({ page, hydrated }) => {
    await page.goto('/ru/promo')
    await hydrated()
    const slider = page.getByTestId('promo-slider')
    const started = Date.now()
    await expect(slider).toHaveAttribute('data-current', '0')
    await expect(slider).toHaveAttribute('data-current', '1', { timeout: 8000 })
    expect(Date.now() - started).toBeGreaterThan(2000)

    await slider.hover()
    await expect(slider).toHaveAttribute('data-paused', 'true')
    const at = await slider.getAttribute('data-current')
    await page.waitForTimeout(3600)
    await expect(slider).toHaveAttribute('data-current', at!)
  })
})

test.describe('R2: FAQ anchors open their answer', () => {
  test('on load, on a hash change and from the home teaser', async ({ page, hydrated }) => {
    await page.goto('/en/faq#device-reset')
    await hydrated()
    await expect(page.locator('details#device-reset')).toHaveJSProperty('open', true)
    await expect(page.locator('details#device-binding')).toHaveJSProperty('open', false)
    await expect(page.locator('details#device-reset .faq-item__answer')).toBeVisible()

    await page.evaluate(() => {
      window.location.hash = 'trial-plan'
    })
    await expect(page.locator('details#trial-plan')).toHaveJSProperty('open', true)
    await expect(page.locator('details#trial-plan .faq-item__answer')).toBeInViewport()

    await page.locator('details#what-is-it summary').click()
    await expect(page.locator('details#what-is-it')).toHaveJSProperty('open', true)
    await page.locator('details#what-is-it summary').click()
    await expect(page.locator('details#what-is-it')).toHaveJSProperty('open', false)

    await page.goto('/ru')
    await page.getByTestId('faq-teaser-link').nth(1).click()
    await expect(page).toHaveURL(/\/ru\/faq#visible-to-others$/)
    await expect(page.locator('details#visible-to-others')).toHaveJSProperty('open', true, HYDRATION)
  })
})

test.describe('wiki search', () => {
  test('filters articles and sections and says when nothing matches', async ({ page }) => {
    // Typed as soon as the page appears: the search keeps it once the page is interactive.
    await page.goto('/de/wiki')
    const search = page.getByRole('searchbox', { name: text('de', 'wiki_search_label') })
    await search.fill(text('de', 'wiki_troubleshooting_s3_title'))
    await expect(page.getByTestId('wiki-section').first()).toBeVisible()
    await expect(page.locator('section#troubleshooting-antivirus')).toBeVisible()
    await expect(page.locator('section#installation-requirements')).toHaveCount(0)
    await expect(page.getByTestId('wiki-toc').getByRole('link', { name: text('de', 'wiki_troubleshooting_s3_title') })).toBeVisible()

    await search.fill('qqqzzz')
    await expect(page.getByTestId('wiki-empty')).toHaveText(text('de', 'wiki_search_empty'))
    await expect(page.getByTestId('wiki-article')).toHaveCount(0)

    await page.getByRole('button', { name: text('de', 'mk_wiki_clear') }).click()
    await expect(page.getByTestId('wiki-article')).toHaveCount(6)
  })
})

test.describe('R3, R5, R7: analytics on download', () => {
  interface Collected {
    url: string
    body: unknown
  }
  async function watch(page: Page) {
    const collected: Collected[] = []
    const consoleLines: string[] = []
    page.on('console', (m) => consoleLines.push(m.text()))
    await page.route('**/analytics/collect', async (route) => {
      if (route.request().method() === 'POST') collected.push({ url: route.request().url(), body: route.request().postDataJSON() })
      await route.continue()
    })
    // The launcher itself is not needed: answer the backend's download with an empty file.
    await page.route('**/launcher/download**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }))
    return { collected, consoleLines }
  }
  async function clickDownload(page: Page) {
    await waitForHydration(page)
    const launcher = page.waitForRequest(
      (r) => r.url().includes('/launcher/download') || (CONFIG.cs2DownloadUrl !== null && r.url().startsWith(CONFIG.cs2DownloadUrl)),
    )
    await page.locator('#download').getByTestId('download-link').click()
    return launcher
  }
  const clientCookie = (value: string) => ({ name: CLIENT_COOKIE, value, domain: 'localhost', path: '/' })
  const gaValue = CLIENT_COOKIE === COOKIES.ga ? 'GA1.1.111.222' : '111.222'

  test('client id from the cookie, no utm, logged out', async ({ page, context }) => {
    const { collected } = await watch(page)
    await context.addCookies([clientCookie(gaValue)])
    await page.goto('/en')
    await clickDownload(page)
    expect(collected).toHaveLength(1)
    expect(collected[0]!.url).toMatch(/\/en\/analytics\/collect$/)
    expect(collected[0]!.body).toEqual({ domain: 'localhost', token: null, client_id: '111.222', utm: null })
  })

  test('utm from the utm cookie', async ({ page, context }) => {
    const { collected } = await watch(page)
    const utm = { source: 'telegram', medium: 'post', campaign: 'winter', content: 'banner' }
    await context.addCookies([clientCookie(gaValue), { name: COOKIES.utm, value: encodeURIComponent(JSON.stringify(utm)), domain: 'localhost', path: '/' }])
    await page.goto('/ru')
    await clickDownload(page)
    expect(collected.map((c) => c.body)).toEqual([{ domain: 'localhost', token: null, client_id: '111.222', utm }])
    expect(collected[0]!.url).toMatch(/\/ru\/analytics\/collect$/)
  })

  test('utm from the address is sent and remembered for a year', async ({ page, context }) => {
    const { collected } = await watch(page)
    await context.addCookies([clientCookie(gaValue)])
    await page.goto('/de?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=skins')
    await clickDownload(page)
    expect(collected.map((c) => c.body)).toEqual([
      { domain: 'localhost', token: null, client_id: '111.222', utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: 'skins' } },
    ])
    const cookie = (await context.cookies()).find((c) => c.name === COOKIES.utm)
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ source: 'google', medium: 'cpc', campaign: 'spring', term: 'skins' })
    expect(cookie!.path).toBe('/')
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 3600)
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(31_536_000)
    expect(cookie!.sameSite).toBe('Lax')
  })

  test('an incomplete utm set is sent as null and not remembered', async ({ page, context }) => {
    const { collected } = await watch(page)
    await context.addCookies([clientCookie(gaValue)])
    await page.goto('/en?utm_source=google&utm_medium=cpc')
    await clickDownload(page)
    expect(collected.map((c) => c.body)).toEqual([{ domain: 'localhost', token: null, client_id: '111.222', utm: null }])
    expect((await context.cookies()).find((c) => c.name === COOKIES.utm)).toBeUndefined()
  })

  test('a logged-in visitor sends the bearer token without its prefix', async ({ page, context, signedIn }) => {
    const { token } = signedIn
    const { collected } = await watch(page)
    await context.addCookies([clientCookie(gaValue)])
    await page.goto('/en')
    await clickDownload(page)
    expect(collected.map((c) => c.body)).toEqual([{ domain: 'localhost', token, client_id: '111.222', utm: null }])
  })

  test('without a client id nothing is sent, the console says why, and the download still goes', async ({ page }) => {
    const { collected, consoleLines } = await watch(page)
    await page.goto('/en')
    const launcher = await clickDownload(page)
    expect(launcher.url()).toBeTruthy()
    expect(consoleLines).toContain(NO_CLIENT_ID)
    expect(collected).toEqual([])
  })

  test('the download goes even when the analytics call fails', async ({ page, context }) => {
    await context.addCookies([clientCookie(gaValue)])
    await page.route('**/analytics/collect', (route) => route.abort('failed'))
    await page.route('**/launcher/download**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }))
    await page.goto('/en')
    const launcher = await clickDownload(page)
    expect(launcher.url()).toBeTruthy()
  })

  test('the tag manager gets detail on the promo page and add on the call to action', async ({ page, hydrated }) => {
    await page.goto('/en/promo')
    await hydrated()
    await expect
      .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event).filter(Boolean)))
      .toContain('ecommerce.detail')
    await page.getByTestId('promo-cta').click()
    await expect(page).toHaveURL(/\/en\/premium$/)
    expect(
      await page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event).filter(Boolean)),
    ).toContain('ecommerce.add')
  })
})

test.describe('screenshots of home, premium and promo', () => {
  const dir = 'test-results/screenshots'
  const sizes = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ] as const
  for (const locale of LOCALES) {
    test(`in ${locale} at phone and desktop width`, async ({ page, hydrated }, testInfo) => {
      mkdirSync(dir, { recursive: true })
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height })
        for (const [name, path] of [
          ['home', ''],
          ['premium', '/premium'],
          ['promo', '/promo'],
        ] as const) {
          await page.goto(`/${locale}${path}`)
          await expect(page.locator('h1')).toBeVisible()
          if (name !== 'premium') await hydrated()
          else await page.waitForLoadState('load')
          // R9: the shot shows a running countdown (digits), not the placeholder "--".
          const countdowns = page.getByTestId('countdown')
          if (name !== 'premium') await expect(countdowns).not.toHaveCount(0)
          for (const countdown of await countdowns.all()) {
            await expect(countdown).toHaveAttribute('data-state', 'running', HYDRATION)
            await expect(countdown.locator('.countdown__value')).toHaveText([/^\d{2}$/, /^\d{2}$/, /^\d{2}$/])
          }
          const file = `${dir}/${name}-${locale}-${size.name}.png`
          await page.screenshot({ path: file, fullPage: true })
          expect(existsSync(file), file).toBe(true)
          expect(statSync(file).size, file).toBeGreaterThan(10_000)
          await testInfo.attach(`${name}-${locale}-${size.name}`, { path: file, contentType: 'image/png' })
        }
      }
    })
  }
})

// ---------------------------------------------------------------------------------------------
// Sites with other configurations: their own servers on ports SITE_PORT + 6 to + 10 (other specs
// use + 2 to + 5), reaching the shared backend through a proxy that allows their origins.

const MIRROR = `http://mirror.localhost:${SITE_PORT}`
const MIRROR_PRODUCT: Record<Locale, string> = { en: 'SV Changer', ru: 'СВ Чейнджер', de: 'SV Changer' }
const GA = { name: COOKIES.ga, value: 'GA1.1.555.666', domain: 'localhost', path: '/' }

async function startSites(proxyPort: number, sites: Array<{ port: number; env: Record<string, string> }>): Promise<{ proxy: Server; servers: SiteServer[] }> {
  const proxy = await startProxy(proxyPort, BACKEND)
  const servers = sites.map(({ port, env }) => startSiteServer(port, `http://127.0.0.1:${proxyPort}`, { PAGE_CACHE_SECONDS: '0', ...env }, `[site ${port}]`))
  await Promise.all(servers.map((server) => waitForPage(`${server.base}/en`, 240_000)))
  return { proxy, servers }
}

async function stopSites(started: { proxy: Server; servers: SiteServer[] } | undefined): Promise<void> {
  if (!started) return
  await Promise.all(started.servers.map((server) => server.stop()))
  await new Promise<void>((resolve) => started.proxy.close(() => resolve()))
}

/** An answer the browser accepts from another origin with credentials. */
function corsJson(route: Route, body: unknown = {}) {
  const origin = route.request().headers().origin ?? '*'
  return route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' },
    body: JSON.stringify(body),
  })
}

async function chooseVersion(page: Page, code: 'cs2' | 'cs-go') {
  await page.getByTestId('version-selector').locator(`label[data-version="${code}"]`).click()
  await expect(page.locator('#download').getByTestId('download-link')).toHaveAttribute('data-version', code)
}

test.describe('R2: download links with an external address and a direct CS2 executable', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  const EXTERNAL = 'https://files.example.test/ru/launcher-setup.exe'
  const CS2 = 'https://cdn.example.test/cs2/launcher-setup.exe'
  const BOTH_PORT = SITE_PORT + 6
  const EXTERNAL_ONLY_PORT = SITE_PORT + 7
  const BOTH = `http://localhost:${BOTH_PORT}`
  const EXTERNAL_ONLY = `http://localhost:${EXTERNAL_ONLY_PORT}`
  let started: Awaited<ReturnType<typeof startSites>> | undefined

  test.beforeAll(async () => {
    test.setTimeout(300_000)
    started = await startSites(SITE_PORT + 8, [
      { port: BOTH_PORT, env: { EXTERNAL_DOWNLOAD_URL: EXTERNAL, CS2_DOWNLOAD_URL: CS2 } },
      { port: EXTERNAL_ONLY_PORT, env: { EXTERNAL_DOWNLOAD_URL: EXTERNAL } },
    ])
  })
  test.afterAll(() => stopSites(started))

  /** The `#download` link's address and kind for each version on one page. */
  async function links(page: Page, url: string): Promise<Record<'cs2' | 'cs-go', [string | null, string | null]>> {
    await page.goto(url)
    await waitForHydration(page)
    const link = page.locator('#download').getByTestId('download-link')
    const read = async () => [await link.getAttribute('href'), await link.getAttribute('data-link-kind')] as [string | null, string | null]
    await expect(link).toHaveAttribute('data-version', 'cs2')
    const cs2 = await read()
    // The hero's button follows the same rule.
    await expect(page.getByTestId('hero-download')).toHaveAttribute('href', cs2[0]!)
    await chooseVersion(page, 'cs-go')
    const csgo = await read()
    await expect(page.getByTestId('hero-download')).toHaveAttribute('href', csgo[0]!)
    return { cs2, 'cs-go': csgo }
  }

  test('both configured: CS2 is the direct executable everywhere; CS:GO is external for Russian only', async ({ page }) => {
    expect(await links(page, `${BOTH}/ru`)).toEqual({ cs2: [CS2, 'cs2-direct'], 'cs-go': [EXTERNAL, 'external'] })
    expect(await links(page, `${BOTH}/en`)).toEqual({ cs2: [CS2, 'cs2-direct'], 'cs-go': ['/en/download', 'internal'] })
    expect(await links(page, `${BOTH}/de`)).toEqual({ cs2: [CS2, 'cs2-direct'], 'cs-go': ['/de/download', 'internal'] })
    expect(await links(page, `${BOTH}/`)).toEqual({ cs2: [CS2, 'cs2-direct'], 'cs-go': ['/download', 'internal'] })
    // The CS:GO page's button is the CS:GO link.
    await page.goto(`${BOTH}/ru/cs-go`)
    await expect(page.getByTestId('download-link')).toHaveAttribute('href', EXTERNAL)
  })

  test('only the external address: CS2 follows the general rule, external for Russian, else internal', async ({ page }) => {
    expect(await links(page, `${EXTERNAL_ONLY}/ru`)).toEqual({ cs2: [EXTERNAL, 'external'], 'cs-go': [EXTERNAL, 'external'] })
    expect(await links(page, `${EXTERNAL_ONLY}/en`)).toEqual({ cs2: ['/en/download', 'internal'], 'cs-go': ['/en/download', 'internal'] })
    expect(await links(page, `${EXTERNAL_ONLY}/de`)).toEqual({ cs2: ['/de/download', 'internal'], 'cs-go': ['/de/download', 'internal'] })
  })

  for (const [version, target] of [
    ['cs2', CS2],
    ['cs-go', EXTERNAL],
  ] as const) {
    test(`a click sends analytics first, then goes to the ${version === 'cs2' ? 'CS2 executable' : 'external address'}`, async ({
      page,
      context,
      hydrated,
    }) => {
      await context.addCookies([GA])
      const events: string[] = []
      await page.route('**/analytics/collect', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        events.push(`analytics ${JSON.stringify(route.request().postDataJSON())}`)
        await new Promise((resolve) => setTimeout(resolve, 400))
        events.push('analytics answered')
        await corsJson(route)
      })
      await page.route(`${target}*`, (route) => {
        events.push('download')
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'launcher' })
      })
      await page.goto(`${BOTH}/ru`)
      await hydrated()
      if (version === 'cs-go') await chooseVersion(page, 'cs-go')
      // A visitor's pointer reaches the button before the click, and the sender loads then: on a
      // busy machine a click straight away can spend the 2.5 s the download waits on loading it.
      const button = page.locator('#download').getByTestId('download-link')
      await button.hover()
      await page.waitForLoadState('networkidle')
      await button.click()
      await expect(page).toHaveURL(target)
      expect(events).toEqual([
        `analytics ${JSON.stringify({ domain: 'localhost', token: null, client_id: '555.666', utm: null })}`,
        'analytics answered',
        'download',
      ])
    })
  }

  test('the download still goes when the analytics call fails', async ({ page, context, hydrated }) => {
    await context.addCookies([GA])
    let attempts = 0
    await page.route('**/analytics/collect', (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      attempts++
      return route.abort('failed')
    })
    await page.route(`${EXTERNAL}*`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'launcher' }))
    await page.goto(`${BOTH}/ru`)
    await hydrated()
    await chooseVersion(page, 'cs-go')
    await page.locator('#download').getByTestId('download-link').click()
    await expect(page).toHaveURL(EXTERNAL)
    expect(attempts).toBe(1)
  })
})

test.describe('R1, R4, R5: external scripts and the client-id cookie', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  const PORT = SITE_PORT + 9
  const BASE = `http://localhost:${PORT}`
  const SCRIPTS = {
    chat: 'https://chat.example.test/widget.js',
    analytics: 'https://stats.example.test/tag.js',
    gtm: 'https://tags.example.test/gtm.js',
  } as const
  const GTM_ID = 'GTM-TEST123'
  const GTM_SRC = `${SCRIPTS.gtm}?id=${GTM_ID}`
  const CLIENT_COOKIE = 'sv_cid'
  let started: Awaited<ReturnType<typeof startSites>> | undefined

  test.beforeAll(async () => {
    test.setTimeout(300_000)
    started = await startSites(SITE_PORT + 10, [
      {
        port: PORT,
        env: {
          CHAT_SCRIPT_URL: SCRIPTS.chat,
          ANALYTICS_SCRIPT_URL: SCRIPTS.analytics,
          GTM_ID,
          GTM_SCRIPT_URL: SCRIPTS.gtm,
          ANALYTICS_CLIENT_ID_COOKIE: CLIENT_COOKIE,
        },
      },
    ])
  })
  test.afterAll(() => stopSites(started))

  /** Answers each provider with a script that records that it ran, or fails as asked. */
  async function providers(context: BrowserContext, fail: Partial<Record<keyof typeof SCRIPTS, 'abort' | 500>> = {}) {
    const requested: Array<{ name: string; url: string; at: number }> = []
    for (const [name, url] of Object.entries(SCRIPTS) as Array<[keyof typeof SCRIPTS, string]>) {
      await context.route(`${url}*`, (route) => {
        requested.push({ name, url: route.request().url(), at: Date.now() })
        if (fail[name] === 'abort') return route.abort('failed')
        if (fail[name] === 500) return route.fulfill({ status: 500, contentType: 'text/plain', body: 'provider down' })
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: `(window.ran = window.ran || []).push(${JSON.stringify(name)})` })
      })
    }
    return requested
  }

  test('the first HTML loads none of them; CSP allows exactly the configured hosts', async ({ request }) => {
    const response = await request.get(`${BASE}/en`)
    const html = await response.text()
    // No script element, preload or other tag points at a provider (the addresses are only data for later).
    const tags = html.match(/<(script|link|img|iframe)\b[^>]*>/g) ?? []
    expect(tags.length).toBeGreaterThan(3)
    for (const host of ['chat.example.test', 'stats.example.test', 'tags.example.test']) {
      expect(
        tags.filter((tag) => tag.includes(host)),
        host,
      ).toEqual([])
      expect(response.headers()['content-security-policy'], host).toContain(`https://${host}`)
    }
    // Without GTM_ID the tag manager's host is not allowed (the main site has none configured).
    const main = await request.get(`${SITE}/en`)
    expect(main.headers()['content-security-policy']).not.toContain('googletagmanager')
    expect(main.headers()['content-security-policy']).not.toContain('example.test')
  })

  test('they load after the page has loaded and gone idle, async, the tag manager with its id and start entry', async ({ page, context, hydrated }) => {
    const requested = await providers(context)
    // What the document holds when its load event fires: none of them yet.
    await page.addInitScript(() =>
      window.addEventListener('load', () => {
        ;(window as unknown as { atLoad: number }).atLoad = document.querySelectorAll('script[id^="ext-"], script[src*="example.test"]').length
      }),
    )
    await page.goto(`${BASE}/en`)
    await hydrated()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { ran?: string[] }).ran?.slice().sort() ?? []), { timeout: 30_000 })
      .toEqual(['analytics', 'chat', 'gtm'])
    expect(await page.evaluate(() => (window as unknown as { atLoad?: number }).atLoad)).toBe(0)
    const loadedAt = await page.evaluate(
      () => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    )
    for (const r of requested) expect(r.at, `${r.name} was requested before the load event`).toBeGreaterThanOrEqual(Math.floor(loadedAt) - 5)
    expect(requested.map((r) => r.url).sort()).toEqual([SCRIPTS.analytics, SCRIPTS.chat, GTM_SRC].sort())
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLScriptElement>('script[id^="ext-"]')).map((s) => ({
        id: s.id,
        src: s.src,
        async: s.async,
        parent: s.parentElement?.tagName,
        state: s.dataset.state,
      })),
    )
    expect(scripts.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'ext-analytics', src: SCRIPTS.analytics, async: true, parent: 'BODY', state: 'loaded' },
      { id: 'ext-chat', src: SCRIPTS.chat, async: true, parent: 'BODY', state: 'loaded' },
      { id: 'ext-gtm', src: GTM_SRC, async: true, parent: 'BODY', state: 'loaded' },
    ])
    const start = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'gtm.js'),
    )
    expect(start).toHaveLength(1)
    expect(typeof start[0]!['gtm.start']).toBe('number')
  })

  for (const [label, fail] of [
    ['abort', { chat: 'abort', analytics: 'abort', gtm: 'abort' }],
    ['500', { chat: 500, analytics: 500, gtm: 500 }],
  ] as const) {
    test(`providers that fail (${label}) change nothing for the visitor`, async ({ page, context, hydrated }) => {
      const requested = await providers(context, fail)
      const errors: string[] = []
      const warnings: string[] = []
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        // The browser's own network log line is not the page's doing; anything else is.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await page.goto(`${BASE}/ru`)
      await hydrated()
      await expect.poll(() => requested.length, { timeout: 30_000 }).toBe(3)
      await expect(page.locator('script[id^="ext-"][data-state="failed"]')).toHaveCount(3)
      await expect.poll(() => warnings.filter((w) => w.startsWith('external script:')).length).toBe(3)
      // The page works and says nothing about it.
      await expect(page.locator('h1')).toHaveText(text('ru', 'page_home_heading', { product: PRODUCT.ru }))
      await chooseVersion(page, 'cs-go')
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      await expect(page.getByRole('alert')).toHaveCount(0)
      expect(await page.evaluate(() => (window as unknown as { ran?: string[] }).ran)).toBeUndefined()
      expect(errors).toEqual([])
    })
  }

  test('off when unset: the main site requests no provider and starts no tag manager', async ({ page, hydrated }) => {
    const foreign: string[] = []
    page.on('request', (r) => {
      const origin = new URL(r.url()).origin
      if (![SITE, BACKEND, `http://127.0.0.1:${SITE_PORT}`].includes(origin) && !r.url().startsWith('data:')) foreign.push(r.url())
    })
    await page.goto('/en')
    await hydrated()
    // Past the load event and the idle callback (at most 2000 ms), when configured scripts would load.
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), 2500)))
    expect(foreign).toEqual([])
    await expect(page.locator('script[id^="ext-"]')).toHaveCount(0)
    expect(
      await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).some((e) => e.event === 'gtm.js')),
    ).toBe(false)
  })

  test('R5, R9: the _ga client id is stored in the configured cookie for a year on path /, like the utm cookie', async ({ page, context, hydrated }) => {
    await providers(context)
    await context.addCookies([GA])
    await page.goto(`${BASE}/de?utm_source=news&utm_medium=mail&utm_campaign=autumn`)
    await hydrated()
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === CLIENT_COOKIE)?.value).toBe('555.666')
    const cookies = await context.cookies()
    const now = Date.now() / 1000
    for (const name of [CLIENT_COOKIE, COOKIES.utm]) {
      const cookie = cookies.find((c) => c.name === name)!
      expect(cookie.path, name).toBe('/')
      expect(cookie.sameSite, name).toBe('Lax')
      expect(cookie.expires - now, name).toBeGreaterThan(31_536_000 - 3600)
      expect(cookie.expires - now, name).toBeLessThanOrEqual(31_536_000)
    }

    // The analytics payload carries it.
    const sent: unknown[] = []
    await page.route('**/analytics/collect', (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      sent.push(route.request().postDataJSON())
      return corsJson(route)
    })
    await page.route('**/launcher/download**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }))
    await page.locator('#download').getByTestId('download-link').click()
    await expect
      .poll(() => sent)
      .toEqual([{ domain: 'localhost', token: null, client_id: '555.666', utm: { source: 'news', medium: 'mail', campaign: 'autumn' } }])
  })

  test('R5: a client-id cookie already there is kept; without _ga none is written', async ({ page, context, hydrated }) => {
    await providers(context)
    await context.addCookies([GA, { name: CLIENT_COOKIE, value: '111.222', domain: 'localhost', path: '/' }])
    await page.goto(`${BASE}/en`)
    await hydrated()
    await expect.poll(() => page.evaluate(() => (window as unknown as { ran?: string[] }).ran?.length ?? 0), { timeout: 30_000 }).toBe(3)
    expect((await context.cookies()).find((c) => c.name === CLIENT_COOKIE)?.value).toBe('111.222')

    await context.clearCookies()
    await allowEverything(context)
    await page.goto(`${BASE}/en`)
    await hydrated()
    await expect.poll(() => page.evaluate(() => (window as unknown as { ran?: string[] }).ran?.length ?? 0), { timeout: 30_000 }).toBe(3)
    expect((await context.cookies()).find((c) => c.name === CLIENT_COOKIE)).toBeUndefined()
  })
})

test.describe('R1: each domain carries its own brand only', () => {
  const AS_MIRROR = { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` }
  const ORIGINAL = ['Skinvault', 'Скинволт', 'support@skinvault.gg']
  const OTHER_THAN_ORIGINAL = ['SV Changer', 'СВ Чейнджер', 'help@svchanger.app', 'mirror.localhost']
  /** The text as it is and as a JSON escape (how a serialiser may write it into the page's data). */
  const forms = (s: string) => [s, s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)]

  for (const path of ['/en', '/ru', '/de/faq', '/ru/premium', '/en/oferta']) {
    test(`${path}: the original's page names no mirror, the mirror's no original`, async ({ request }) => {
      const original = await (await request.get(path)).text()
      const mirror = await (await request.get(path, { headers: AS_MIRROR })).text()
      const locale = (path.split('/')[1] ?? 'en') as Locale
      // Each names itself (so the checks below look at real pages).
      expect(original).toContain(PRODUCT[locale])
      expect(mirror).toContain(MIRROR_PRODUCT[locale])
      expect(mirror).toContain('/favicon-mirror.png')
      for (const word of OTHER_THAN_ORIGINAL.flatMap(forms)) expect(original, `original page holds "${word}"`).not.toContain(word)
      for (const word of ORIGINAL.flatMap(forms)) expect(mirror, `mirror page holds "${word}"`).not.toContain(word)
    })
  }
})

test.describe('R1: the mirror has its own texts', () => {
  for (const locale of LOCALES) {
    test(`tagline, lead, title and descriptions on the mirror, the original's own elsewhere (${locale})`, async ({ page, hydrated }) => {
      const mirror = { product: MIRROR_PRODUCT[locale] }
      const original = { product: PRODUCT[locale] }
      expect(text(locale, 'mirror_home_heading')).not.toBe(text(locale, 'page_home_heading'))
      expect(text(locale, 'meta_mirror_home_description')).not.toBe(text(locale, 'meta_home_description'))

      await page.goto(`${MIRROR}/${locale}`)
      await expect(page).toHaveTitle(text(locale, 'meta_mirror_home_title', mirror))
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text(locale, 'meta_mirror_home_description', mirror))
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', text(locale, 'meta_mirror_home_description', mirror))
      await hydrated()
      // Still the mirror's after hydration: the server chose it for the first paint, the browser kept it.
      await expect(page.getByTestId('hero-heading')).toHaveText(text(locale, 'mirror_home_heading', mirror))
      await expect(page.getByTestId('hero-lead')).toHaveText(text(locale, 'mirror_home_intro', mirror))

      await page.goto(`${MIRROR}/${locale}/wiki`)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text(locale, 'meta_mirror_wiki_description', mirror))
      // Page titles name the page; both brands share them with their own product name.
      await expect(page).toHaveTitle(text(locale, 'meta_wiki_title', mirror))

      await page.goto(`/${locale}`)
      await expect(page).toHaveTitle(text(locale, 'meta_home_title', original))
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text(locale, 'meta_home_description', original))
      await expect(page.getByTestId('hero-heading')).toHaveText(text(locale, 'page_home_heading', original))
      await expect(page.getByTestId('hero-lead')).toHaveText(text(locale, 'page_home_intro', original))
    })
  }
})
