/**
 * Issue 18, decisions 083-085: the fleet (`npm run fleet`): nginx in front of two site instances
 * and the stand-in backend on PostgreSQL. Guest pages come from the proxy's cache; a signed-in
 * visitor passes through it; a deploy restarts every instance one by one under load without a
 * failed request; an instance stopped hard is routed around.
 */

import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { sessionCookieViaApi, uniqueEmail } from './support/login.ts'
import { childrenOf, get } from './support/processes.ts'

const FLEET_PORT = SITE_PORT + 30
const FLEET = `http://localhost:${FLEET_PORT}`
const BACKEND = `http://127.0.0.1:${FLEET_PORT + 99}`

test.describe.configure({ mode: 'serial', timeout: 240_000 })

let fleet: ChildProcess
let output = ''

test.beforeAll(async () => {
  test.setTimeout(240_000)
  fleet = spawn(process.execPath, ['scripts/fleet.mjs'], { env: { ...process.env, FLEET_PORT: String(FLEET_PORT) }, stdio: ['ignore', 'pipe', 'pipe'] })
  fleet.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  fleet.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  await expect.poll(() => output, { timeout: 200_000, intervals: [500] }).toContain('site through nginx')
})

test.afterAll(async () => {
  if (fleet.exitCode === null) {
    const gone = new Promise((resolve) => fleet.once('exit', resolve))
    fleet.kill('SIGTERM')
    await gone
  }
})

/**
 * The code the fleet's backend mailed, read from its outbox in PostgreSQL: in production mode it
 * has no dev mailbox (R10.1).
 */
async function outboxCode(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${FLEET_PORT + 100}/postgres` })
  await client.connect()
  try {
    const rows = await client.query<{ code: string }>('SELECT code FROM mail_outbox WHERE to_email = $1 AND code IS NOT NULL ORDER BY id DESC LIMIT 1', [email])
    return rows.rows[0]!.code
  } finally {
    await client.end()
  }
}

/** A signed-in visitor of the fleet's own backend: the Cookie header their browser sends. */
const signedInCookie = (request: APIRequestContext) => sessionCookieViaApi(request, uniqueEmail('fleet'), 'en', BACKEND, outboxCode)

test('guests are served from the proxy’s cache: at least 95% of requests under load', async () => {
  const paths = ['/en', '/ru/faq', '/de/premium', '/en/wiki', '/ru', '/de/faq']
  const cache: string[] = []
  await Promise.all(
    paths.map(async (path) => {
      for (let i = 0; i < 60; i++) {
        const answer = await get(`${FLEET}${path}`)
        expect(answer.status).toBe(200)
        cache.push(String(answer.headers['x-proxy-cache']))
      }
    }),
  )
  // From the cache: a fresh copy (HIT), or a stale one served while it is refreshed (STALE, UPDATING).
  const hits = cache.filter((status) => status === 'HIT' || status === 'STALE' || status === 'UPDATING').length
  expect(hits / cache.length).toBeGreaterThanOrEqual(0.95)
})

test('R10.1: the fleet is production mode: no sandbox, no dev mailbox, and the published sandbox secret signs nothing', async ({ request }) => {
  expect(output).toContain('stand-in backend')
  for (const path of ['/__dev/mail', '/sandbox/cloudpayments.js', '/sandbox/pay-widget.js', '/sandbox/widget', '/sandbox/openid/login']) {
    expect((await request.get(`${BACKEND}${path}`)).status(), path).toBe(404)
  }
  const charge = await request.post(`${BACKEND}/sandbox/provider/charge`, { data: {} })
  expect(charge.status()).toBe(404)
  // A Pay notification signed with the published sandbox secret, for a payment the attacker made.
  const cookie = await signedInCookie(request)
  const token = decodeURIComponent(/auth\._token\.local=([^;]+)/.exec(cookie)![1]!).replace('Bearer ', '')
  const created = await request.post(`${BACKEND}/en/payments`, {
    headers: { authorization: `Bearer ${token}` },
    data: { subscription_id: 3, service: 'cloudpayments' },
  })
  expect(created.status()).toBe(201)
  const payment = (await created.json()) as { payment_id: number; amount: number; currency: string; email: string; widget_token?: string }
  expect(payment.widget_token).toBeUndefined()
  const body = new URLSearchParams({
    TransactionId: '900001',
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    Status: 'Completed',
    InvoiceId: String(payment.payment_id),
    Email: payment.email,
  }).toString()
  const forged = await request.post(`${BACKEND}/notifications/cloudpayments/pay`, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-hmac': createHmac('sha256', 'sandbox-cloudpayments-api-secret').update(body).digest('base64'),
    },
    data: body,
  })
  expect(forged.status()).toBe(401)
  const me = await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })
  expect(((await me.json()) as { subscription: unknown }).subscription).toBeNull()
})

test('a signed-in visitor passes the cache and gets a private page of their own', async ({ request }) => {
  const cookie = await signedInCookie(request)
  for (let i = 0; i < 3; i++) {
    const answer = await get(`${FLEET}/en/faq`, { cookie })
    expect(answer.status).toBe(200)
    expect(answer.headers['x-proxy-cache']).toBe('BYPASS')
    expect(answer.headers['cache-control']).toBe('private, no-store')
    expect(answer.text).toContain('fleet-')
  }
})

test('R10.20: a visitor who forges X-Forwarded-For through nginx is counted by the address nginx saw', async ({ request }) => {
  const email = uniqueEmail('forger')
  expect((await request.get(`${BACKEND}/en/users/auth?email=${encodeURIComponent(email)}`)).status()).toBe(200)
  const code = await outboxCode(email)
  const wrong = code === '000000' ? '111111' : '000000'
  for (const forged of ['198.51.100.7', '198.51.100.8', '198.51.100.7, 198.51.100.9']) {
    const answer = await request.post(`${FLEET}/forms/sign-in-code`, {
      form: { locale: 'en', email, code: wrong },
      headers: { origin: FLEET, 'x-forwarded-for': forged },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(303)
  }
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${FLEET_PORT + 100}/postgres` })
  await client.connect()
  try {
    const { rows } = await client.query<{ scope: string; subject: string; n: number }>(
      `SELECT a.scope, a.subject, count(*)::int AS n FROM code_attempts a
       WHERE a.subject LIKE (SELECT id FROM users WHERE email = $1) || '@%' OR a.subject LIKE '198.51.100.%'
       GROUP BY a.scope, a.subject`,
      [email],
    )
    // All three under the address the test really came from, none under a forged one.
    expect(rows.map((r) => `${r.scope} ${r.subject.replace(/^\d+@/, '<user>@')} ${r.n}`)).toEqual(['account <user>@127.0.0.1 3'])
  } finally {
    await client.end()
  }
})

