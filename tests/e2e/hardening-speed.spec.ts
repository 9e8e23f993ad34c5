/**
 * Issue 9, speed and security: security headers on pages and assets, the per-response CSP
 * nonce, no CSP violation on the main pages and in the payment widget, the guest page cache
 * (hits, signed-in visitors, brands, Set-Cookie) and compressed responses.
 */

import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND, SITE, SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { sessionCookieViaApi, uniqueEmail } from './support/login.ts'
import { msg, payButtonName } from './support/messages.ts'
import { payWithCard } from './support/payments.ts'
import { childrenOf, get } from './support/processes.ts'
import { contextCookieHeader } from './support/session.ts'
import { startSiteServer, waitForPage } from './support/site-server.ts'

const MIRROR = `http://mirror.localhost:${SITE_PORT}`
/** The request client resolves names itself: the mirror host reaches it through the proxy header. */
const AS_MIRROR = { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` }

/** The sha256 of each inline script of a page, as CSP sources, computed here on their own. */
function inlineHashes(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
      ),
    ),
  ]
}

function nonceOf(csp: string | undefined): string {
  const match = /'nonce-([^']+)'/.exec(csp ?? '')
  expect(match, `a nonce in ${csp}`).not.toBeNull()
  return match![1]!
}

/** Collects CSP violations the page reports (event and console). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) fromConsole.push(message.text())
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))]
}

test.describe('issue 9: security headers', () => {
  test('pages carry the CSP (the hashes of their inline scripts), nosniff, referrer and permissions policies, and no HSTS over http', async ({ request }) => {
    for (const path of ['/', '/ru/faq', '/de/premium', '/en/login']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const h = response.headers()
      const csp = h['content-security-policy'] ?? ''
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ /)
      expect(csp).not.toContain("'nonce-")
      expect(csp).not.toContain("'unsafe-inline' ")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(csp).not.toContain('unsafe-eval')
      expect(h['x-content-type-options']).toBe('nosniff')
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(h['permissions-policy']).toContain('camera=()')
      expect(h['permissions-policy']).toContain('geolocation=()')
      expect(h['strict-transport-security']).toBeUndefined()
    }
  })

  test('HSTS is sent when the proxy says the visit is over https', async ({ request }) => {
    const response = await request.get('/en/faq', { headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers()['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(response.headers()['content-security-policy']).toContain('upgrade-insecure-requests')
  })

  test('fingerprinted assets are immutable, compressed, and nosniff', async ({ request }) => {
    const html = await (await request.get('/en')).text()
    // The entry and its chunks, named by the page's starter script (decisions 024, 025).
    const scripts = [...new Set([...html.matchAll(/"(\/assets\/(?:[a-z]{2}\/)?[\w.-]+\.js)"/g)].map((m) => m[1]!))]
    expect(scripts.length).toBeGreaterThan(2)
    let compressed = 0
    for (const path of scripts) {
      const br = await request.get(path, { headers: { 'accept-encoding': 'br' } })
      expect(br.status()).toBe(200)
      expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(br.headers()['x-content-type-options']).toBe('nosniff')
      // Files under 1 KiB are sent as they are (decision 023).
      if ((await br.body()).length < 1024) continue
      compressed++
      expect(br.headers()['content-encoding']).toBe('br')
      const gz = await request.get(path, { headers: { 'accept-encoding': 'gzip' } })
      expect(gz.headers()['content-encoding']).toBe('gzip')
    }
    expect(compressed).toBeGreaterThan(2)
  })

  test("decision 084: a guest page lists exactly its inline scripts' hashes and carries no nonce, so one copy serves every guest", async ({ request }) => {
    for (const path of [`/ru/faq?hash-probe=${Date.now()}`, '/de/premium', '/en']) {
      const first = await request.get(path)
      const second = await request.get(path)
      const html = await first.text()
      expect(html).not.toContain('nonce=')
      expect(html).not.toContain('csp-nonce')
      const hashes = inlineHashes(html)
      expect(hashes.length).toBeGreaterThanOrEqual(2)
      const listed = [...(first.headers()['content-security-policy'] ?? '').matchAll(/'sha256-[^']+'/g)].map((m) => m[0])
      expect(listed.sort()).toEqual([...hashes].sort())
      // The second copy is the same page with the same policy: a shared cache may hand it to anyone.
      expect(await second.text()).toBe(html)
      expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy'])
    }
  })

  test('decision 084: a signed-in page has a nonce of its own on every script, different per response', async ({ request, context, signedIn }) => {
    const cookie = await contextCookieHeader(context)
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const response = await request.get('/ru/faq', { headers: { cookie } })
      expect(response.headers()['cache-control']).toBe('private, no-store')
      const nonce = nonceOf(response.headers()['content-security-policy'])
      nonces.add(nonce)
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).toContain(`<meta property="csp-nonce" content="${nonce}"`)
    }
    expect(nonces.size).toBe(3)
  })

  test('redirects stay on the site', async ({ request }) => {
    let redirects = 0
    for (const path of ['//evil.example/', '/\\evil.example/', '/?x=//evil.example', '/download?x=1', '/en//evil.example/']) {
      const response = await request.get(`${SITE}${path}`, { maxRedirects: 0, headers: { 'accept-language': 'ru' } })
      const location = response.headers().location
      if (location === undefined) continue
      redirects++
      if (path.startsWith('/download')) expect(location).toMatch(/^http:\/\/localhost:\d+\//)
      else expect(location, path).toMatch(/^\/(?![/\\])/)
    }
    // At least the root (by language) and the download redirect answered with a location.
    expect(redirects).toBeGreaterThanOrEqual(2)
  })
})

test.describe('issue 9: no CSP violation', () => {
  test('home, FAQ and the mirror home load and hydrate without a violation', async ({ page }) => {
    const violations = await watchCsp(page)
    for (const url of ['/', '/ru/faq', `${MIRROR}/de`]) {
      await page.goto(url)
      await expect(page.locator('html')).toHaveAttribute('lang', /en|ru|de/)
      await expect(page.locator('header').first()).toBeVisible()
    }
    await page.waitForLoadState('load')
    expect(await violations()).toEqual([])
  })

  test('premium: the sandbox card widget opens, pays and the toast shows, without a violation', async ({ page, signedIn }) => {
    const violations = await watchCsp(page)
    await page.goto('/en/premium')
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    await page.getByRole('button', { name: 'Choose Trial', exact: true }).click()
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await page.getByRole('button', { name: payButtonName('Pay by card') }).click()
    await payWithCard(page)
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
    expect(await violations()).toEqual([])
  })

  test('the account page of a signed-in visitor has no violation', async ({ page, signedIn }) => {
    const violations = await watchCsp(page)
    const response = await page.goto('/en/account')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page).toHaveURL(/\/en\/account$/)
    await page.waitForLoadState('load')
    expect(await violations()).toEqual([])
  })
})

test.describe('issue 9: guest page cache', () => {
  test('a second guest request is a hit; vary and cache-control are set', async ({ request }) => {
    const path = `/de/faq?cache-probe=${Date.now()}`
    const first = await request.get(path)
    expect(first.headers()['x-cache']).toBe('MISS')
    const second = await request.get(path)
    expect(second.headers()['x-cache']).toBe('HIT')
    // Decision 084: one copy for every guest, which a proxy or a CDN may keep as well.
    expect(second.headers().vary).toBe('Accept-Encoding, Sec-GPC')
    expect(second.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600')
    const html = await second.text()
    expect(html).toContain('session:null')
    expect(html).toContain('user:null')
  })

  test('a signed-in visitor is never served the cached page, even for a cached path', async ({ request, page, signIn }) => {
    const path = `/en/faq?signed-in-probe=${Date.now()}`
    await request.get(path)
    expect((await request.get(path)).headers()['x-cache']).toBe('HIT')
    const { token } = await signIn()
    const response = await page.goto(path)
    expect(response?.headers()['x-cache']).toBeUndefined()
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    expect(await response?.text()).toContain(token)
    // And the guest copy never learnt the token.
    const guest = await request.get(path, { headers: { cookie: '' } })
    expect(guest.headers()['x-cache']).toBe('HIT')
    expect(await guest.text()).not.toContain(token)
  })

  test("the mirror never gets the original brand's cached page, and vice versa", async ({ request }) => {
    const path = `/en/faq?brand-probe=${Date.now()}`
    const original = await request.get(path)
    expect(original.headers()['x-cache']).toBe('MISS')
    expect((await request.get(path)).headers()['x-cache']).toBe('HIT')
    const mirror = await request.get(path, { headers: AS_MIRROR })
    expect(mirror.headers()['x-cache']).toBe('MISS')
    const mirrorHtml = await mirror.text()
    expect(mirrorHtml).toContain('/favicon-mirror.png')
    expect(mirrorHtml).not.toContain('href="/favicon.png"')
    const mirrorAgain = await request.get(path, { headers: AS_MIRROR })
    expect(mirrorAgain.headers()['x-cache']).toBe('HIT')
    expect(await mirrorAgain.text()).toContain('/favicon-mirror.png')
    const originalAgain = await request.get(path)
    expect(originalAgain.headers()['x-cache']).toBe('HIT')
    expect(await originalAgain.text()).toContain('href="/favicon.png"')
  })

  test('a response that sets a cookie is not cached', async ({ request }) => {
    const path = `/en/promo?utm_source=tg&utm_medium=post&utm_campaign=c${Date.now()}`
    // A visitor who allowed analytics: the promo page remembers the campaign (R9.23).
    const allowed = { cookie: `cookie_consent=2.analytics.${new Date().toISOString().slice(0, 10)}` }
    for (let i = 0; i < 2; i++) {
      const response = await request.get(path, { headers: allowed })
      expect(response.status()).toBe(200)
      expect(response.headers()['set-cookie']).toContain(`${COOKIES.utm}=`)
      expect(response.headers()['x-cache']).not.toBe('HIT')
      expect(response.headers()['cache-control']).toBe('private, no-store')
    }
    const https = await request.get(path, { headers: { ...allowed, 'x-forwarded-proto': 'https' } })
    expect(https.headers()['set-cookie']).toMatch(/SameSite=Lax; Secure/)
  })

  test('pages come compressed with brotli or gzip, the same page in each', async ({ request }) => {
    const path = `/ru/faq?encoding-probe=${Date.now()}`
    const first = await request.get(path)
    const plain = await first.text()
    for (const encoding of ['gzip', 'br']) {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding } })
      expect(response.headers()['content-encoding']).toBe(encoding)
      expect(response.headers()['x-cache']).toBe('HIT')
      // The client decodes the body; the length on the wire shows it was compressed.
      expect(Number(response.headers()['content-length'])).toBeLessThan(Buffer.byteLength(plain) / 2)
      expect(await response.text()).toBe(plain)
      expect(response.headers()['content-security-policy']).toBe(first.headers()['content-security-policy'])
    }
  })
})

test.describe('issue 9: lean first load (decisions 022, 024)', () => {
  test('styles come inlined with the page: no render-blocking stylesheet request', async ({ request }) => {
    const response = await request.get('/en/faq')
    const html = await response.text()
    expect(html).toMatch(/<style data-tsr-inline-css="">[^<]*\.site-header/)
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
  })

  test('the page paints before its scripts load: no module preloads in the page, one inline starter (decision 025)', async ({ page, request }) => {
    const response = await request.get('/de/faq')
    const html = await response.text()
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]+type="module"/)
    expect(html).toMatch(/<script>\(function\(\)\{[^<]*import\("\/assets\/de\/[\w.-]+\.js"\)/)
    // The browser still gets there: the page hydrates and a client-side navigation works.
    await page.goto('/de/faq')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page
      .getByRole('link', { name: msg('de', 'nav_premium') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/de\/premium$/)
  })

  for (const visit of [
    { path: '/en/faq', locale: 'en', link: 'nav_premium', to: /\/en\/premium$/, width: 1280, signedIn: false },
    { path: '/ru/premium', locale: 'ru', link: 'footer_cookies_policy', to: /\/ru\/cookies-policy$/, width: 390, signedIn: true },
    // Decision 123: a German page links the German frame of a legal document.
    { path: '/de', locale: 'de', link: 'footer_cookies_policy', to: /\/de\/cookies-policy$/, width: 390, signedIn: false },
  ] as const) {
    test(`React's chunk runs in a task of its own, before the entry has even arrived (decision 025): ${visit.path} at ${visit.width} px, ${visit.signedIn ? 'signed in' : 'signed out'}`, async ({
      page,
      signIn,
    }) => {
      if (visit.signedIn) await signIn({ locale: visit.locale })
      await page.setViewportSize({ width: visit.width, height: 844 })
      // React DOM calls the developer tools' hook as it is initialised.
      await page.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>
        w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: true, checkDCE: () => void (w.__reactDomRan = true) }
      })
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(new RegExp(`/assets/${visit.locale}/index-[\\w-]+\\.js$`), async (route) => {
        await held
        await route.continue()
      })
      await page.goto(visit.path)
      await expect.poll(() => page.evaluate(() => (window as unknown as Record<string, unknown>).__reactDomRan === true)).toBe(true)
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
      // The visitor does not wait: a link clicked while the entry is still on its way is followed once the page is interactive.
      await page
        .getByRole('link', { name: msg(visit.locale, visit.link), exact: true })
        .filter({ visible: true })
        .first()
        .click()
      release()
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      await expect(page).toHaveURL(visit.to)
    })
  }

  test("each page loads its own language's chunks only (decision 026)", async ({ page }) => {
    for (const [path, folder] of [
      ['/ru/faq', 'ru'],
      ['/de', 'de'],
      ['/premium', 'en'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js')),
      )
      expect(scripts.length).toBeGreaterThan(5)
      expect(
        scripts.filter((p) => !p.startsWith(`/assets/${folder}/`)),
        path,
      ).toEqual([])
    }
  })

  test('a page without a form loads no validation messages; a form asks for them', async ({ page }) => {
    const validation: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/locales/validation/')) validation.push(new URL(r.url()).pathname)
    })
    await page.goto('/ru/faq')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.waitForTimeout(500)
    expect(validation).toEqual([])
    await page
      .getByRole('link', { name: msg('ru', 'nav_login') })
      .first()
      .click()
    await expect(page.getByRole('textbox').first()).toBeVisible()
    await expect.poll(() => validation).toEqual(['/locales/validation/ru.json'])
  })

  test("idle prefetch fetches the linked pages' code without running it", async ({ page, request }) => {
    const map = await request.get('/_app/prefetch-map.json?v=probe&l=en')
    expect(map.headers()['content-type']).toContain('application/json')
    const routes = (await map.json()) as Record<string, string[]>
    expect(routes['/faq']?.length).toBeGreaterThan(0)
    await page.goto('/en')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // After the idle timeout, the FAQ's chunks are modulepreloaded: fetched, not evaluated.
    await expect
      .poll(
        () => page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) => new URL(l.href).pathname)),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(routes['/faq']!))
  })

  test("the server-call code loads only for a page whose loader calls the server, and the idle prefetch warms it for the header's Premium link", async ({
    page,
    request,
  }) => {
    const routes = (await (await request.get('/_app/prefetch-map.json?v=probe&l=ru')).json()) as Record<string, string[]>
    const premium = routes['/premium'] ?? []
    // Premium's loader asks the server for the plans: its entry names the fetcher of server calls, in the Russian build.
    const fetcher = premium.find((url) => /^\/assets\/ru\/serverFnFetcher-[\w-]+\.js$/.test(url))
    expect(fetcher).toBeDefined()
    expect(routes['/faq']).not.toContain(fetcher)
    await page.goto('/ru')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    const loadedBeforeInteractive = await page.evaluate(() => {
      const mark = performance.getEntriesByName('hydrated')[0]!.startTime
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= mark)
        .map((e) => new URL(e.name).pathname)
    })
    expect(loadedBeforeInteractive.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0)
    expect(loadedBeforeInteractive).not.toContain(fetcher)
    await expect
      .poll(
        () => page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) => new URL(l.href).pathname)),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(premium))
    // The visit by the link then shows the plans in roubles.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: msg('ru', 'nav_premium') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/ru\/premium$/)
    await expect(page.getByText(/₽/).first()).toBeVisible()
  })

  test('links scrolled into view are prefetched too', async ({ page, request }) => {
    const routes = (await (await request.get('/_app/prefetch-map.json?v=probe&l=en')).json()) as Record<string, string[]>
    const legal = routes['/oferta']!
    expect(legal.length).toBeGreaterThan(0)
    const preloaded = () =>
      page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) => new URL(l.href).pathname))
    await page.setViewportSize({ width: 390, height: 700 })
    await page.goto('/en')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // The footer's legal links are far below the fold: not prefetched while out of view.
    await page.waitForTimeout(2500)
    expect(await preloaded()).not.toEqual(expect.arrayContaining(legal))
    await page.locator('footer').scrollIntoViewIfNeeded()
    await expect.poll(preloaded, { timeout: 10_000 }).toEqual(expect.arrayContaining(legal))
  })
})

