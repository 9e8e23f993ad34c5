/**
 * R3, R4, R7, R8: the payment machine's browser paths with Payselection, generated from the machine
 * itself (graph.ts), on a second site server (PAYMENT_SERVICE=payselection) that reaches the
 * backend through a CORS proxy. Coverage is observed on the real machine (observe.ts). CloudPayments,
 * the main test server's provider, is walked from the machine's own model through its binding
 * (tests/qa/bindings/payment.ts, machines-in-the-browser.spec.ts; decision 122).
 */

import type { ChildProcess } from 'node:child_process'
import type { Server } from 'node:http'
import type { Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND, SITE_PORT } from '../../../playwright.config.ts'
import type { Snap } from '../../machines/harness.ts'
import { expect, type Mailbox, test } from '../support/fixtures.ts'
import { uniqueEmail } from '../support/login.ts'
import { msg } from '../support/messages.ts'
import { startProxy, startSite, stopSite, waitForPage } from '../support/second-site.ts'
import { cardDialog, closeAfterDecline, DECLINED_CARD, GOOD_CARD, openPremium, payButton, payWithCard, planButton, signInWithCode } from './browser.ts'
import { type BrowserPath, browserPaths, hasLeft, type PathStep } from './graph.ts'
import { type PaymentStep, paymentGraph } from './graphs.ts'
import { checkObserved, recordMachines, reportCoverage } from './observe.ts'

const paths = browserPaths(paymentGraph)
const PLAN = '30 days'
/** The stand-in's card whose provider notification comes 30 s after the charge. */
const LATE_CARD = '4000 0000 0000 0077'

interface Visit {
  page: Page
  mailbox: Mailbox
  email: string
}

/** What the premium page shows in each state of the payment machine (while the visitor is on it). */
async function sees(page: Page, s: Snap) {
  const c = s.context as { subscription: unknown; agreements: { premium: boolean; promo: boolean } }
  if (s.matches('selecting')) {
    if (c.subscription === null) {
      await expect(page.getByTestId('premium-summary')).toHaveText(msg('en', 'premium_checkout_none'))
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true')
    } else if (!(c.agreements.premium && c.agreements.promo)) {
      await expect(planButton(page, PLAN)).toHaveAttribute('aria-pressed', 'true')
      await expect(page.locator('.premium-payment__reason')).toHaveText(msg('en', 'premium_reason_agreements'))
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true')
    } else {
      await expect(planButton(page, PLAN)).toHaveAttribute('aria-pressed', 'true')
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
      await expect(page.locator('.premium-payment__reason')).toHaveText('')
    }
  } else if (s.matches({ paying: 'charging' })) {
    await expect(cardDialog(page)).toBeVisible({ timeout: 20_000 })
  } else if (s.matches('unconfirmed')) {
    const pending = page.getByTestId('payment-pending')
    await expect(pending).toBeVisible({ timeout: 45_000 })
    await expect(pending).toContainText(msg('en', 'premium_pending_title'))
    await expect(page.getByText(msg('en', 'payments_success'))).toHaveCount(0)
    // No second payment by accident while it is pending.
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true')
  } else {
    throw new Error(`no view written for the payment state ${JSON.stringify(s.value)}`)
  }
}

async function failed(page: Page) {
  await expect(page.getByText(msg('en', 'payments_fail'))).toBeVisible({ timeout: 20_000 })
  await expect(cardDialog(page)).toHaveCount(0)
}
async function paid(page: Page) {
  await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/en\/account$/, { timeout: 20_000 })
}

/** What each step must leave behind, beyond the state's view. */
const then: Partial<Record<PaymentStep, (v: Visit, step: PathStep<PaymentStep>) => Promise<void>>> = {
  CHOOSE_PLAN: async ({ page }, step) => {
    if (!hasLeft(step.after)) return
    // A guest: to the login page, with the premium page as the way back (R3).
    await expect(page).toHaveURL(/\/en\/login\?redirect=/)
    await expect(page.getByTestId('sign-in-email')).toBeVisible()
  },
  SIGN_IN: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/premium/, { timeout: 20_000 })
  },
  PAY_OPTIONS_FAIL: ({ page }) => failed(page),
  PAY_SCRIPT_FAILS: ({ page }) => failed(page),
  PAY_DECLINED_CARD: ({ page }) => failed(page),
  CLOSE_WIDGET: async ({ page }) => {
    await expect(cardDialog(page)).toBeHidden()
    await expect(page.getByText(msg('en', 'payments_fail'))).toHaveCount(0)
  },
  PAY_GOOD_CARD: ({ page }) => paid(page),
  RECHECK: ({ page }) => paid(page),
  PAY_GOOD_CARD_USER_FAILS: async ({ page }) => {
    // Paid, and the session ends with the user it could not fetch (R4).
    await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('login-link')).toBeVisible({ timeout: 20_000 })
  },
}