test('a page with a sign-in code in its address: nginx neither keeps nor logs it (security review 2026-11-26)', async () => {
  // A sign-in token as the backend issues them: 43 characters of base64url.
  const token = 'Zq3x9Lk2Vb7Nw4Rt8Hy1Pc6Md0Fs5Gj2Ka9Ue3Wi7Ox'
  const log = '.data/fleet/nginx/access.log'
  const from = statSync(log).size
  for (let i = 0; i < 3; i++) {
    const answer = await get(`${FLEET}/en/login/${token}?redirect=%2Fen%2Faccount`)
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('private, no-store')
    expect(answer.headers['x-proxy-cache']).toBe('BYPASS')
    // Nor kept by the instance's own guest page cache.
    expect(answer.headers['x-cache']).toBeUndefined()
  }
  for (const path of [`/login/${token}`, `/ru/confirm-email/${token}`, `/de/join/${token}`]) {
    const answer = await get(`${FLEET}${path}`)
    // A join code the backend does not know is answered 404 with its own page (R2).
    expect(answer.status, path).toBe(path.includes('/join/') ? 404 : 200)
    expect(answer.headers['x-proxy-cache'], path).toBe('BYPASS')
  }
  // nginx writes a request's line once its answer is sent: the last one may come a moment after the answer.
  const newLines = () => readFileSync(log).subarray(from).toString('utf8')
  await expect.poll(() => newLines().split('\n').filter(Boolean).length).toBe(6)
  const written = newLines()
  expect(written).not.toContain(token)
  expect(written).not.toContain('redirect=')
  expect(written.match(/"GET \/en\/login\/:code HTTP\/1\.1"/g)).toHaveLength(3)
  expect(written).toContain('"GET /login/:code HTTP/1.1"')
  expect(written).toContain('"GET /ru/confirm-email/:code HTTP/1.1"')
  expect(written).toContain('"GET /de/join/:code HTTP/1.1"')
})