test.describe('issue 17: every core, and a bounded wait under overload (decision 080)', () => {
  test('WEB_CONCURRENCY workers serve the port; one that dies is replaced', async () => {
    test.setTimeout(90_000)
    const site = startSiteServer(SITE_PORT + 11, BACKEND, { WEB_CONCURRENCY: '2' })
    try {
      await waitForPage(`${site.base}/en`, 60_000)
      const primary = site.child.pid!
      await expect.poll(() => childrenOf(primary).length, { timeout: 20_000 }).toBe(2)
      const [victim] = childrenOf(primary)
      process.kill(victim!, 'SIGKILL')
      await expect.poll(() => site.stderr(), { timeout: 10_000 }).toContain(`Site worker ${victim} stopped (SIGKILL); starting another.`)
      // The other worker goes on serving meanwhile (or, if it was still starting, the requests wait
      // for it: R8.14), and a new one takes the dead one's place. No request is reset.
      for (let i = 0; i < 5; i++) expect((await get(`${site.base}/en/faq`)).status).toBe(200)
      await expect.poll(() => childrenOf(primary).filter((pid) => pid !== victim).length, { timeout: 20_000 }).toBe(2)
      for (let i = 0; i < 4; i++) expect((await get(`${site.base}/ru/faq`)).status).toBe(200)
    } finally {
      await site.stop()
    }
  })

  test('R8.14: while no worker takes connections, a new one waits for the next worker that is ready instead of being reset', async () => {
    test.setTimeout(90_000)
    // A port of its own: the tests of this file run side by side.
    const site = startSiteServer(SITE_PORT + 19, BACKEND, { WEB_CONCURRENCY: '2' })
    try {
      await waitForPage(`${site.base}/en`, 60_000)
      const primary = site.child.pid!
      await expect.poll(() => childrenOf(primary).length, { timeout: 20_000 }).toBe(2)
      const workers = childrenOf(primary)
      for (const pid of workers) process.kill(pid, 'SIGKILL')
      for (const pid of workers) {
        await expect.poll(() => site.stderr(), { timeout: 10_000 }).toContain(`Site worker ${pid} stopped (SIGKILL); starting another.`)
      }
      // Nobody serves now: these connections are held by the start process until a new worker is
      // ready (it renders its warm-up pages first, decision 093), then answered in full.
      const answers = await Promise.all(['/en/faq', '/ru/faq', '/de/faq'].map((path) => get(`${site.base}${path}`)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
      expect(answers[1]!.text).toContain('lang="ru"')
      expect(childrenOf(primary).filter((pid) => workers.includes(pid))).toEqual([])
    } finally {
      await site.stop()
    }
  })

  test('past its render limit a worker answers 503 with Retry-After at once, in the page language', async ({ request }) => {
    test.setTimeout(90_000)
    const site = startSiteServer(SITE_PORT + 12, BACKEND, { RENDER_CONCURRENCY: '1', RENDER_QUEUE: '0' })
    try {
      await waitForPage(`${site.base}/de`, 60_000)
      // A signed-in page: its render waits for the backend, so renders overlap.
      const cookie = await sessionCookieViaApi(request, uniqueEmail('busy'), 'de')
      const answers = await Promise.all(Array.from({ length: 12 }, () => get(`${site.base}/de/account`, { cookie })))
      const busy = answers.filter((r) => r.status === 503)
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)
      expect(busy.length).toBeGreaterThanOrEqual(1)
      expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true)
      expect(busy[0]!.headers['retry-after']).toBe('1')
      expect(busy[0]!.headers['cache-control']).toBe('no-store')
      expect(busy[0]!.text).toBe(msg('de', 'page_busy'))
      // Once the burst is over, every request is served again.
      expect((await get(`${site.base}/de/account`, { cookie })).status).toBe(200)
    } finally {
      await site.stop()
    }
  })
})

