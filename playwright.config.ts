import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/check-browser.mjs'

export const SITE_PORT = Number(process.env.E2E_PORT ?? 3210)
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 3211)
export const SITE = `http://localhost:${SITE_PORT}`
export const BACKEND = `http://localhost:${BACKEND_PORT}`

/**
 * How the site's browser tests run: in parallel on two workers, never retried, in Debian's
 * Chromium (Playwright cannot download its own browsers here; scripts/check-browser.mjs). The
 * stories run in the same browser through Vitest (vitest.stories.config.ts).
 */
export const BROWSER_TESTS: PlaywrightTestConfig = {
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
}

/** What every browser test uses: a trace kept for a failure, and Chromium with the switches a suite adds. */
export function chromiumUse(...args: string[]): PlaywrightTestConfig['use'] {
  return { trace: 'retain-on-failure', launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...args] } }
}

export default defineConfig({
  ...BROWSER_TESTS,
  testDir: 'tests/e2e',
  // One folder per port, so runs on different ports never clear each other's artefacts.
  outputDir: process.env.E2E_PORT ? `test-results/${process.env.E2E_PORT}` : 'test-results',
  expect: { timeout: 7_000 },
  use: { ...chromiumUse('--host-resolver-rules=MAP mirror.localhost 127.0.0.1'), baseURL: SITE },
  webServer: {
    // E2E_DEV=1 runs the tests against Vite's development server (no build needed).
    command: process.env.E2E_DEV ? 'node scripts/start.mjs --dev' : 'node scripts/start.mjs',
    url: `${SITE}/en`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(SITE_PORT),
      BACKEND_PORT: String(BACKEND_PORT),
      MIRROR_BASE_URL: `http://mirror.localhost:${SITE_PORT}`,
      BACKEND_DATA_DIR: 'memory://',
      // The browser tests' backend is always a fresh embedded database, whatever DATABASE_URL says.
      DATABASE_URL: '',
      NODE_ENV: 'production',
      // One site process: the page-cache tests expect the second request to meet the first's copy.
      WEB_CONCURRENCY: '1',
      // The tests play the proxy from this machine (X-Forwarded-Host for the mirror, -Proto for https).
      TRUST_PROXY: 'loopback',
      // Every browser of the suite is 127.0.0.1: the backend's limit of wrong codes per address (R10.4)
      // would count them all as one visitor. The limit per account holds as configured; hostile.spec.ts
      // and backend/tests/auth-limits.test.ts check both limits.
      CODE_CLIENT_MAX_WRONG: '100000',
    },
  },
})
