/**
 * Issue 35: a site of its own, as `npm start` runs it (`scripts/start.mjs` with the stand-in
 * backend in development mode, both writing to this test's pipes), with a limit of 3 wrong codes
 * per client address.
 *
 * - R10.8: no log line of the site or of the backend holds a secret a visitor used. The site is
 *   taken through the sign-in by code, the sign-in by link, an e-mail change confirmed by its
 *   link, a failed link and a card payment; then every line both processes wrote is searched for
 *   each code, link code, token and card number used.
 * - R10.4: the site names each visitor to the backend, so the limit per address counts visitors
 *   (the site's forms without JavaScript call the backend from the site's own address).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import type { BrowserContext } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { SITE_PORT } from '../../playwright.config.ts'
import { cardDialog, openPremium, payButton, payWithCard, planButton } from './model/browser.ts'
import { expect, test } from './support/fixtures.ts'
import { allMail, type MailItem, uniqueEmail } from './support/login.ts'
import { msg } from './support/messages.ts'
import { stopSite, waitForPage } from './support/site-server.ts'

const PORT = SITE_PORT + 24
const BACKEND_PORT = SITE_PORT + 25
const SITE = `http://localhost:${PORT}`
const BACKEND = `http://localhost:${BACKEND_PORT}`
/** The token the site's server shows the backend (R10.20), known to this test so it can speak as the site. */
const SITE_PROXY_TOKEN = 'hostile-site-proxy-token-0123'
/** A card the sandbox approves (any valid number but its declined one). */
const CARD = '5555 5555 5555 4444'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

let site: ChildProcess
let logs = ''

test.beforeAll(async () => {
  test.setTimeout(180_000)
  site = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(PORT),
      BACKEND_PORT: String(BACKEND_PORT),
      BACKEND_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      API_BASE_URL: '',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      MIRROR_BASE_URL: `http://mirror.localhost:${PORT}`,
      SANDBOX_NOTIFY_DELAY_MS: '200',
      CODE_CLIENT_MAX_WRONG: '3',
      // This test plays the proxy in front of the site: it names visitors in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      // And, for its last request id, the site's server in front of the backend (R10.20).
      SITE_PROXY_TOKEN,
    },
  })
  // Both processes write here: the stand-in backend inherits the start script's output.
  site.stdout!.on('data', (d: Buffer) => (logs += d.toString()))
  site.stderr!.on('data', (d: Buffer) => (logs += d.toString()))
  await waitForPage(`${SITE}/en`, 150_000)
})

test.afterAll(async () => {
  await stopSite(site)
})

/** The newest message for an address once there are `count` of them. */
async function mailNumber(request: Parameters<typeof allMail>[0], email: string, count: number): Promise<MailItem> {
  let items: MailItem[] = []
  await expect
    .poll(async () => {
      items = await allMail(request, email, BACKEND)
      return items.length
    })
    .toBeGreaterThanOrEqual(count)
  return items[0]!
}

async function sessionTokens(context: BrowserContext): Promise<string[]> {
  const cookies = await context.cookies()
  const read = (name: string) => cookies.find((c) => c.name === name)?.value
  return [read(COOKIES.token), read(COOKIES.refreshToken)].filter((v): v is string => !!v).map((v) => decodeURIComponent(v).replace(/^Bearer /, ''))
}