test.describe('issue 18: only trusted addresses (decision 082)', () => {
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]

  test('a request for an unknown host is sent to the original’s address (decision 121), and nothing is kept for it', async () => {
    const path = `/de/faq?host-probe=${Date.now()}`
    const evil = await get(`${SITE}${path}`, { host: 'evil.example' })
    expect([evil.status, evil.headers.location]).toEqual([308, `${SITE}${path}`])
    expect(evil.text).not.toContain('evil.example')
    // From this machine, a configured proxy in the tests (TRUST_PROXY=loopback): its forwarded host is checked too.
    const forwarded = await get(`${SITE}${path}`, { 'x-forwarded-host': 'evil.example' })
    expect([forwarded.status, forwarded.headers.location]).toEqual([308, `${SITE}${path}`])
    // The known mirror, forwarded by the trusted proxy, is itself.
    const mirror = await get(`${SITE}${path}`, { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` })
    expect(canonicalOf(mirror.text)).toBe(`${MIRROR}/de/faq`)
  })

  test('without TRUST_PROXY forwarding headers count for nothing', async () => {
    test.setTimeout(90_000)
    const site = startSiteServer(SITE_PORT + 13, BACKEND, { TRUST_PROXY: '' })
    try {
      await waitForPage(`${site.base}/en`, 60_000)
      const mirror = `http://mirror.localhost:${SITE_PORT + 13}`
      const asMirror = await get(`${site.base}/en/faq`, { 'x-forwarded-host': `mirror.localhost:${SITE_PORT + 13}`, 'x-forwarded-proto': 'https' })
      expect(canonicalOf(asMirror.text)).toBe(`${site.base}/faq`)
      expect(asMirror.headers['strict-transport-security']).toBeUndefined()
      // The mirror by its own Host is the mirror.
      const direct = await get(`${site.base}/en/faq`, { host: `mirror.localhost:${SITE_PORT + 13}` })
      expect(canonicalOf(direct.text)).toBe(`${mirror}/faq`)
    } finally {
      await site.stop()
    }
  })
})

