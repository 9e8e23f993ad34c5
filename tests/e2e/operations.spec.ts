// Issue 40, R10.16, R10.17: what an operator sees of a running site with two workers. Under a short load the
// metrics (aggregated over the workers by the start process, on a port of their own) move by the
// numbers sent; every request has an access line and an id, the id reaches the backend, and no
// line holds the codes in the paths asked for.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { BACKEND_PORT, SITE_PORT } from '../../playwright.config.ts'
import { metricSamples } from '../unit/support/metrics.ts'
import { sessionCookieViaApi, uniqueEmail } from './support/login.ts'
import { childrenOf, get } from './support/processes.ts'
import { startProxy } from './support/second-site.ts'
import { type SiteServer, startSiteServer, waitForPage } from './support/site-server.ts'

const PORT = SITE_PORT + 60
const METRICS_PORT = SITE_PORT + 61
const PROXY_PORT = SITE_PORT + 62
const RECEIVER_PORT = SITE_PORT + 63
const SITE = `http://localhost:${PORT}`

async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4')
  return metricSamples(await response.text())
}

const moved = (before: Map<string, number>, after: Map<string, number>, key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0)

interface AccessLine {
  level: string
  service: string
  worker: number
  reqId: string
  method: string
  route: string
  status: number
  durationMs: number
  cache: string | null
  queueMs: number | null
  msg: string
}

function accessLines(site: SiteServer): AccessLine[] {
  return site
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'request')
}

test.describe.configure({ mode: 'serial' })

let site: SiteServer
let proxy: Awaited<ReturnType<typeof startProxy>>
/** The X-Request-Id of every call the site made to the backend, by path. */
const backendCalls: { path: string; id: string | undefined }[] = []
/** What the error hook received (ERROR_REPORT_URL points here). */
const reports: Record<string, unknown>[] = []
let receiver: Server

test.beforeAll(async () => {
  test.setTimeout(180_000)
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      reports.push(JSON.parse(body))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve))
  proxy = await startProxy(PROXY_PORT, `http://127.0.0.1:${BACKEND_PORT}`, (req: IncomingMessage) => {
    backendCalls.push({ path: req.url ?? '', id: req.headers['x-request-id'] as string | undefined })
    return false
  })
  site = startSiteServer(PORT, `http://127.0.0.1:${PROXY_PORT}`, {
    WEB_CONCURRENCY: '2',
    METRICS_PORT: String(METRICS_PORT),
    LOG_FORMAT: 'json',
    TRUST_PROXY: 'loopback',
    ERROR_REPORT_URL: `http://127.0.0.1:${RECEIVER_PORT}/errors`,
  })
  await waitForPage(`${SITE}/en`, 150_000)
  // The metrics port opens once the workers are up.
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200)
})

test.afterAll(async () => {
  await site?.stop()
  await new Promise((resolve) => proxy?.close(resolve))
  await new Promise((resolve) => receiver?.close(resolve))
})

test('under a short load the aggregated metrics move by the numbers sent', async () => {
  const before = await scrape()
  for (let i = 0; i < 7; i++) expect((await get(`${SITE}/ru/faq`)).status).toBe(200)
  for (let i = 0; i < 3; i++) expect((await get(`${SITE}/en/login/SECRETCODE${i}`)).status).toBe(200)
  for (let i = 0; i < 3; i++) expect((await get(`${SITE}/de/premium?visit=${i}`)).status).toBe(200)
  const after = await scrape()

  expect(moved(before, after, 'site_http_requests_total{method="GET",route="/faq",status="200"}')).toBe(7)
  expect(moved(before, after, 'site_http_requests_total{method="GET",route="/login/$code",status="200"}')).toBe(3)
  expect(moved(before, after, 'site_http_requests_total{method="GET",route="/premium",status="200"}')).toBe(3)
  // Each worker keeps its own guest cache: the first /ru/faq a worker gets is rendered, the rest are kept copies.
  const faqMisses = moved(before, after, 'site_page_cache_total{result="MISS"}') - 3
  expect([1, 2]).toContain(faqMisses)
  expect(moved(before, after, 'site_page_cache_total{result="HIT"}')).toBe(7 - faqMisses)
  // Every login page (it holds a code: never kept), every premium page and the faq misses were rendered.
  expect(moved(before, after, 'site_render_duration_seconds_count')).toBe(3 + 3 + faqMisses)
  // Each premium page asked the backend for the plans once (BACKEND_CACHE_SECONDS=0).
  expect(moved(before, after, 'site_backend_call_duration_seconds_count{method="GET",endpoint="/subscriptions"}')).toBe(3)
  expect(moved(before, after, 'site_http_request_duration_seconds_count{route="/faq"}')).toBe(7)
  expect(after.get('site_render_queue_length')).toBe(0)
  expect(after.get('site_worker_restarts_total')).toBe(0)
  // The default process metrics, of the workers and of the start process.
  expect(after.get('process_cpu_user_seconds_total')).toBeGreaterThan(0)
  expect(after.get('site_primary_process_cpu_user_seconds_total')).toBeGreaterThan(0)
})

