import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBrowserRig } from './browser.ts'

/**
 * R7: "Sign in through Steam" in Chromium, the way a visitor meets it: the site sends the browser to
 * the sandbox OpenID provider, the visitor picks an account, the provider sends the browser back to the
 * site's login page, and the site hands that page's query to GET /users/auth.
 */

const rig = startBrowserRig({
  page: (url) => `<!doctype html><html lang="en"><head><title>Site ${url.split('?')[0]}</title></head><body><h1>Site</h1></body></html>`,
})
let page: Page

beforeEach(async () => {
  page = await (await rig.browser.newContext({ locale: 'ru-RU' })).newPage()
})
afterEach(async () => {
  await page?.context().close()
})

function steamUrl(returnTo: string) {
  const q = new URLSearchParams({
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': rig.siteOrigin,
    'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
  })
  return `${rig.backendOrigin}/sandbox/openid/login?${q}`
}

describe('sign in through Steam with the sandbox provider in Chromium', () => {
  it('picks a demo account, returns to the site and signs in with the query the site received', async () => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(steamUrl(`${rig.siteOrigin}/ru/login?redirect=/ru/premium`))
    expect(await page.title()).toBe('Вход через Steam (песочница)')
    await page.getByRole('radio', { name: /AWP Enjoyer/ }).check()
    await Promise.all([page.waitForURL(`${rig.siteOrigin}/ru/login?**`), page.getByRole('button', { name: 'Войти' }).click()])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('redirect')).toBe('/ru/premium')
    expect(landed.searchParams.get('openid.mode')).toBe('id_res')
    const res = await fetch(`${rig.backendOrigin}/ru/users/auth${landed.search}`)
    expect(res.status).toBe(200)
    const grant = (await res.json()) as { token: string }
    const me = (await (await fetch(`${rig.backendOrigin}/ru/users/me`, { headers: { authorization: `Bearer ${grant.token}` } })).json()) as any
    expect(me).toMatchObject({ steam_id: '76561198000000002', display_name: 'AWP Enjoyer', email: null, locale: 'ru' })
    // The page's own style is allowed by its policy: nothing was blocked.
    expect(violations).toEqual([])
  })

  it('creates a new persona typed in the form', async () => {
    await page.goto(steamUrl(`${rig.siteOrigin}/en/login`))
    await page.getByRole('radio', { name: 'Новый профиль' }).check()
    await page.getByLabel('Имя профиля').fill('Браузерный Боб')
    await Promise.all([page.waitForURL(`${rig.siteOrigin}/en/login?**`), page.getByRole('button', { name: 'Войти' }).click()])
    const res = await fetch(`${rig.backendOrigin}/en/users/auth${new URL(page.url()).search}`)
    const grant = (await res.json()) as { token: string }
    const me = (await (await fetch(`${rig.backendOrigin}/en/users/me`, { headers: { authorization: `Bearer ${grant.token}` } })).json()) as any
    expect(me.display_name).toBe('Браузерный Боб')
    expect(me.steam_id).toMatch(/^\d{17}$/)
  })

  it('cancels back to the site with openid.mode=cancel', async () => {
    await page.goto(steamUrl(`${rig.siteOrigin}/de/login`))
    await Promise.all([page.waitForURL(`${rig.siteOrigin}/de/login?**`), page.getByRole('button', { name: 'Отмена' }).click()])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('openid.mode')).toBe('cancel')
    const res = await fetch(`${rig.backendOrigin}/de/users/auth${landed.search}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).message).toBe('Die Anmeldung über Steam wurde abgebrochen.')
  })

  it('shows what is wrong with a request for another site', async () => {
    const res = await page.goto(steamUrl('http://evil.test/login'))
    expect(res!.status()).toBe(400)
    expect(await page.getByRole('heading').textContent()).toBe('Вход через Steam не может начаться (песочница)')
    expect(await page.textContent('li')).toContain('http://evil.test')
  })
})
