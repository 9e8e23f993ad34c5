/**
 * Issue 18, decisions 083-085: the fleet (`npm run fleet`): nginx in front of two site instances
 * and the stand-in backend on PostgreSQL. Guest pages come from the proxy's cache; a signed-in
 * visitor passes through it; a deploy restarts every instance one by one under load without a
 * failed request; an instance stopped hard is routed around.
 */

import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
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

/** A signed-in visitor of the fleet's own backend: the Cookie header their browser sends. */
const signedInCookie = (request: APIRequestContext) => sessionCookieViaApi(request, uniqueEmail('fleet'), 'en', BACKEND)

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
