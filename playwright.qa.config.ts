/**
 * `npm run qa -- DIR`: runs the specs `npm run paths -- --format playwright --out DIR` wrote, against
 * the site and its stand-in backend, which it starts (decision 122). A failed step keeps its
 * screenshot and trace; the report is written to DIR/report (open it with `npx playwright show-report DIR/report`).
 */
import { resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import base, { BROWSER_TESTS, chromiumUse, SITE } from './playwright.config.ts'

const dir = resolve(process.env.QA_DIR ?? 'qa')

/** What every QA run shares, the specs' and the features' (playwright.bdd.config.ts): the site, the browser, the report in DIR. */
export const QA_RUN = {
  ...BROWSER_TESTS,
  outputDir: resolve(dir, 'results'),
  reporter: [['list'], ['html', { open: 'never', outputFolder: resolve(dir, 'report') }]] as const,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { ...chromiumUse(), baseURL: SITE, screenshot: 'only-on-failure' },
  // QA_REUSE_SITE=1: a site already listening on the port is used (the browser suite runs an export this way).
  webServer: { ...(base.webServer as object), reuseExistingServer: process.env.QA_REUSE_SITE === '1' } as typeof base.webServer,
} satisfies Parameters<typeof defineConfig>[0]

export default defineConfig({
  ...QA_RUN,
  testDir: dir,
  // .mts: an ES module wherever the folder is (the walker imports this checkout's modules).
  testMatch: '**/*.spec.mts',
})
