/**
 * Spec 3, 4, 7, 8: the payment machine's browser paths, generated from its test model, on both
 * providers: CloudPayments on the main test server, Payselection on a second site server
 * (PAYMENT_SERVICE=payselection) that reaches the backend through a CORS proxy. Coverage is
 * observed on the real machine (observe.ts) and printed per provider.
 */
import { expect, test, type Page } from '@playwright/test'
import { SITE, SITE_PORT, BACKEND } from '../../../playwright.config'
import { loginViaApi, uniqueEmail } from '../support/login'
import { msg } from '../support/messages'
import { modelPaths, validateModel, type ModelPath } from './model'
import { checkObserved, reportCoverage, recordMachines } from './observe'
import { guestPaymentModel, paymentModel } from './models'
import { DECLINED_CARD, GOOD_CARD, cardDialog, openPremium, payButton, payWithCard, planButton, signInWithCode } from './browser'
import { startProxy, startSite, stopSite, waitForPage } from '../support/second-site'
import type { ChildProcess } from 'node:child_process'
import type { Server } from 'node:http'

validateModel(paymentModel)
validateModel(guestPaymentModel)
const paths = modelPaths(paymentModel)
const guestPaths = modelPaths(guestPaymentModel)
const PLAN = '30 days'
/** The stand-in's card whose provider notification comes 30 s after the charge. */
const LATE_CARD = '4000 0000 0000 0077'

/** What the visitor sees in each model state. */
const sees: Record<string, (page: Page) => Promise<void>> = {
  noPlan: async (page) => {
    await expect(page.getByTestId('premium-summary')).toHaveText(msg('en', 'premium_checkout_none'))
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true')
  },
  planChosen: async (page) => {
    await expect(planButton(page, PLAN)).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('.premium-payment__reason')).toHaveText(msg('en', 'premium_reason_agreements'))
  },
  ready: async (page) => {
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
    await expect(page.locator('.premium-payment__reason')).toHaveText('')
  },
  widgetOpen: async (page) => {
    await expect(cardDialog(page)).toBeVisible({ timeout: 20_000 })
  },
  paid: async (page) => {
    await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/en\/account$/, { timeout: 20_000 })
  },
  declined: async (page) => {
    await expect(page.getByText(msg('en', 'payments_fail'))).toBeVisible({ timeout: 20_000 })
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
  },
  closed: async (page) => {
    await expect(cardDialog(page)).toBeHidden()
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
    await expect(page.getByText(msg('en', 'payments_fail'))).toHaveCount(0)
  },
  pending: async (page) => {
    const pending = page.getByTestId('payment-pending')
    await expect(pending).toBeVisible({ timeout: 45_000 })
    await expect(pending).toContainText(msg('en', 'premium_pending_title'))
    await expect(page.getByText(msg('en', 'payments_success'))).toHaveCount(0)
    // No second payment by accident while it is pending.
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true')
  },
  pendingAfterErrors: async (page) => {
    await expect(page.getByTestId('payment-pending')).toBeVisible({ timeout: 45_000 })
    await expect(page.getByText(msg('en', 'payments_success'))).toHaveCount(0)
  },
  paidLate: async (page) => {
    await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/en\/account$/, { timeout: 20_000 })
  },
  paidSessionLost: async (page) => {
    await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('login-link')).toBeVisible({ timeout: 20_000 })
  },
  notStarted: async (page) => {
    await expect(page.getByText(msg('en', 'payments_fail'))).toBeVisible({ timeout: 20_000 })
    await expect(cardDialog(page)).toHaveCount(0)
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
  },
  widgetMissing: async (page) => {
    await expect(page.getByText(msg('en', 'payments_fail'))).toBeVisible({ timeout: 20_000 })
    await expect(cardDialog(page)).toHaveCount(0)
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false')
  },
}

