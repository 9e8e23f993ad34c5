import type { ConsoleMessage } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND, SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { LOCALES, type Locale, msg, product } from './support/messages.ts'
import { fakeSessionCookie } from './support/session.ts'

const PREFIXES = ['', '/en', '/ru', '/de'] as const

// Clicks only count once the page is interactive: the tests that click wait for hydration.
const localeOf = (prefix: string): Locale => (prefix ? (prefix.slice(1) as Locale) : 'en')

/** Every route of R2 with the page key of its heading. */
const ROUTES: Array<{ path: string; key: string; heading?: string }> = [
  { path: '/', key: 'home' },
  { path: '/cs-go', key: 'csgo' },
  { path: '/faq', key: 'faq' },
  { path: '/premium', key: 'premium' },
  { path: '/promo', key: 'promo' },
  { path: '/wiki', key: 'wiki' },
  { path: '/confirm-email', key: 'confirm_email' },
  { path: '/confirm-email/AB12CD', key: 'confirm_email' },
  { path: '/join', key: 'join' },
  { path: '/join/FRIEND2024', key: 'join' },
  { path: '/login', key: 'login' },
  // A code the stand-in refuses: once checked, the page's heading says the link did not work (R4.24).
  { path: '/login/abcdef123456', key: 'login_code', heading: 'acc_link_failed_title' },
  { path: '/oferta', key: 'oferta' },
  { path: '/user-license', key: 'user_license' },
  { path: '/policy', key: 'policy' },
  { path: '/cookies-policy', key: 'cookies_policy' },
]

test.describe('R2: every route under every prefix', () => {
  for (const prefix of PREFIXES) {
    test(`routes under "${prefix || '(none)'}" render in ${localeOf(prefix)}`, async ({ page }) => {
      test.setTimeout(120_000)
      const locale = localeOf(prefix)
      for (const route of ROUTES) {
        const path = prefix && route.path === '/' ? prefix : `${prefix}${route.path}`
        const response = await page.goto(path)
        expect(response?.status(), path).toBe(200)
        expect(new URL(page.url()).pathname, `${path} is served in place`).toBe(path)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.locator('h1'), path).toHaveText(msg(locale, route.heading ?? `page_${route.key}_heading`, { product: product(locale) }))
      }
    })
  }

  test('the protected account page renders for a visitor with a session', async ({ page, signedIn }) => {
    test.setTimeout(60_000)
    for (const prefix of PREFIXES) {
      const locale = localeOf(prefix)
      const response = await page.goto(`${prefix}/account`)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.locator('h1')).toHaveText(msg(locale, 'page_account_heading', { product: product(locale) }))
    }
  })
})

test.describe('R2.4, R8.6: unknown paths', () => {
  for (const path of ['/no-such-page', '/en/no-such-page', '/ru/no/such/page', '/de/premium/extra', '/fr']) {
    test(`${path} answers 404 with the message`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      const locale = path.startsWith('/ru') ? 'ru' : path.startsWith('/de') ? 'de' : 'en'
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.locator('h1')).toHaveText(msg(locale, 'page_not_found_heading'))
    })
  }
  test('the English message is exactly the text of R8', async ({ page }) => {
    await page.goto('/nothing-here')
    await expect(page.locator('h1')).toHaveText('This page could not be found')
  })
})

