// Issue 40, R10.8: no log line of the site or the stand-in backend holds a token, a sign-in code or
// link, a cookie value or a card detail. A site with its own stand-in (both logging JSON at debug,
// every line of both processes kept) is used the visitor's way: sign-in with the mailed code and by
// the mailed link, a card payment in the sandbox widget, an e-mail change confirmed with its code.
// Then every line of both processes is searched for each value the flows used.
import { type ChildProcess, spawn } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { SITE_PORT } from '../../playwright.config.ts'
import { latestMail, uniqueEmail } from './support/login.ts'
import { msg } from './support/messages.ts'
import { buyMonthByCard, GOOD_CARD } from './support/payments.ts'
import { stopSite, waitForPage } from './support/site-server.ts'

const PORT = SITE_PORT + 64
const BACKEND_PORT = SITE_PORT + 65
const SITE = `http://localhost:${PORT}`
const BACKEND = `http://localhost:${BACKEND_PORT}`

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ baseURL: SITE })

let child: ChildProcess
let output = ''

interface LogLine {
  service?: string
  msg?: string
  route?: string
  reqId?: string
}

/** Every JSON line both processes wrote. */
const logLines = (): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

test.beforeAll(async () => {
  test.setTimeout(180_000)
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      BACKEND_PORT: String(BACKEND_PORT),
      BACKEND_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      API_BASE_URL: '',
      MIRROR_BASE_URL: `http://mirror.localhost:${PORT}`,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
    },
  })
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()))
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()))
  await waitForPage(`${SITE}/en`, 150_000)
})

test.afterAll(async () => {
  await stopSite(child)
})

test('signing in, paying and changing the e-mail leave no code, link, token, cookie or card number in any line of either process', async ({
  page,
  browser,
  request,
}) => {
  const secrets: string[] = []

  // Sign-in with the mailed code.
  const email = uniqueEmail('logs')
  await page.goto('/en/account')
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Faccount$/)
  await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  const signInMail = await latestMail(request, email, BACKEND)
  secrets.push(signInMail.code!, signInMail.link!, new URL(signInMail.link!).pathname.split('/').at(-1)!)
  await page.getByLabel(msg('en', 'acc_code_label')).fill(signInMail.code!)
  await page.getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true }).click()
  await expect(page).toHaveURL(/\/en\/account$/)

  // Sign-in by the mailed link, another visitor in another browser.
  const other = await browser.newContext({ baseURL: SITE })
  const otherPage = await other.newPage()
  const otherEmail = uniqueEmail('logs-link')
  await otherPage.goto('/en/login')
  await otherPage.getByLabel(msg('en', 'acc_email_label')).fill(otherEmail)
  await otherPage.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  const linkMail = await latestMail(request, otherEmail, BACKEND)
  secrets.push(linkMail.code!, linkMail.link!, new URL(linkMail.link!).pathname.split('/').at(-1)!)
  await otherPage.goto(new URL(linkMail.link!).pathname)
  await expect.poll(async () => (await other.cookies()).some((cookie) => cookie.name === 'auth._token.local'), { timeout: 30_000 }).toBe(true)
  for (const cookie of await other.cookies()) if (cookie.value.length >= 8) secrets.push(cookie.value, decodeURIComponent(cookie.value))
  await other.close()

  // A month paid by card in the sandbox widget.
  await buyMonthByCard(page)
  await expect(page.getByTestId('payment-row').first()).toHaveAttribute('data-status', 'paid')
  secrets.push(GOOD_CARD, GOOD_CARD.replaceAll(' ', ''))

  // The e-mail change, confirmed with the mailed code.
  const next = uniqueEmail('logs-new')
  const form = page.getByTestId('change-email')
  await form.getByLabel(msg('en', 'acc_new_email_label')).fill(next)
  await form.getByRole('button').click()
  const changeMail = await latestMail(request, next, BACKEND)
  secrets.push(changeMail.code!, changeMail.link!, new URL(changeMail.link!).pathname.split('/').at(-1)!)
  const codeForm = page.getByTestId('confirm-email-code')
  await codeForm.getByLabel(msg('en', 'acc_confirm_code_label')).fill(changeMail.code!)
  await codeForm.getByRole('button', { name: msg('en', 'acc_email_code_submit') }).click()
  await expect(page.getByTestId('account-email')).toContainText(next)

  // The session of this browser after all of it: its tokens, as cookies.
  for (const cookie of await page.context().cookies()) if (cookie.value.length >= 8) secrets.push(cookie.value, decodeURIComponent(cookie.value))
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'auth._token.local')
  expect(session, 'the browser holds a session').toBeTruthy()
  secrets.push(decodeURIComponent(session!.value).replace(/^Bearer /, ''))

  // Both processes logged the flows (the scan is not of an empty log). Each writes its lines in
  // batches (at least every 250 ms), so the last ones may still be on their way.
  const logged = () => {
    const requests = logLines().filter((line) => line.msg === 'request')
    return [
      requests.some((line) => line.service === 'site' && line.route === '/login/$code'),
      requests.some((line) => line.service === 'backend' && line.route === '/:locale/users/auth/:code'),
      requests.some((line) => line.service === 'backend' && line.route === '/:locale/users/email/:code'),
      requests.some((line) => line.service === 'backend' && line.route?.startsWith('/sandbox/')),
    ]
  }
  await expect.poll(logged, { timeout: 10_000 }).toEqual([true, true, true, true])
  const lines = logLines()
  // …the site's calls reached the backend under the site's request ids…
  const siteIds = new Set(lines.filter((line) => line.service === 'site' && line.msg === 'request').map((line) => line.reqId))
  expect(lines.some((line) => line.service === 'backend' && line.msg === 'request' && siteIds.has(line.reqId))).toBe(true)
  // …and not one of the values used is in any of their lines.
  const used = [...new Set(secrets.filter((secret) => secret && secret.length >= 6))]
  expect(used.length).toBeGreaterThanOrEqual(12)
  // Every line after npm start's banner (which names the sandbox's test card for the person who
  // started it) is a log line of one of the two processes, and none holds a value used.
  const afterBanner = output.slice(output.indexOf('Ctrl+C stops everything.') + 'Ctrl+C stops everything.'.length)
  const written = afterBanner.split('\n').filter((line) => line.trim() !== '')
  expect(written.length).toBeGreaterThan(50)
  expect(written.filter((line) => !line.startsWith('{'))).toEqual([])
  for (const secret of used) expect(afterBanner.includes(secret), `a log line holds ${secret.slice(0, 4)}…`).toBe(false)
})