const act: Record<string, (page: Page) => Promise<void>> = {
  CHOOSE_PLAN: (page) => planButton(page, PLAN).click(),
  TICK_AGREEMENTS: async (page) => {
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
  },
  PAY: (page) => payButton(page).click(),
  PAY_OPTIONS_FAIL: async (page) => {
    await page.route('**/payments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await payButton(page).click()
  },
  PAY_SCRIPT_FAILS: async (page) => {
    await page.route('**/sandbox/*.js', (route) => route.abort())
    await payButton(page).click()
  },
  PAY_GOOD_CARD: (page) => payWithCard(page, GOOD_CARD),
  PAY_DECLINED_CARD: (page) => payWithCard(page, DECLINED_CARD),
  PAY_GOOD_CARD_USER_FAILS: async (page) => {
    await page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }))
    await payWithCard(page, GOOD_CARD)
  },
  PAY_LATE_CARD: (page) => payWithCard(page, LATE_CARD),
  PAY_CHECK_FAILS: async (page) => {
    await page.route('**/payments/*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }) : route.fallback(),
    )
    await payWithCard(page, GOOD_CARD)
  },
  RECHECK: async (page) => {
    // The backend has the provider's notification (it comes 30 s after the charge).
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'auth._token.local')?.value ?? '').replace(/^Bearer\s+/u, '')
    await expect
      .poll(async () => ((await (await page.request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { subscription: { active?: boolean } | null }).subscription?.active ?? false, {
        timeout: 45_000,
        intervals: [1000],
      })
      .toBe(true)
    await page.getByTestId('payment-pending').getByRole('button', { name: msg('en', 'premium_pending_check') }).click()
  },
  CLOSE_WIDGET: (page) => cardDialog(page).getByRole('button', { name: 'Close' }).click(),
}

async function replay(page: Page, path: ModelPath) {
  await test.step(`sees ${path.start}`, () => sees[path.start]!(page))
  for (const step of path.steps) {
    await test.step(`${step.event} → sees ${step.state}`, async () => {
      await act[step.event]!(page)
      await sees[step.state]!(page)
    })
  }
}

const SECOND_PORT = SITE_PORT + 4
const PROXY_PORT = SITE_PORT + 5
const PROVIDERS = [
  { name: 'cloudpayments', site: SITE },
  { name: 'payselection', site: `http://localhost:${SECOND_PORT}` },
] as const

test.describe.configure({ timeout: 120_000 })

for (const provider of PROVIDERS) {
  test.describe(`payment model with ${provider.name}`, () => {
    test.use({ baseURL: provider.site })
    const bucket = `payment-${provider.name}`
    test.afterAll(({}, testInfo) => {
      // Both models drive the same machine: their logs are counted together, per provider.
      reportCoverage(testInfo, bucket, `payment with ${provider.name}`, paymentModel, paths.length + guestPaths.length)
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
      test(path.name, async ({ page, context, request, baseURL }, testInfo) => {
        await recordMachines(context)
        await loginViaApi(request, context, baseURL!, uniqueEmail(`model-${provider.name}`))
        await openPremium(page)
        await replay(page, path)
        await checkObserved(page, testInfo, bucket, paymentModel, path)
      })
    }

    for (const path of guestPaths) {
      test(`guest: ${path.name}`, async ({ page, context, request }, testInfo) => {
        await recordMachines(context)
        const email = uniqueEmail('model-guest')
        await openPremium(page)
        await expect(page.getByTestId('premium-summary')).toHaveText(msg('en', 'premium_checkout_none'))
        for (const step of path.steps) {
          await test.step(step.event, async () => {
            if (step.event === 'CHOOSE_PLAN') {
              await planButton(page, PLAN).click()
              await expect(page).toHaveURL(/\/en\/login\?redirect=/)
              await expect(page.getByTestId('sign-in-email')).toBeVisible()
            } else {
              await signInWithCode(page, request, email)
              await expect(page).toHaveURL(/\/en\/premium/, { timeout: 20_000 })
              await expect(planButton(page, PLAN)).toHaveAttribute('aria-pressed', 'true')
              await expect(page.locator('.premium-payment__reason')).toHaveText(msg('en', 'premium_reason_agreements'))
            }
          })
        }
        await checkObserved(page, testInfo, bucket, guestPaymentModel, path)
      })
    }
  })
}