test.describe('issue 17: a new server warms up before it takes visitors (decision 093)', () => {
  test('it has rendered a guest page in each language when it says it is ready, asked the backend nothing, and kept none of them', async () => {
    test.setTimeout(90_000)
    // No backend answers at this address: a warmed page that asked it would fail and log.
    const site = startSiteServer(SITE_PORT + 17, `http://127.0.0.1:${SITE_PORT + 18}`)
    try {
      await expect.poll(async () => (await get(`${site.base}/__ready`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200)
      expect((await get(`${site.base}/__ready`)).text).toBe('ready (4 pages warmed, 0 failed, 0 skipped)\n')
      // The warm-up rendered /ru/faq past the guest cache: its first visitor still meets a render.
      const first = await get(`${site.base}/ru/faq`)
      expect(first.status).toBe(200)
      expect(first.headers['x-cache']).toBe('MISS')
      expect((await get(`${site.base}/ru/faq`)).headers['x-cache']).toBe('HIT')
      expect(site.stderr()).toBe('')
    } finally {
      await site.stop()
    }
  })
})

test.describe('issue 18: no request lost on restart (decision 083)', () => {
  test('SIGHUP replaces every worker one by one under load: no request fails', async () => {
    test.setTimeout(120_000)
    const site = startSiteServer(SITE_PORT + 14, BACKEND, { WEB_CONCURRENCY: '2' })
    try {
      await waitForPage(`${site.base}/en`, 60_000)
      expect((await get(`${site.base}/__ready`)).status).toBe(200)
      const primary = site.child.pid!
      await expect.poll(() => childrenOf(primary).length, { timeout: 20_000 }).toBe(2)
      const before = childrenOf(primary)
      let running = true
      const statuses: (number | string)[] = []
      const visitor = async (path: string) => {
        while (running)
          statuses.push(
            await get(`${site.base}${path}`).then(
              (r) => r.status,
              (error: Error) => error.message,
            ),
          )
      }
      const load = Promise.all(['/en/faq', '/ru', '/de/premium', '/en/wiki', '/ru/faq', '/en'].map(visitor))
      await new Promise((r) => setTimeout(r, 500))
      process.kill(primary, 'SIGHUP')
      await expect.poll(() => site.stderr(), { timeout: 10_000 }).toContain('Restarting the site workers one by one (2).')
      await expect.poll(() => site.stderr(), { timeout: 60_000 }).toContain('Site workers restarted (2).')
      expect(childrenOf(primary).filter((pid) => !before.includes(pid))).toHaveLength(2)
      expect(childrenOf(primary)).toHaveLength(2)
      await new Promise((r) => setTimeout(r, 500))
      running = false
      await load
      expect(statuses.length).toBeGreaterThan(50)
      expect(statuses.filter((s) => s !== 200)).toEqual([])
    } finally {
      await site.stop()
    }
  })

  test('SIGTERM: a request under way is answered, new ones are not taken, the site exits within 10 s', async ({ request }) => {
    test.setTimeout(90_000)
    // A backend that takes two seconds to say who is signed in: a render under way.
    const slow = createServer(async (req, res) => {
      if (req.url?.endsWith('/users/me')) await new Promise((r) => setTimeout(r, 2_000))
      const answer = await fetch(`${BACKEND}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } })
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()))
    })
    await new Promise<void>((r) => slow.listen(SITE_PORT + 16, '127.0.0.1', r))
    const site = startSiteServer(SITE_PORT + 15, `http://127.0.0.1:${SITE_PORT + 16}`)
    try {
      await waitForPage(`${site.base}/en`, 60_000)
      const email = uniqueEmail('drain')
      const cookie = await sessionCookieViaApi(request, email)
      const underWay = get(`${site.base}/en/account`, { cookie })
      await new Promise((r) => setTimeout(r, 500))
      const exited = new Promise<number>((resolve) => site.child.once('exit', () => resolve(Date.now())))
      const signalled = Date.now()
      process.kill(site.child.pid!, 'SIGTERM')
      await new Promise((r) => setTimeout(r, 300))
      await expect(get(`${site.base}/en/faq`)).rejects.toThrow(/ECONNREFUSED/)
      const answered = await underWay
      expect(answered.status).toBe(200)
      expect(answered.text).toContain(email)
      expect((await exited) - signalled).toBeLessThan(10_000)
    } finally {
      await site.stop()
      slow.close()
    }
  })
})
