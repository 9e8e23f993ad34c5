import { defineConfig, devices } from '@playwright/test'

/** The stories test: every story of the static Storybook build, in Debian's Chromium. */
export const STORIES_PORT = Number(process.env.STORIES_PORT ?? 6106)

export default defineConfig({
  testDir: 'tests/stories',
  outputDir: 'test-results/stories',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${STORIES_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/serve-static.mjs storybook-static ${STORIES_PORT}`,
    url: `http://127.0.0.1:${STORIES_PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
