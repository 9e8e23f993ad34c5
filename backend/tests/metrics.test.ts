// R10.17: the stand-in backend's metrics, on their own port only, moved by the numbers sent.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cpNotice, formBody } from './helpers.ts'
import { type BackendProcess, freePort, parseMetrics, startBackendProcess } from './ops-helpers.ts'

/**
 * The backend as `tsx backend/src/main.ts` runs it, with BACKEND_METRICS_PORT: the metrics server on its
 * own port, and counters that move by exactly what was sent.
 */

/** The development mode's CloudPayments secret (the README's published sandbox default). */
const CP_SECRET = 'sandbox-cloudpayments-api-secret'

let backend: BackendProcess
let api = ''
let metricsUrl = ''

beforeAll(async () => {
  const [port, metricsPort] = [await freePort(), await freePort()]
  api = `http://127.0.0.1:${port}`
  metricsUrl = `http://127.0.0.1:${metricsPort}`
  backend = await startBackendProcess(
    { BACKEND_PORT: String(port), BACKEND_METRICS_PORT: String(metricsPort) },
    { ready: (written) => written.includes('listening on') && written.includes('/metrics') },
  )
}, 60_000)

afterAll(async () => {
  if (backend && backend.child.exitCode === null) {
    backend.child.kill('SIGTERM')
    await backend.exited
  }
})

async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(`${metricsUrl}/metrics`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parseMetrics(await res.text())
}

/** How much a sample moved between two scrapes (a series not there yet counts 0). */
const moved = (before: Map<string, number>, after: Map<string, number>, sample: string) => (after.get(sample) ?? 0) - (before.get(sample) ?? 0)

