/**
 * R3, R4, R7, R8, R9: the auth machine's browser paths, generated from the machine itself (graph.ts): sign-in by code and
 * by the e-mailed link (dev mailbox), a wrong code, a returning visitor's stored session (with and
 * without its expiry), the account page and the user fetched again after an account action,
 * logout, an expired token, and the backend failing while the user is fetched.
 * Coverage is observed on the real machine (observe.ts).
 */

import { test } from '../support/fixtures.ts'
import { uniqueEmail } from '../support/login.ts'
import { act, leaves, sees, type Visit } from './auth-steps.ts'
import type { BrowserPath } from './graph.ts'
import { browserPaths } from './graph.ts'
import { type AuthStep, authGraph } from './graphs.ts'
import { checkObserved, recordMachines, reportCoverage } from './observe.ts'

const paths = browserPaths(authGraph)
test.describe.configure({ timeout: 120_000 })
test.afterAll(({}, testInfo) => reportCoverage(testInfo, 'auth', 'auth', authGraph, paths.length))

async function replay(v: Visit, path: BrowserPath<AuthStep>) {
  await test.step(`sees ${JSON.stringify(path.start.value)}`, () => sees(v, path.start))
  for (const step of path.steps) {
    await test.step(`${step.step} → ${JSON.stringify(step.after.value)}`, async () => {
      await act[step.step](v)
      await leaves[step.step]?.(v, step.before)
      await sees(v, step.after)
      // What the world did for this step (a failing file, a refused request) ends with it.
      await v.page.unrouteAll({ behavior: 'ignoreErrors' })
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page, context, request, hydrated, mailbox, signIn }, testInfo) => {
    await recordMachines(context)
    await page.clock.install()
    await page.goto('/en/login')
    await hydrated()
    await replay({ page, context, request, mailbox, signIn, email: uniqueEmail('model-auth') }, path)
    await checkObserved(page, testInfo, 'auth', authGraph.machine.id, path)
  })
}
