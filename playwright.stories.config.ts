import { defineConfig } from '@playwright/test'
import { BROWSER_TESTS, chromiumUse } from './playwright.config.ts'

/** The stories test: every story of the static Storybook build, in Debian's Chromium. */
export const STORIES_PORT = Number(process.env.STORIES_PORT ?? 6106)

export default defineConfig({
  ...BROWSER_TESTS,
  testDir: 'tests/stories',
  outputDir: 'test-results/stories',
  expect: { timeout: 10_000 },
  use: { ...chromiumUse(), baseURL: `http://127.0.0.1:${STORIES_PORT}` },
  webServer: {
    command: `node scripts/serve-static.mjs storybook-static ${STORIES_PORT}`,
    url: `http://127.0.0.1:${STORIES_PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
