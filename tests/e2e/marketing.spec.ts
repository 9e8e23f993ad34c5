import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { LOCALES, type Locale } from './support/messages'
import { loginViaApi } from './support/login'
import { LEGAL_DOCUMENTS } from '../../src/content/legal'
import { downloadLink } from '../../src/lib/marketing/download-link'

// The dev server needs a few seconds to hydrate a page; the content itself is server-rendered.
test.describe.configure({ timeout: 120_000 })
const HYDRATION = { timeout: 45_000 }

type Messages = Record<string, string>
const load = (path: string): Messages => JSON.parse(readFileSync(path, 'utf8')) as Messages
const ALL: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    ['', 'pages/', 'content/', 'legal/', 'marketing/'].reduce<Messages>((acc, dir) => ({ ...acc, ...load(`messages/${dir}${l}.json`) }), {}),
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
const CLIENT_COOKIE = process.env.ANALYTICS_CLIENT_ID_COOKIE || '_ga'
const NO_CLIENT_ID = process.env.ANALYTICS_CLIENT_ID_COOKIE ? 'google client id not found (#1)' : 'google client id not found (#2)'

async function hydrated(page: Page) {
  await expect(page.locator('[data-hydrated="true"]').first()).toBeAttached(HYDRATION)
}

test.describe('issue 7: every marketing page renders its content in every language', () => {
  for (const locale of LOCALES) {
    test(`home, CS:GO, FAQ, wiki and promo in ${locale}`, async ({ page }) => {
      const p = prefixOf(locale)
      const v = params(locale)

      await page.goto(p)
      await expect(page.locator('h1')).toHaveText(text(locale, 'page_home_heading', v))
      const main = page.locator('main')
      for (const key of ['home_features_title', 'home_feature_3_title', 'home_how_step_3_title', 'home_versions_title', 'home_premium_title', 'home_countdown_title', 'home_gallery_title', 'gallery_item_7_name', 'home_faq_title', 'faq_visible_to_others_q']) {
        await expect(main.getByText(text(locale, key, v), { exact: true }).first(), key).toBeVisible()
      }
      await expect(main.getByText(text(locale, 'home_version_csgo_text', { version: 'CS:GO', year: '2019' }))).toBeVisible()
      await expect(main.getByRole('link', { name: text(locale, 'home_faq_cta') })).toHaveAttribute('href', `${locale === 'ru' ? '/ru' : '/en'}/faq`)
      await expect(main.locator('[data-testid="faq-teaser-link"]').first()).toHaveAttribute('href', `${locale === 'ru' ? '/ru' : '/en'}/faq#what-is-it`)
      await expect(main.locator('[data-testid="gallery-thumb"]')).toHaveCount(16)
      await expect(main.locator('img[src$="-small.webp"]')).toHaveCount(16)
      await expect(main.locator('[data-testid="gallery-thumb"] img').first()).toHaveAttribute('alt', text(locale, 'mk_gallery_alt', { name: text(locale, 'gallery_item_1_name') }))

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
      await expect(main.getByTestId('wiki-toc').getByRole('link', { name: text(locale, 'wiki_troubleshooting_s3_title') })).toHaveAttribute('href', '#troubleshooting-antivirus')
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
      const operator = text(textLocale, 'legal_operator_details', { product: PRODUCT[textLocale] })
      const v = { ...params(textLocale), operator }
      for (const [path, id] of [['oferta', 'oferta'], ['user-license', 'user_license'], ['policy', 'policy'], ['cookies-policy', 'cookies_policy']] as const) {
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

test.describe('spec 2: the version selector and the download link', () => {
  for (const locale of LOCALES) {
    test(`CS2 by default, CS:GO on request (${locale})`, async ({ page }) => {
      const prefix = prefixOf(locale)
      const expected = (versionId: number) => downloadLink({ locale, prefix, versionId, config: CONFIG })
      await page.goto(prefix)
      await hydrated(page)
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

  test('the unprefixed English page links to /download, which the server redirects', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const link = page.locator('#download').getByTestId('download-link')
    await expect(link).toHaveAttribute('href', downloadLink({ locale: 'en', prefix: '', versionId: 1, config: CONFIG }).href)
    await page.getByTestId('version-selector').locator('label[data-version="cs-go"]').click()
    await expect(link).toHaveAttribute('href', '/download')
    const response = await page.request.get('/download', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
  })
})

test.describe('spec 9: the deadline countdown', () => {
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

test.describe('spec 3, 9: the premium monitor gallery', () => {
  test('a thumbnail and the monitor open the lightbox; Escape and the button close it', async ({ page }) => {
    await page.goto('/de')
    await hydrated(page)
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
    await page.getByRole('dialog').getByRole('button', { name: text('de', 'gallery_close') }).click()
    await expect(lightbox).toBeHidden()

    await thumbs.nth(15).click()
    await expect(lightbox.locator('figcaption')).toHaveText(text('de', 'gallery_item_16_name'))
    await page.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()
  })
})

test.describe('spec 9: the promo slider', () => {
  test('previous, next and the dots move it', async ({ page }) => {
    await page.goto('/en/promo')
    await hydrated(page)
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

  test('plays by itself every 3 seconds and pauses on hover', async ({ page }) => {
    await page.goto('/ru/promo')
    await hydrated(page)
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

test.describe('spec 2: FAQ anchors open their answer', () => {
  test('on load, on a hash change and from the home teaser', async ({ page }) => {
    await page.goto('/en/faq#device-reset')
    await hydrated(page)
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
    await page.goto('/de/wiki')
    await hydrated(page)
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

test.describe('spec 3, 5, 7: analytics on download', () => {
  interface Collected { url: string; body: unknown }
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
    await hydrated(page)
    const launcher = page.waitForRequest((r) => r.url().includes('/launcher/download') || (CONFIG.cs2DownloadUrl !== null && r.url().startsWith(CONFIG.cs2DownloadUrl)))
    await page.locator('#download').getByTestId('download-link').click()
    return launcher
  }
  const clientCookie = (value: string) => ({ name: CLIENT_COOKIE, value, domain: 'localhost', path: '/' })
  const gaValue = CLIENT_COOKIE === '_ga' ? 'GA1.1.111.222' : '111.222'

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
    await context.addCookies([clientCookie(gaValue), { name: 'utm', value: encodeURIComponent(JSON.stringify(utm)), domain: 'localhost', path: '/' }])
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
    const cookie = (await context.cookies()).find((c) => c.name === 'utm')
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ source: 'google', medium: 'cpc', campaign: 'spring', term: 'skins' })
    expect(cookie!.path).toBe('/')
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 3600)
  })

  test('an incomplete utm set is sent as null and not remembered', async ({ page, context }) => {
    const { collected } = await watch(page)
    await context.addCookies([clientCookie(gaValue)])
    await page.goto('/en?utm_source=google&utm_medium=cpc')
    await clickDownload(page)
    expect(collected.map((c) => c.body)).toEqual([{ domain: 'localhost', token: null, client_id: '111.222', utm: null }])
    expect((await context.cookies()).find((c) => c.name === 'utm')).toBeUndefined()
  })

  test('a logged-in visitor sends the bearer token without its prefix', async ({ page, context, request, baseURL }) => {
    const { token } = await loginViaApi(request, context, baseURL!)
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

  test('the tag manager gets detail on the promo page and add on the call to action', async ({ page }) => {
    await page.goto('/en/promo')
    await hydrated(page)
    await expect.poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event).filter(Boolean))).toContain('ecommerce.detail')
    await page.getByTestId('promo-cta').click()
    await expect(page).toHaveURL(/\/en\/premium$/)
    expect(await page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event).filter(Boolean))).toContain('ecommerce.add')
  })
})

test.describe('screenshots of home, premium and promo', () => {
  const dir = 'test-results/screenshots'
  const sizes = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ] as const
  for (const locale of LOCALES) {
    test(`in ${locale} at phone and desktop width`, async ({ page }) => {
      mkdirSync(dir, { recursive: true })
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height })
        for (const [name, path] of [['home', ''], ['premium', '/premium'], ['promo', '/promo']] as const) {
          await page.goto(`/${locale}${path}`)
          await expect(page.locator('h1')).toBeVisible()
          if (name !== 'premium') await hydrated(page)
          else await page.waitForLoadState('load')
          const file = `${dir}/${name}-${locale}-${size.name}.png`
          await page.screenshot({ path: file, fullPage: true })
          expect(existsSync(file), file).toBe(true)
          expect(statSync(file).size, file).toBeGreaterThan(10_000)
        }
      }
    })
  }
})
