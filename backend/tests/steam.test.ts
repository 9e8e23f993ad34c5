import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Backend, createBackend } from '../src/app.ts'

/**
 * R7: "Sign in through Steam" in Chromium, the way a visitor meets it: the site sends the browser to
 * the sandbox OpenID provider, the visitor picks an account, the provider sends the browser back to the
 * site's login page, and the site hands that page's query to GET /users/auth.
 */

let backend: Backend
let backendServer: ServerType
let siteServer: Server
let browser: Browser
let backendOrigin = ''
let siteOrigin = ''
let page: Page

function listen(server: Server | ServerType): Promise<number> {
  return new Promise((resolve) => {
    const ready = () => resolve((server.address() as AddressInfo).port)
    if (server.listening) ready()
    else server.once('listening', ready)
  })
}

beforeAll(async () => {
  siteServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><title>Site ${req.url!.split('?')[0]}</title></head><body><h1>Site</h1></body></html>`)
  })
  siteServer.listen(0, '127.0.0.1')
  siteOrigin = `http://127.0.0.1:${await listen(siteServer)}`
  let app: Backend['app'] | null = null
  backendServer = serve({ fetch: (req) => app!.fetch(req), port: 0, hostname: '127.0.0.1' })
  backendOrigin = `http://127.0.0.1:${await listen(backendServer)}`
  backend = await createBackend({
    env: { dataDir: 'memory://', mode: 'development', siteOrigins: [siteOrigin], siteUrl: siteOrigin, backendPublicUrl: backendOrigin },
  })
  app = backend.app
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
})

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => (backendServer ? backendServer.close(() => resolve()) : resolve()))
  await new Promise<void>((resolve) => (siteServer ? siteServer.close(() => resolve()) : resolve()))
  await backend?.close()
})

beforeEach(async () => {
  page = await (await browser.newContext({ locale: 'ru-RU' })).newPage()
})
afterEach(async () => {
  await page?.context().close()
})

function steamUrl(returnTo: string) {
  const q = new URLSearchParams({
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': siteOrigin,
    'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
  })
  return `${backendOrigin}/sandbox/openid/login?${q}`
}

describe('sign in through Steam with the sandbox provider in Chromium', () => {
  it('picks a demo account, returns to the site and signs in with the query the site received', async () => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(steamUrl(`${siteOrigin}/ru/login?redirect=/ru/premium`))
    expect(await page.title()).toBe('Вход через Steam (песочница)')
    await page.getByRole('radio', { name: /AWP Enjoyer/ }).check()
    await Promise.all([page.waitForURL(`${siteOrigin}/ru/login?**`), page.getByRole('button', { name: 'Войти' }).click()])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('redirect')).toBe('/ru/premium')
    expect(landed.searchParams.get('openid.mode')).toBe('id_res')
    const res = await fetch(`${backendOrigin}/ru/users/auth${landed.search}`)
    expect(res.status).toBe(200)
    const grant = (await res.json()) as { token: string }
    const me = (await (await fetch(`${backendOrigin}/ru/users/me`, { headers: { authorization: `Bearer ${grant.token}` } })).json()) as any
    expect(me).toMatchObject({ steam_id: '76561198000000002', display_name: 'AWP Enjoyer', email: null, locale: 'ru' })
    // The page's own style is allowed by its policy: nothing was blocked.
    expect(violations).toEqual([])
  })

  it('creates a new persona typed in the form', async () => {
    await page.goto(steamUrl(`${siteOrigin}/en/login`))
    await page.getByRole('radio', { name: 'Новый профиль' }).check()
    await page.getByLabel('Имя профиля').fill('Браузерный Боб')
    await Promise.all([page.waitForURL(`${siteOrigin}/en/login?**`), page.getByRole('button', { name: 'Войти' }).click()])
    const res = await fetch(`${backendOrigin}/en/users/auth${new URL(page.url()).search}`)
    const grant = (await res.json()) as { token: string }
    const me = (await (await fetch(`${backendOrigin}/en/users/me`, { headers: { authorization: `Bearer ${grant.token}` } })).json()) as any
    expect(me.display_name).toBe('Браузерный Боб')
    expect(me.steam_id).toMatch(/^\d{17}$/)
  })

  it('cancels back to the site with openid.mode=cancel', async () => {
    await page.goto(steamUrl(`${siteOrigin}/de/login`))
    await Promise.all([page.waitForURL(`${siteOrigin}/de/login?**`), page.getByRole('button', { name: 'Отмена' }).click()])
    const landed = new URL(page.url())
    expect(landed.searchParams.get('openid.mode')).toBe('cancel')
    const res = await fetch(`${backendOrigin}/de/users/auth${landed.search}`)
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