/** A CloudPayments notification as its server sends it: form-encoded, `Content-HMAC` over the raw body. */
function notify(kind: 'check' | 'pay' | 'fail', fields: Record<string, unknown>, secret: string) {
  const body = formBody(fields)
  return fetch(`${api}/notifications/cloudpayments/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': createHmac('sha256', secret).update(body).digest('base64') },
    body,
  })
}

describe('metrics on BACKEND_METRICS_PORT', () => {
  it('count requests by route pattern, payments by status and notifications by result, exactly', async () => {
    // A payment to notify about: a user signed in through the development mailbox.
    const email = `metrics-${Date.now()}@example.com`
    expect((await fetch(`${api}/en/users/auth?email=${encodeURIComponent(email)}`)).status).toBe(200)
    const [mail] = await (await fetch(`${api}/__dev/mail?to=${encodeURIComponent(email)}`)).json()
    const verified = await fetch(`${api}/en/users/verify`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code: mail.code }),
    })
    const { token } = await verified.json()

    const before = await scrape()
    for (let i = 0; i < 7; i++) expect((await fetch(`${api}/de/subscriptions`)).status).toBe(200)
    const created = await fetch(`${api}/en/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ subscription_id: 3, service: 'cloudpayments' }),
    })
    expect(created.status).toBe(201)
    const payment = await created.json()
    const fields = cpNotice(payment)
    for (let i = 0; i < 3; i++) expect((await notify('pay', fields, 'not-the-api-secret')).status).toBe(401)
    const accepted = await notify('pay', fields, CP_SECRET)
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ code: 0, status: 'paid', applied: true })
    const after = await scrape()

    const change = (sample: string) => moved(before, after, sample)
    expect(change('backend_http_requests_total{method="GET",route="/:locale/subscriptions",status="200"}')).toBe(7)
    expect(change('backend_http_request_duration_seconds_count{method="GET",route="/:locale/subscriptions"}')).toBe(7)
    expect(change('backend_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/:locale/subscriptions"}')).toBe(7)
    expect(change('backend_http_requests_total{method="POST",route="/notifications/cloudpayments/:kind",status="401"}')).toBe(3)
    expect(change('backend_http_requests_total{method="POST",route="/notifications/cloudpayments/:kind",status="200"}')).toBe(1)
    expect(change('backend_http_requests_total{method="POST",route="/:locale/payments",status="201"}')).toBe(1)
    expect(change('backend_provider_notifications_total{provider="cloudpayments",result="refused"}')).toBe(3)
    expect(change('backend_provider_notifications_total{provider="cloudpayments",result="accepted"}')).toBe(1)
    expect(change('backend_provider_notifications_total{provider="payselection",result="accepted"}')).toBe(0)
    expect(change('backend_payments_total{status="pending"}')).toBe(1)
    expect(change('backend_payments_total{status="paid"}')).toBe(1)
    expect(change('backend_payments_total{status="failed"}')).toBe(0)
    // The statements those requests ran, by kind.
    expect(change('backend_db_query_duration_seconds_count{kind="select"}')).toBeGreaterThanOrEqual(7)
    expect(change('backend_db_query_duration_seconds_count{kind="insert"}')).toBeGreaterThanOrEqual(1)
    expect(change('backend_db_query_duration_seconds_count{kind="update"}')).toBeGreaterThanOrEqual(1)
    // And the process's own, from prom-client's defaults.
    expect(after.get('process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true)
  })

  it('answers nothing but GET /metrics, and the API port has no /metrics', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404)
    expect((await fetch(`${metricsUrl}/metrics/x`)).status).toBe(404)
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${api}/metrics`)).status).toBe(404)
  })

  it('logs one JSON line per event on stdout', async () => {
    // Standard output is written in batches, at least every 250 ms.
    const written = () => backend.stdout() + backend.stderr()
    const accessLines = () =>
      written()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === 'request' && l.route === '/:locale/subscriptions')
    await expect.poll(() => accessLines().length, { timeout: 2000 }).toBe(7)
    // The notifications' lines come in a later batch than the plan list's.
    await expect.poll(() => written().split('\n').filter(Boolean).length, { timeout: 2000 }).toBeGreaterThan(15)
    const lines = written().split('\n').filter(Boolean)
    expect(lines.length).toBeGreaterThan(15)
    for (const text of lines) {
      const line = JSON.parse(text)
      expect(line).toMatchObject({ service: 'backend', level: expect.stringMatching(/^(fatal|error|warn|info|debug|trace)$/) })
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(typeof line.msg).toBe('string')
    }
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request' && l.route === '/:locale/subscriptions')
    expect(access).toHaveLength(7)
  })
})

describe('counts made between two scrapes', () => {
  it('are all in the next scrape, however many (1,500 requests and 2,600 statements here), by label set', async () => {
    const { Metrics } = await import('../src/metrics.ts')
    const metrics = new Metrics()
    for (let i = 0; i < 1500; i++) metrics.request('GET', i % 3 === 0 ? '/:locale/users/me' : '/:locale/subscriptions', 200, 0.002)
    for (let i = 0; i < 2600; i++) metrics.query(i % 2 === 0 ? 'select' : 'update', 0.0007)
    const first = parseMetrics(await metrics.registry.metrics())
    expect(first.get('backend_http_requests_total{method="GET",route="/:locale/users/me",status="200"}')).toBe(500)
    expect(first.get('backend_http_requests_total{method="GET",route="/:locale/subscriptions",status="200"}')).toBe(1000)
    expect(first.get('backend_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/:locale/subscriptions"}')).toBe(1000)
    expect(first.get('backend_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/:locale/subscriptions"}')).toBe(0)
    expect(first.get('backend_db_query_duration_seconds_count{kind="select"}')).toBe(1300)
    expect(first.get('backend_db_query_duration_seconds_bucket{le="0.001",kind="update"}')).toBe(1300)
    // Three more, then the next scrape: they are there, and nothing is counted twice.
    for (let i = 0; i < 3; i++) metrics.request('GET', '/:locale/users/me', 401, 0.001)
    const second = parseMetrics(await metrics.registry.metrics())
    expect(second.get('backend_http_requests_total{method="GET",route="/:locale/users/me",status="401"}')).toBe(3)
    expect(second.get('backend_http_requests_total{method="GET",route="/:locale/users/me",status="200"}')).toBe(500)
    expect(second.get('backend_db_query_duration_seconds_count{kind="select"}')).toBe(1300)
  })

  it('keep at most 1,024 counts waiting: the 1,024th hands them all over', async () => {
    const { Metrics } = await import('../src/metrics.ts')
    const metrics = new Metrics()
    for (let i = 0; i < 511; i++) metrics.request('GET', '/:locale/subscriptions', 200, 0.002)
    metrics.query('select', 0.001)
    expect(metrics.countsWaiting).toBe(1023)
    metrics.query('select', 0.001)
    expect(metrics.countsWaiting).toBe(0)
    metrics.request('GET', '/:locale/subscriptions', 200, 0.002)
    expect(metrics.countsWaiting).toBe(2)
  })
})