test('a deploy restarts every instance one by one under load: no failed or 5xx response', async ({ request }) => {
  const cookie = await signedInCookie(request)
  let running = true
  const statuses: (number | string)[] = []
  // Signed-in visitors reach the instances themselves; guests mostly the cache.
  const visitor = async (path: string, headers: Record<string, string>) => {
    while (running)
      statuses.push(
        await get(`${FLEET}${path}`, headers).then(
          (r) => r.status,
          (error: Error) => error.message,
        ),
      )
  }
  const load = Promise.all([
    visitor('/en/faq', { cookie }),
    visitor('/ru/premium', { cookie }),
    visitor('/de', { cookie }),
    visitor('/en', {}),
    visitor('/ru/faq', {}),
  ])
  const before = output.length
  fleet.kill('SIGHUP')
  await expect.poll(() => output.slice(before), { timeout: 120_000, intervals: [500] }).toContain('every site instance restarted')
  await new Promise((r) => setTimeout(r, 500))
  running = false
  await load
  expect(statuses.length).toBeGreaterThan(100)
  expect(statuses.filter((status) => status !== 200)).toEqual([])
})

test('an instance stopped hard is routed around', async ({ request }) => {
  const cookie = await signedInCookie(request)
  // The first instance's start process and its worker: SIGKILL, no goodbye.
  const starts = execSync('ps -eo pid,args')
    .toString()
    .split('\n')
    .filter((line) => line.includes('scripts/start.mjs'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
  const victim = starts.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .includes(`PORT=${FLEET_PORT + 1}`)
    } catch {
      return false
    }
  })
  expect(victim).toBeGreaterThan(0)
  const workers = childrenOf(victim!)
  for (const pid of [victim!, ...workers]) process.kill(pid, 'SIGKILL')
  for (let i = 0; i < 20; i++) {
    const answer = await get(`${FLEET}/en/faq`, { cookie })
    expect(answer.status).toBe(200)
    expect(answer.headers['x-proxy-cache']).toBe('BYPASS')
  }
})

test('issue 40: the instances and the backend serve their metrics on loopback ports of their own, and nginx leaves out an instance that stops answering /__ready', async () => {
  // The second instance (the first was stopped above) and the backend: Prometheus' text format.
  const site = await get(`http://127.0.0.1:${FLEET_PORT + 2 + 50}/metrics`)
  expect(site.status).toBe(200)
  expect(site.text).toMatch(/^site_http_requests_total\{method="GET",route="\/faq",status="200"\} [1-9]\d*$/m)
  const backend = await get(`http://127.0.0.1:${FLEET_PORT + 99 + 50}/metrics`)
  expect(backend.status).toBe(200)
  expect(backend.text).toContain('backend_http_requests_total{')
  // The instance stopped hard in the test above no longer answers /__ready: the health watch has
  // told nginx to leave it out.
  await expect.poll(() => output, { timeout: 15_000 }).toContain(`site instance :${FLEET_PORT + 1} is not ready: nginx leaves it out`)
  const conf = readFileSync(`.data/fleet/nginx/nginx.conf`, 'utf8')
  expect(conf).toContain(`server 127.0.0.1:${FLEET_PORT + 1} max_fails=1 fail_timeout=2s down;`)
  expect(conf).toContain(`server 127.0.0.1:${FLEET_PORT + 2} max_fails=1 fail_timeout=2s;`)
})

test('R10.19: nginx reuses a connection to an instance for 4 s, less than the 5 s the instance keeps it open', async () => {
  const conf = readFileSync(`.data/fleet/nginx/nginx.conf`, 'utf8')
  expect(conf).toMatch(/upstream site \{[^}]*\n\s*keepalive_timeout 4s;\n[^}]*\}/u)
  const answer = await get(`http://127.0.0.1:${FLEET_PORT + 2}/en/faq`, { connection: 'keep-alive', host: `localhost:${FLEET_PORT}` })
  expect(answer.status).toBe(200)
  expect(answer.headers['keep-alive']).toBe('timeout=5')
  // The backend keeps its own longer than any client's (65 s).
  expect((await get(`${BACKEND}/en/subscriptions`, { connection: 'keep-alive' })).headers['keep-alive']).toBe('timeout=65')
})

test("issue 40: with its database stopped the backend's health turns unready, and the fleet says so", async () => {
  expect((await get(`${BACKEND}/__health`)).status).toBe(200)
  const pgCtl = execSync('ls /usr/lib/postgresql/*/bin/pg_ctl').toString().trim().split('\n').sort().at(-1)!
  const asRoot = process.getuid?.() === 0
  execSync(asRoot ? `su postgres -s /bin/sh -c "${pgCtl} -D .data/fleet/pg -m immediate stop"` : `${pgCtl} -D .data/fleet/pg -m immediate stop`)
  const health = await get(`${BACKEND}/__health`)
  expect(health.status).toBe(503)
  expect(JSON.parse(health.text)).toEqual({ status: 'unavailable', database: 'unreachable' })
  expect((await get(`${BACKEND}/__ready`)).status).toBe(503)
  await expect.poll(() => output, { timeout: 15_000 }).toContain('stand-in backend is unhealthy: its database does not answer')
})
