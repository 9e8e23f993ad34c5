/**
 * `npm run qa -- DIR` for the features `npm run paths -- --format gherkin --out DIR` wrote: playwright-bdd
 * turns them into Playwright tests (tests/qa/steps.ts holds their steps) and runs them against the
 * site and its stand-in backend, which it starts (decision 122). The report is written to DIR/report.
 */
import { resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import { defineBddConfig } from 'playwright-bdd'
import { QA_RUN } from './playwright.qa.config.ts'

const dir = resolve(process.env.QA_DIR ?? 'qa')

const testDir = defineBddConfig({
  features: `${dir}/*.feature`,
  featuresRoot: dir,
  // A step is matched with its keyword: a visitor's action (When) and what the page shows (Then) are told apart.
  matchKeywords: true,
  steps: resolve('tests/qa/steps.ts'),
  // Inside this checkout, an ES module package, as the steps it imports are.
  outputDir: resolve('.qa-gen'),
})

export default defineConfig({ ...QA_RUN, testDir })
