/**
 * Decision 097: the live view. `INSPECT=1 npm run dev` hands every machine actor of the page to
 * Stately's inspector, which the site opens in a window of its own (`INSPECT_URL`); a production
 * build carries none of the inspector's code.
 *
 * The development server runs here on ports of its own (SITE_PORT + 55 and + 56) with its own
 * stand-in backend, and its inspector is a page of this test: every message the site posts to it
 * is kept in that page.
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { BrowserContext, Page } from '@playwright/test'
import { SITE_PORT } from '../../playwright.config.ts'
import { readMachineLog, recordMachines } from './model/observe.ts'
import { expect, test } from './support/fixtures.ts'
import { sessionCookieViaApi, uniqueEmail } from './support/login.ts'
import { planButtonName } from './support/messages.ts'
import { stopSite, waitForPage } from './support/site-server.ts'

/**
 * Strings only the inspector's code holds: the messages its window and the page exchange, and the
 * name of the window it opens.
 */
const INSPECTOR_ONLY = ['@statelyai.connected', '@statelyai.disconnected', 'xstateinspector']

test('decision 097: the production browser bundle carries no inspector code', () => {
  // The strings are the package's own: were its code bundled, they would be found.
  const own = readFileSync('node_modules/@statelyai/inspect/dist/index.mjs', 'utf8')
  for (const text of INSPECTOR_ONLY) expect(own, text).toContain(text)

  const files = readdirSync('dist/client', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  expect(files.filter((file) => file.name.endsWith('.js')).length).toBeGreaterThan(10)
  const found: string[] = []
  let machineLog = 0
  for (const file of files) {
    const path = join(file.parentPath, file.name)
    const bytes = readFileSync(path)
    // The precompressed copies are served as they are: read them as the browser does.
    const text = (path.endsWith('.br') ? brotliDecompressSync(bytes) : path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
    for (const only of INSPECTOR_ONLY) if (text.includes(only)) found.push(`${path}: ${only}`)
    if (file.name.endsWith('.js') && text.includes('machine-log:entries')) machineLog++
  }
  expect(found).toEqual([])
  // The code next to the live view (the machine log of the browser tests) is there: the scan reads the real bundle.
  expect(machineLog).toBeGreaterThan(0)
})

const DEV_PORT = SITE_PORT + 55
const DEV_BACKEND_PORT = SITE_PORT + 56
const DEV_SITE = `http://localhost:${DEV_PORT}`
const DEV_BACKEND = `http://localhost:${DEV_BACKEND_PORT}`
const INSPECTOR = 'http://inspector.test/'

/**
 * The inspector's window: it says it is connected, as Stately's does, and keeps every message the
 * site posts to it.
 */
const INSPECTOR_PAGE = `<!doctype html><html lang="en"><title>Inspector</title><body><script>
window.received = [];
window.addEventListener('message', (event) => window.received.push(event.data));
window.opener?.postMessage({ type: '@statelyai.connected' }, '*');
</script></body></html>`

/** A message the site posted to the inspector (the fields the test reads). */
interface InspectorMessage {
  type: string
  sessionId: string
  name?: string
  definition?: string
  event?: { type: string }
  snapshot?: { value?: unknown; context?: { label?: string; subscription?: { id?: number } | null } }
}

async function received(inspector: Page): Promise<InspectorMessage[]> {
  return inspector.evaluate(() => (window as unknown as { received: InspectorMessage[] }).received)
}

/** A visitor signed in with the development server's own backend, as the site stores a sign-in. */
async function signInToDevSite(context: BrowserContext, request: Parameters<typeof sessionCookieViaApi>[0]) {
  const header = await sessionCookieViaApi(request, uniqueEmail('live-view'), 'en', DEV_BACKEND)
  await context.addCookies(
    header.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: 'localhost', path: '/' }
    }),
  )
}

test.describe('decision 097: the live view of the development server', () => {
  // The development server prepares its dependencies on its first start: slow the first time.
  test.describe.configure({ timeout: 240_000 })
  let site: ChildProcess | undefined
  let stderr = ''

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    site = spawn(process.execPath, ['scripts/start.mjs', '--dev'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: {
        ...process.env,
        PORT: String(DEV_PORT),
        BACKEND_PORT: String(DEV_BACKEND_PORT),
        MIRROR_BASE_URL: `http://mirror.localhost:${DEV_PORT}`,
        // Its own stand-in backend, with a throw-away database.
        API_BASE_URL: '',
        BACKEND_DATA_DIR: 'memory://',
        DATABASE_URL: '',
        NODE_ENV: 'development',
        INSPECT: '1',
        INSPECT_URL: INSPECTOR,
      },
    })
    site.stderr?.on('data', (data: Buffer) => (stderr += data.toString()))
    await waitForPage(`${DEV_SITE}/en/premium`, 200_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`)
    })
  })

  test.afterAll(async () => {
    await stopSite(site)
  })

  test('choosing a plan on the premium page shows in the inspector: the payment machine, its state and context', async ({ context, page, request }) => {
    test.setTimeout(180_000)
    await context.route(`${INSPECTOR}**`, (route) => route.fulfill({ contentType: 'text/html', body: INSPECTOR_PAGE }))
    // The browser tests' machine log stays on beside the live view (decision 043).
    await recordMachines(context)
    await signInToDevSite(context, request)
    const consoleLines: string[] = []
    page.on('console', (message) => consoleLines.push(message.text()))

    const opened = page.waitForEvent('popup', { timeout: 120_000 })
    await page.goto(`${DEV_SITE}/en/premium`, { timeout: 120_000 })
    const inspector = await opened
    expect(inspector.url()).toBe(INSPECTOR)
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 120_000 })

    const choose = page.getByRole('button', { name: planButtonName('en', '7 days') })
    await choose.click()
    await expect(choose).toHaveAttribute('aria-pressed', 'true')

    // The page's actors were announced to the inspector with their machines' definitions.
    let messages: InspectorMessage[] = []
    await expect
      .poll(
        async () => {
          messages = await received(inspector)
          return messages.filter((m) => m.type === '@xstate.actor').map((m) => m.name)
        },
        { timeout: 30_000 },
      )
      .toEqual(expect.arrayContaining(['locale', 'auth', 'payment']))
    const payment = messages.find((m) => m.type === '@xstate.actor' && m.name === 'payment')!
    expect(JSON.parse(payment.definition ?? '{}')).toMatchObject({ id: 'payment', initial: 'checkingService' })

    // The choice, as the inspector shows it: the event, the state reached and the plan in the context.
    await expect
      .poll(
        async () => {
          const chosen = (await received(inspector)).filter(
            (m) => m.type === '@xstate.snapshot' && m.sessionId === payment.sessionId && m.event?.type === 'plan.select',
          )
          return chosen.map((m) => ({ value: m.snapshot?.value, label: m.snapshot?.context?.label, plan: m.snapshot?.context?.subscription?.id }))
        },
        { timeout: 30_000 },
      )
      .toContainEqual({ value: 'selecting', label: '7 days', plan: 2 })
    // Events reach it too, with the actor they were sent to.
    messages = await received(inspector)
    expect(messages.some((m) => m.type === '@xstate.event' && m.sessionId === payment.sessionId)).toBe(true)

    // And the machine log recorded the same choice.
    const log = await readMachineLog(page)
    expect(log.filter((entry) => entry.machine === 'payment').flatMap((entry) => entry.transitions)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^payment\.selecting plan\.select\[\d\]$/)]),
    )
    // The inspector loaded and its window opened: the site had nothing to say about it.
    expect(consoleLines.filter((line) => line.startsWith('Live view'))).toEqual([])
  })
})