test('sign-in, a link, an e-mail change and a payment leave no code, token or card number in either log', async ({ browser, request }) => {
  const secrets: string[] = []
  const context = await browser.newContext({ baseURL: SITE })
  const page = await context.newPage()

  // A sign-in by code through the form.
  const email = uniqueEmail('logs')
  await page.goto('/en/login')
  await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  const first = await mailNumber(request, email, 1)
  secrets.push(first.code!, new URL(first.link!).pathname.split('/').pop()!)
  await page.getByLabel(msg('en', 'acc_code_label')).fill(first.code!)
  await page.getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true }).click()
  await expect(page.getByTestId('account-link').first()).toBeVisible()
  secrets.push(...(await sessionTokens(context)))

  // The used link opened again: a failure the site's server logs.
  await page.goto(new URL(first.link!).pathname.replace('/en/login/', '/en/confirm-email/'))
  await expect(page.getByTestId('confirm-failed')).toBeVisible()

  // An e-mail change confirmed by its link.
  const next = uniqueEmail('logs-next')
  await page.goto('/en/account')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
  await page.locator('#acc-email').scrollIntoViewIfNeeded()
  await page.getByLabel(msg('en', 'acc_new_email_label')).fill(next)
  await page.getByRole('button', { name: msg('en', 'acc_change_email_submit') }).click()
  const change = await mailNumber(request, next, 1)
  secrets.push(change.code!, new URL(change.link!).pathname.split('/').pop()!)
  await page.goto(new URL(change.link!).pathname)
  await expect(page.getByTestId('confirm-done')).toBeVisible()

  // A sign-in by link in another browser.
  await new Promise((resolve) => setTimeout(resolve, 30_500))
  const other = await browser.newContext({ baseURL: SITE })
  const otherPage = await other.newPage()
  await request.get(`${BACKEND}/en/users/auth?email=${encodeURIComponent(next)}`)
  const byLink = await mailNumber(request, next, 2)
  secrets.push(byLink.code!, new URL(byLink.link!).pathname.split('/').pop()!)
  await otherPage.goto(new URL(byLink.link!).pathname)
  await expect(otherPage.getByTestId('account-link').first()).toBeVisible()
  secrets.push(...(await sessionTokens(other)))

  // A card payment in the sandbox widget.
  await openPremium(page)
  await planButton(page, '7 days').click()
  await page.locator('#agreement-premium').check()
  await page.locator('#agreement-promo').check()
  await payButton(page).click()
  await expect(cardDialog(page)).toBeVisible({ timeout: 20_000 })
  // Any valid number but the declined test card is approved; not the one the start lines name.
  await payWithCard(page, CARD)
  await expect(page).toHaveURL(/\/en\/account$/, { timeout: 30_000 })
  secrets.push(CARD.replaceAll(' ', ''), CARD)
  await Promise.all([context.close(), other.close()])
  // Each process writes its lines in batches, in order: a last request to each, under an id of the
  // test's own, and the scan waits for both of their lines, after which every earlier line is in.
  await request.get(`${SITE}/en/faq`, { headers: { 'x-request-id': 'scan-end.site' } })
  await request.get(`${BACKEND}/en/subscriptions`, { headers: { 'x-request-id': 'scan-end.backend', 'x-site-proxy-token': SITE_PROXY_TOKEN } })
  await expect.poll(() => [logs.includes('scan-end.site'), logs.includes('scan-end.backend')], { timeout: 10_000 }).toEqual([true, true])

  expect(secrets.filter(Boolean).length).toBeGreaterThanOrEqual(12)
  expect(logs.length).toBeGreaterThan(0)
  for (const secret of secrets) expect(logs, `a log line holds ${secret.slice(0, 4)}…`).not.toContain(secret)
})

test('R10.4: the no-JavaScript sign-in names its visitor: one visitor over the limit, another not', async ({ request }) => {
  /** A wrong code posted through the site's form by the visitor at `address` (the test plays the proxy in front of the site). */
  const postWrongCode = async (email: string, address: string) => {
    const answer = await request.post(`${SITE}/forms/sign-in-code`, {
      form: { locale: 'de', email, code: '000000' },
      headers: { origin: SITE, 'x-forwarded-for': address },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(303)
    const flash = answer.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('form_flash='))!.value
    return (JSON.parse(decodeURIComponent(flash.slice('form_flash='.length).split(';')[0]!)) as { error: string }).error
  }
  const emails = [uniqueEmail('visitor-a'), uniqueEmail('visitor-b')]
  for (const email of emails) expect((await request.get(`${BACKEND}/de/users/auth?email=${encodeURIComponent(email)}`)).status()).toBe(200)
  // The mailed codes are never 000000 in these accounts' first mail, or the test could not be wrong.
  for (const email of emails) expect((await mailNumber(request, email, 1)).code).not.toBe('000000')
  const wrong = /^Der Code ist falsch/
  for (let i = 0; i < 3; i++) expect(await postWrongCode(emails[0]!, '203.0.113.7')).toMatch(wrong)
  expect(await postWrongCode(emails[0]!, '203.0.113.7')).toBe('Zu viele falsche Codes aus Ihrem Netzwerk. Bitte versuchen Sie es in 10 Min. erneut.')
  // Another visitor, through the same site: their own count.
  expect(await postWrongCode(emails[1]!, '198.51.100.23')).toMatch(wrong)
})
