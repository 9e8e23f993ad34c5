import { defineConfig, devices } from '@playwright/test'

export const SITE_PORT = Number(process.env.E2E_PORT ?? 3210)
export const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 3211)
export const SITE = `http://localhost:${SITE_PORT}`
export const BACKEND = `http://localhost:${BACKEND_PORT}`

/** Debian's Chromium: Playwright cannot download its own browsers here. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP mirror.localhost 127.0.0.1',
]

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so runs on different ports never clear each other's artefacts.
  outputDir: process.env.E2E_PORT ? `test-results/${process.env.E2E_PORT}` : 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: SITE,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
    },
  },
})