const act: Record<PaymentStep, (v: Visit) => Promise<void>> = {
  CHOOSE_PLAN: ({ page }) => planButton(page, PLAN).click(),
  TICK_AGREEMENTS: async ({ page }) => {
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
  },
  SIGN_IN: ({ page, mailbox, email }) => signInWithCode(page, mailbox, email),
  PAY: ({ page }) => payButton(page).click(),
  PAY_OPTIONS_FAIL: async ({ page }) => {
    await page.route('**/payments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await payButton(page).click()
  },
  PAY_SCRIPT_FAILS: async ({ page }) => {
    await page.route('**/sandbox/*.js', (route) => route.abort())
    await payButton(page).click()
  },
  PAY_GOOD_CARD: ({ page }) => payWithCard(page, GOOD_CARD),
  // R9.19: the reason in the open form; the visitor closes it, and the site hears of the decline.
  PAY_DECLINED_CARD: async ({ page }) => {
    await payWithCard(page, DECLINED_CARD)
    await closeAfterDecline(page)
  },
  PAY_GOOD_CARD_USER_FAILS: async ({ page }) => {
    await page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }))
    await payWithCard(page, GOOD_CARD)
  },
  PAY_LATE_CARD: ({ page }) => payWithCard(page, LATE_CARD),
  PAY_CHECK_FAILS: async ({ page }) => {
    await page.route('**/payments/*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })
        : route.fallback(),
    )
    await payWithCard(page, GOOD_CARD)
  },
  RECHECK: async ({ page }) => {
    // The backend has the provider's notification (it comes 30 s after the charge).
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === COOKIES.token)?.value ?? '').replace(/^Bearer\s+/u, '')
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
              subscription: { active?: boolean } | null
            }
          ).subscription?.active ?? false,
        {
          timeout: 45_000,
          intervals: [1000],
        },
      )
      .toBe(true)
    await page
      .getByTestId('payment-pending')
      .getByRole('button', { name: msg('en', 'premium_pending_check') })
      .click()
  },
  CLOSE_WIDGET: ({ page }) => cardDialog(page).getByRole('button', { name: 'Close' }).click(),
}

async function replay(v: Visit, path: BrowserPath<PaymentStep>) {
  await test.step(`sees ${JSON.stringify(path.start.value)}`, () => sees(v.page, path.start))
  for (const step of path.steps) {
    await test.step(`${step.step} → ${JSON.stringify(step.after.value)}`, async () => {
      await act[step.step](v)
      await then[step.step]?.(v, step)
      if (!hasLeft(step.after)) await sees(v.page, step.after)
      // What the world did for this step (a failing file, a refused request) ends with it.
      await v.page.unrouteAll({ behavior: 'ignoreErrors' })
    })
  }
}

const SECOND_PORT = SITE_PORT + 4
const PROXY_PORT = SITE_PORT + 5
const PROVIDERS = [{ name: 'payselection', site: `http://localhost:${SECOND_PORT}` }] as const

test.describe.configure({ timeout: 120_000 })

for (const provider of PROVIDERS) {
  test.describe(`payment model with ${provider.name}`, () => {
    test.use({ baseURL: provider.site })
    const bucket = `payment-${provider.name}`
    test.afterAll(({}, testInfo) => {
      reportCoverage(testInfo, bucket, `payment with ${provider.name}`, paymentGraph, paths.length)
    })
    if (provider.name === 'payselection') {
      test.describe.configure({ mode: 'serial' })
      let proxy: Server | undefined
      let site: ChildProcess | undefined
      test.beforeAll(async () => {
        test.setTimeout(240_000)
        proxy = await startProxy(PROXY_PORT, BACKEND)
        site = startSite(SECOND_PORT, PROXY_PORT, `http://127.0.0.1:${PROXY_PORT}`)
        await waitForPage(`${provider.site}/en/premium`, 180_000)
      })
      test.afterAll(async () => {
        await stopSite(site)
        await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
      })
    }

    for (const path of paths) {
      test(path.name, async ({ page, context, mailbox, signIn }, testInfo) => {
        await recordMachines(context)
        const email = uniqueEmail(`model-${provider.name}`)
        if (path.from === 'signedIn') await signIn({ email })
        await openPremium(page)
        await replay({ page, mailbox, email }, path)
        await checkObserved(page, testInfo, bucket, paymentGraph.machine.id, path)
      })
    }
  })
}