test.describe('R2, R7: download', () => {
  for (const [path, locale] of [
    ['/download', 'en'],
    ['/en/download', 'en'],
    ['/ru/download', 'ru'],
    ['/de/download', 'de'],
  ] as const) {
    test(`${path} redirects to the backend's launcher for ${locale}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe(`${BACKEND}/${locale}/launcher/download`)
    })
  }
  test('the referrer cookie is passed on as referrer_link_code', async ({ request }) => {
    const response = await request.get('/ru/download', { maxRedirects: 0, headers: { cookie: `${COOKIES.referrer}=FRIEND2024` } })
    expect(response.headers().location).toBe(`${BACKEND}/ru/launcher/download?referrer_link_code=FRIEND2024`)
  })
  test('a malformed referrer cookie is dropped', async ({ request }) => {
    const response = await request.get('/download', { maxRedirects: 0, headers: { cookie: `${COOKIES.referrer}=%3Cscript%3E` } })
    expect(response.headers().location).toBe(`${BACKEND}/en/launcher/download`)
  })
})

test.describe('R2: locale detection and the root redirect', () => {
  for (const locale of LOCALES) {
    test(`/ with the cookie ${locale}`, async ({ request }) => {
      const response = await request.get('/', { maxRedirects: 0, headers: { cookie: `${COOKIES.locale}=${locale}` } })
      if (locale === 'en') expect(response.status()).toBe(200)
      else {
        expect(response.status()).toBe(302)
        expect(response.headers().location).toBe(`/${locale}`)
      }
    })
  }
  test('/ follows Accept-Language when there is no cookie', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } })
    expect(response.headers().location).toBe('/de')
  })
  test('issue 16: the language the root decides is remembered in i18n_redirected (365 days, path /, SameSite=Lax)', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })
    expect(response.headers().location).toBe('/ru')
    expect(response.headers()['set-cookie']).toBe(`${COOKIES.locale}=ru; Max-Age=31536000; Path=/; SameSite=Lax`)
  })
  test('issue 16: a browser the root serves in English remembers English once the page runs', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === COOKIES.locale)?.value).toBe('en')
    const cookie = (await context.cookies()).find((c) => c.name === COOKIES.locale)!
    expect([cookie.path, cookie.sameSite]).toEqual(['/', 'Lax'])
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
    await context.close()
  })
  test('the cookie wins over Accept-Language', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { cookie: `${COOKIES.locale}=en`, 'accept-language': 'ru' } })
    expect(response.status()).toBe(200)
  })
  test('no other path redirects, whatever the cookie says', async ({ request }) => {
    const response = await request.get('/faq', { maxRedirects: 0, headers: { cookie: `${COOKIES.locale}=ru`, 'accept-language': 'ru' } })
    expect(response.status()).toBe(200)
    expect(await response.text()).toContain('<html lang="en"')
  })
  for (const [path, lang, canonicalPath] of [
    ['/faq/', 'en', '/faq'],
    ['/ru/', 'ru', '/ru'],
    // The root detects the language (x-default); the English home page is /en (decision 081).
    ['/en/', 'en', '/en'],
    ['/de/premium/', 'de', '/de/premium'],
  ] as const) {
    test(`${path} with its trailing slash is served in place`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html).toContain(`<html lang="${lang}"`)
      // One address per page for search engines: the canonical has no trailing slash.
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
      expect(canonical && new URL(canonical).pathname).toBe(canonicalPath)
    })
  }
  test('a page with a trailing slash hydrates and stays where it is', async ({ page, hydrated }) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto('/ru/faq/')
    await hydrated()
    await expect(page.locator('h1')).toHaveText(msg('ru', 'page_faq_heading'))
    expect(new URL(page.url()).pathname).toMatch(/^\/ru\/faq\/?$/)
    expect(errors).toEqual([])
  })
})

test.describe('R2: the language switcher', () => {
  test('keeps the page and the query, and stores the cookie', async ({ page, context, hydrated }) => {
    await page.goto('/ru/wiki?from=test')
    await hydrated()
    await page.locator('.lang-switcher a[data-locale="de"]').click()
    await expect(page).toHaveURL(/\/de\/wiki\?from=test$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.locator('h1')).toHaveText(msg('de', 'page_wiki_heading', { product: product('de') }))
    const cookie = (await context.cookies()).find((c) => c.name === COOKIES.locale)
    expect(cookie?.value).toBe('de')
    expect(cookie?.path).toBe('/')
    expect(cookie?.sameSite).toBe('Lax')
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
    await page.goto('/')
    await expect(page).toHaveURL(/\/de$/)
  })
  test('from the unprefixed English home to Russian', async ({ page, hydrated }) => {
    await page.goto('/')
    await hydrated()
    await page.locator('.lang-switcher a[data-locale="ru"]').click()
    await expect(page).toHaveURL(/\/ru$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  })
})

test.describe('R2: links and navigation in the browser', () => {
  test('client navigation keeps the prefix, and an unprefixed page stays unprefixed', async ({ page, hydrated }) => {
    await page.goto('/ru')
    await hydrated()
    await page
      .getByRole('navigation', { name: msg('ru', 'nav_main_label') })
      .getByRole('link', { name: msg('ru', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/\/ru\/premium$/)
    await expect(page.locator('h1')).toHaveText(msg('ru', 'page_premium_heading', { product: product('ru') }))
    await page.goBack()
    await expect(page).toHaveURL(/\/ru$/)

    await page.goto('/wiki')
    await hydrated()
    expect(new URL(page.url()).pathname, 'hydration keeps the unprefixed form').toBe('/wiki')
    await page
      .getByRole('navigation', { name: msg('en', 'nav_main_label') })
      .getByRole('link', { name: msg('en', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/localhost:\d+\/premium$/)
  })

  test("legal and information links keep the page's language (/en for the unprefixed English pages; decision 123)", async ({ page }) => {
    for (const [prefix, legal, info] of [
      ['/ru', '/ru', '/ru'],
      ['/de', '/de', '/de'],
      ['', '/en', '/en'],
      ['/en', '/en', '/en'],
    ] as const) {
      await page.goto(prefix || '/')
      const footer = page.locator('footer')
      await expect(footer.locator('a[href$="/oferta"]')).toHaveAttribute('href', `${legal}/oferta`)
      await expect(footer.locator('a[href$="/user-license"]')).toHaveAttribute('href', `${legal}/user-license`)
      await expect(footer.locator('a[href$="/policy"]').first()).toHaveAttribute('href', `${legal}/policy`)
      await expect(footer.locator('a[href$="/cookies-policy"]')).toHaveAttribute('href', `${legal}/cookies-policy`)
      await expect(page.locator('header a[href$="/faq"]')).toHaveAttribute('href', `${info}/faq`)
      await expect(page.locator('header a[href$="/cs-go"]')).toHaveAttribute('href', `${info}/cs-go`)
    }
  })

  test('decision 108: from a German page, every link to the FAQ, CS:GO, the wiki and the premium page stays German', async ({ page }) => {
    await page.goto('/de')
    for (const [name, path] of [
      ['nav_faq', '/de/faq'],
      ['nav_csgo', '/de/cs-go'],
      ['nav_wiki', '/de/wiki'],
      ['nav_premium', '/de/premium'],
    ] as const) {
      await page
        .locator('header')
        .getByRole('link', { name: msg('de', name), exact: true })
        .first()
        .click()
      await expect(page).toHaveURL(new RegExp(`${path}$`, 'u'))
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    }
    // The CS:GO page's link to the FAQ's answer, and the home page's FAQ teaser.
    await page.goto('/de/cs-go')
    await expect(page.getByRole('link', { name: msg('de', 'mk_csgo_faq_link') })).toHaveAttribute('href', '/de/faq#game-versions')
    await page.goto('/de')
    await expect(page.getByTestId('faq-teaser-link').first()).toHaveAttribute('href', /^\/de\/faq#/u)
  })

  test('a German legal page says which text applies', async ({ page }) => {
    await page.goto('/de/oferta')
    await expect(page.getByTestId('legal-language-notice')).toHaveText(msg('de', 'legal_de_notice'))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/oferta$/)
  })
})

test.describe('R2, R6: access rules', () => {
  test('a protected page sends a guest to the localized login with the target remembered', async ({ page }) => {
    await page.goto('/ru/account')
    // The target is remembered as the visitor asked for it, language included.
    await expect(page).toHaveURL(/\/ru\/login\?redirect=%2Fru%2Faccount$/)
    await expect(page.locator('h1')).toHaveText(msg('ru', 'page_login_heading', { product: product('ru') }))
  })
  test('a guests-only page sends a logged-in visitor home', async ({ page, signedIn }) => {
    await page.goto('/de/login')
    await expect(page).toHaveURL(/\/de$/)
  })
  test('an expired session counts as logged out', async ({ page, context, baseURL }) => {
    await fakeSessionCookie(context, baseURL!, Date.now() - 1000)
    await page.goto('/account')
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/)
  })
})

test.describe('R2: meta', () => {
  test('title, description, Open Graph, Twitter card, canonical and alternates', async ({ page, baseURL }) => {
    await page.goto('/ru/faq')
    const title = msg('ru', 'meta_faq_title', { product: product('ru') })
    await expect(page).toHaveTitle(title)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', msg('ru', 'meta_faq_description', { product: product('ru') }))
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/ru/faq`)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/share/original.jpg`)
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/ru/faq`)
    for (const [lang, href] of [
      ['en', '/faq'],
      ['ru', '/ru/faq'],
      ['de', '/de/faq'],
      ['x-default', '/faq'],
    ]) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', `${baseURL}${href}`)
    }
  })
  test('the promo page has its own share image; an unknown segment is the 404 page', async ({ page, baseURL }) => {
    await page.goto('/de/promo')
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/share/promo.jpg`)
    // An unknown segment is a page that does not exist: the 404 page has its own title (decision 077).
    await page.goto('/de/unknown-thing')
    await expect(page).toHaveTitle(msg('de', 'meta_not_found_title', { product: product('de') }))
  })
  test('the mirror domain has its own name, share image, favicon and support e-mail', async ({ page }) => {
    const mirror = `http://mirror.localhost:${SITE_PORT}`
    await page.goto(`${mirror}/en/faq`)
    await expect(page).toHaveTitle(msg('en', 'meta_faq_title', { product: product('en', 'mirror') }))
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${mirror}/share/mirror.jpg`)
    await expect(page.locator('link[rel="icon"][type="image/png"]')).toHaveAttribute('href', '/favicon-mirror.png')
    await expect(page.locator('link[rel="icon"]:not([type])')).toHaveAttribute('href', '/favicon.ico')
    await expect(page.getByTestId('support-email')).toHaveText('help@svchanger.app')
  })
})

test.describe('R2: the Russian-only page guard (decision 073)', () => {
  test('the requisites page answers in Russian', async ({ page }) => {
    const response = await page.goto('/ru/requisites')
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveText(msg('ru', 'page_requisites_heading'))
    // The stand-in set-up's plainly fictional seller (decision 076), with the brand's support address.
    const details = page.getByTestId('seller-details')
    await expect(details).toContainText('Demo Operator Ltd. (fictional)')
    await expect(details).toContainText('0000000000')
    await expect(details.getByRole('link', { name: 'support@skinvault.gg' })).toBeVisible()
  })
  test('signed in on a phone, reached by the footer link of a Russian page; no link in other languages', async ({ page, signIn }) => {
    await signIn({ locale: 'ru' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/ru')
    // A plain link: it works before the page is interactive, so no waiting for hydration.
    await page.getByTestId('footer-requisites').click()
    await expect(page).toHaveURL(/\/ru\/requisites$/)
    await expect(page.locator('h1')).toHaveText(msg('ru', 'page_requisites_heading'))
    // Still signed in (on a phone the account link sits in the menu).
    await expect(page.getByTestId('account-link')).toBeAttached()
    await expect(page.getByTestId('login-link')).toHaveCount(0)
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    for (const locale of ['en', 'de']) {
      await page.goto(`/${locale}`)
      await expect(page.getByTestId('footer-requisites')).toHaveCount(0)
    }
  })
  for (const [path, home] of [
    ['/en/requisites', '/en'],
    ['/de/requisites', '/de'],
    ['/requisites', '/en'],
  ] as const) {
    test(`${path} goes to the home page of its language`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBeGreaterThanOrEqual(300)
      expect(response.status()).toBeLessThan(400)
      expect(new URL(response.headers().location!, 'http://x').pathname).toBe(home)
    })
  }
})

test.describe('issue 14: the Impressum (decision 076)', () => {
  test('reached by the German footer link: the seller, its address, register entry and contact; no link in other languages', async ({ page }) => {
    await page.goto('/de/faq')
    await page.getByTestId('footer-impressum').click()
    await expect(page).toHaveURL(/\/de\/impressum$/)
    await expect(page.locator('h1')).toHaveText(msg('de', 'page_impressum_heading'))
    await expect(page).toHaveTitle(msg('de', 'meta_impressum_title', { product: product('de') }))
    const details = page.getByTestId('seller-details')
    for (const text of ['Demo Operator Ltd. (fictional)', '1 Example Street, 00000 Sample City (fictional)', 'Register No. 000000 (fictional)'])
      await expect(details).toContainText(text)
    await expect(details).toContainText(msg('de', 'impressum_registration'))
    await expect(details.getByRole('link', { name: 'support@skinvault.gg' })).toHaveAttribute('href', 'mailto:support@skinvault.gg')
    for (const locale of ['en', 'ru']) {
      await page.goto(`/${locale}/faq`)
      await expect(page.getByTestId('footer-impressum')).toHaveCount(0)
    }
    // Readable in every language by its address.
    const english = await page.goto('/en/impressum')
    expect(english?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveText(msg('en', 'page_impressum_heading'))
  })
})

test.describe('issue 14: every page has its own title and logs no error, signed in and out', () => {
  /**
   * The browser's own line for a response with an error status, which the page cannot silence:
   * allowed for the 404 document itself and for the backend refusing what the page asked (a used
   * link, an unknown code), which the page answers in words. Anything the page's code logs as an
   * error, any uncaught error and any hydration error fails.
   */
  const browserLine = (m: ConsoleMessage, document404: boolean) =>
    /^Failed to load resource: the server responded with a status of 4\d\d/u.test(m.text()) &&
    ((document404 && new URL(m.location().url).origin !== new URL(BACKEND).origin) || m.location().url.startsWith(BACKEND))

  for (const locale of ['en', 'ru', 'de'] as const) {
    for (const signedIn of [false, true]) {
      test(`${locale}, ${signedIn ? 'signed in' : 'signed out'}`, async ({ page, hydrated, signIn }) => {
        test.setTimeout(180_000)
        if (signedIn) await signIn({ locale })
        const prefix = locale === 'en' ? '' : `/${locale}`
        const title = (key: string) => msg(locale, `meta_${key}_title`, { product: product(locale) })
        const pages = [
          ...ROUTES.filter((r) => !(signedIn && r.key.startsWith('login'))).map((r) => ({
            path: prefix && r.path === '/' ? prefix : `${prefix}${r.path}`,
            title: title(r.key),
            missing: false,
          })),
          ...(signedIn ? [{ path: `${prefix}/account`, title: title('account'), missing: false }] : []),
          ...(locale === 'ru' ? [{ path: '/ru/requisites', title: title('requisites'), missing: false }] : []),
          { path: `${prefix}/impressum`, title: title('impressum'), missing: false },
          { path: `${prefix}/no/such/page`, title: title('not_found'), missing: true },
        ]
        for (const { path, title: expectedTitle, missing } of pages) {
          const errors: string[] = []
          const onConsole = (m: ConsoleMessage) => {
            if (m.type() === 'error' && !browserLine(m, missing)) errors.push(`${m.text()} (${m.location().url})`)
          }
          const onError = (e: Error) => errors.push(String(e))
          page.on('console', onConsole)
          page.on('pageerror', onError)
          await page.goto(path)
          await hydrated()
          await expect(page, path).toHaveTitle(expectedTitle)
          // Effects after hydration (a refresh of the user, analytics) have had their moment.
          await page.waitForLoadState('networkidle')
          page.off('console', onConsole)
          page.off('pageerror', onError)
          expect(errors, `${path}: console errors`).toEqual([])
        }
      })
    }
  }
})
