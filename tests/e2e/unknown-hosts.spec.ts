/**
 * R10.21 (decision 121), R10.8: what the site answers at its door.
 * - A host it does not serve as itself (an IP address, a name nobody configured) is sent to the
 *   original, path and query kept (308), before anything renders; `/__ready` and static files stay.
 * - A form posted from another site does nothing and lands the visitor on the home page in their
 *   language, which says so: no bare refusal.
 * - Every answer for an address with a code in it is `private, no-store`, its redirects too.
 */
import { request as httpRequest } from 'node:http'
import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'

const SITE = `http://localhost:${SITE_PORT}`

/** One request with the headers given as they are (the Host header included), redirects not followed. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: SITE_PORT, method, path, agent: false, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

test.describe('decision 121: a host the site does not serve as itself', () => {
  for (const host of [`127.0.0.1:${SITE_PORT}`, `[::1]:${SITE_PORT}`, `other.localhost:${SITE_PORT}`]) {
    test(`Host ${host}: 308 to the original, path and query kept, for a page and for a form`, async () => {
      const page = await raw('GET', '/ru/faq?utm_source=x&q=1', { host })
      expect(page.status).toBe(308)
      expect(page.headers.location).toBe(`${SITE}/ru/faq?utm_source=x&q=1`)
      const head = await raw('HEAD', '/de', { host })
      expect([head.status, head.headers.location]).toEqual([308, `${SITE}/de`])
      // A form posted there keeps its method on the way (308): nothing renders or acts on the unknown host.
      const form = await raw(
        'POST',
        '/forms/steam-sign-in',
        { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        'locale=en',
      )
      expect([form.status, form.headers.location]).toEqual([308, `${SITE}/forms/steam-sign-in`])
    })
  }

  test('a configured proxy naming an unknown host in X-Forwarded-Host is sent to the original too; a known one is served', async () => {
    const unknown = await raw('GET', '/en/wiki', { host: `localhost:${SITE_PORT}`, 'x-forwarded-host': 'www.example.test', 'x-forwarded-proto': 'https' })
    expect([unknown.status, unknown.headers.location]).toEqual([308, `${SITE}/en/wiki`])
    const mirror = await raw('GET', '/en/wiki', { host: `localhost:${SITE_PORT}`, 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` })
    expect(mirror.status).toBe(200)
  })

  test('the original, the mirror, /__ready and a static file are answered as before', async () => {
    expect((await raw('GET', '/en/faq', { host: `localhost:${SITE_PORT}` })).status).toBe(200)
    expect((await raw('GET', '/en/faq', { host: `mirror.localhost:${SITE_PORT}` })).status).toBe(200)
    expect((await raw('GET', '/__ready', { host: `127.0.0.1:${SITE_PORT}` })).status).toBe(200)
    expect((await raw('GET', '/favicon.png', { host: `127.0.0.1:${SITE_PORT}` })).status).toBe(200)
  })
})

test.describe('decision 121: a form posted from another site', () => {
  test('lands on the home page in the form’s language, which says nothing was done, with the site around it', async ({ page }) => {
    // Another site's page (here one with no origin at all) posting the site's sign-in form.
    await page.setContent(
      `<form method="post" action="${SITE}/forms/sign-in-email"><input name="locale" value="ru"><input name="email" value="someone@example.com"><button>Go</button></form>`,
    )
    await page.getByRole('button', { name: 'Go' }).click()
    await expect(page).toHaveURL(`${SITE}/ru`)
    await expect(page.getByText(msg('ru', 'notifications_form_foreign'))).toBeVisible()
    // The frame is there: a way on, in Russian.
    await expect(page.locator('header').getByRole('link').first()).toBeVisible()
  })

  test('without a language in the form, the browser’s decides', async () => {
    const answer = await raw(
      'POST',
      '/forms/sign-in-email',
      {
        host: `localhost:${SITE_PORT}`,
        origin: 'https://evil.example',
        'accept-language': 'de-DE,de;q=0.9',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'email=a%40b.c',
    )
    expect([answer.status, answer.headers.location]).toEqual([303, '/de'])
    expect(String(answer.headers['set-cookie'])).toMatch(/^form_flash=/)
  })
})

test.describe('R10.8: every answer for an address with a code in it is private, no-store', () => {
  const TOKEN = 'Zq3x9Lk2Vb7Nw4Rt8Hy1Pc6Md0Fs5Gj2Ka9Ue3Wi7Ox'
  for (const path of [
    `/en/login/${TOKEN}?redirect=https%3A%2F%2Fevil.example`,
    `/login/${TOKEN}?redirect=//evil.example`,
    `/ru/confirm-email/${TOKEN}?redirect=https%3A%2F%2Fevil.example`,
    `/en/login/${TOKEN}`,
    `/de/join/NOPE`,
  ]) {
    test(`GET ${path.replace(TOKEN, '<code>')}`, async () => {
      const answer = await raw('GET', path, { host: `localhost:${SITE_PORT}` })
      expect(answer.headers['cache-control'], `status ${answer.status}`).toBe('private, no-store')
    })
  }
})