test('every request has an access line and an id, which reaches the backend; no line holds the codes asked for', async () => {
  const edge = await get(`${SITE}/en/faq`, { 'x-request-id': 'edge-42.a' })
  expect(edge.headers['x-request-id']).toBe('edge-42.a')
  const own = await get(`${SITE}/de/premium?visit=ids`)
  const id = own.headers['x-request-id'] as string
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  // Each worker writes its lines in batches of its own (at least every 250 ms): wait for both lines,
  // which two different workers may have written.
  await expect.poll(() => ['edge-42.a', id].filter((reqId) => accessLines(site).some((line) => line.reqId === reqId))).toHaveLength(2)

  const lines = accessLines(site)
  const edgeLine = lines.find((line) => line.reqId === 'edge-42.a')!
  expect(edgeLine).toMatchObject({ level: 'info', service: 'site', method: 'GET', route: '/faq', status: 200 })
  const premium = lines.find((line) => line.reqId === id)!
  expect(premium).toMatchObject({ method: 'GET', route: '/premium', status: 200, cache: 'MISS' })
  expect([1, 2]).toContain(premium.worker)
  expect(premium.durationMs).toBeGreaterThan(0)
  expect(premium.queueMs).toBeGreaterThanOrEqual(0)
  for (const line of lines)
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'service',
      'worker',
      'pid',
      'reqId',
      'method',
      'route',
      'status',
      'durationMs',
      'cache',
      'queueMs',
      'msg',
    ])
  // The render of that page asked the backend for the plans under the page's id.
  expect(backendCalls.filter((call) => call.id === id).map((call) => call.path)).toEqual(['/de/subscriptions'])
  expect(backendCalls.every((call) => typeof call.id === 'string' && call.id.length > 0)).toBe(true)
  expect(site.stdout() + site.stderr()).not.toContain('SECRETCODE')
  expect(site.stderr()).toBe('')
})

test("a signed-in visitor's page asks the backend for each thing once: the user is one call, shared by the site's context and the page", async ({
  request,
}) => {
  const cookie = await sessionCookieViaApi(request, uniqueEmail('ops-calls'))
  const callsOf = async (path: string) => {
    const answer = await get(`${SITE}${path}`, { cookie })
    expect(answer.status).toBe(200)
    const id = answer.headers['x-request-id'] as string
    return backendCalls
      .filter((call) => call.id === id)
      .map((call) => call.path)
      .sort()
  }
  expect(await callsOf('/en/premium')).toEqual(['/en/subscriptions', '/en/users/me', '/en/users/subscription/special'])
  expect(await callsOf('/de/account')).toEqual(['/de/payments', '/de/payments/card', '/de/users/me', '/de/users/subscription/special'])
})

test('metrics are not served on the site, and a worker that stops is counted as it is replaced', async () => {
  expect((await get(`${SITE}/metrics`)).status).toBe(404)
  const workers = childrenOf(site.child.pid!)
  expect(workers).toHaveLength(2)
  process.kill(workers[0]!, 'SIGKILL')
  await expect.poll(async () => (await scrape()).get('site_worker_restarts_total'), { timeout: 20_000 }).toBe(1)
  await expect.poll(() => site.stderr(), { timeout: 10_000 }).toContain(`Site worker ${workers[0]} stopped (SIGKILL); starting another.`)
  await waitForPage(`${SITE}/en`, 60_000)
})

test("R10.15: an error in a visitor's page reaches the error hook through the site, named by its route's pattern", async ({ page }) => {
  await page.goto(`${SITE}/ru/login/SECRETCODE9`)
  // The beacon comes with the page's script, which starts after the page is painted (decision 025).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('the page broke on purpose')
    }, 0)
  })
  await expect.poll(() => reports.length, { timeout: 15_000 }).toBe(1)
  const [report] = reports
  expect(Object.keys(report!).sort()).toEqual(['message', 'release', 'requestId', 'route', 'service', 'stack', 'time'])
  expect(report).toMatchObject({ service: 'browser', message: 'the page broke on purpose', route: '/login/$code' })
  expect(report!.stack).toContain('the page broke on purpose')
  expect(report!.release).toMatch(/^[a-z0-9]+-[0-9a-f]{6}$/)
  expect(report!.requestId).toMatch(/^[0-9a-f-]{36}$/)
  expect(JSON.stringify(report)).not.toContain('SECRETCODE9')
  // The beacon's own request is in the site's log under the id the report carries.
  await expect.poll(() => accessLines(site).find((line) => line.reqId === report!.requestId)?.route).toBe('/__errors')
})
