/** Browser actions and "what the visitor sees" checks shared by the model tests. */
import { expect, type Page } from '@playwright/test'
import type { Mailbox } from '../support/fixtures.ts'
import { msg, payButtonName, planButtonName } from '../support/messages.ts'

export { cardDialog, closeAfterDecline, DECLINED_CARD, GOOD_CARD, payWithCard } from '../support/payments.ts'

export function planButton(page: Page, label: string) {
  return page.getByRole('button', { name: planButtonName('en', label) })
}
export function payButton(page: Page) {
  return page.getByRole('button', { name: payButtonName(msg('en', 'premium_pay')) })
}
export async function openPremium(page: Page) {
  const response = await page.goto('/en/premium')
  expect(response?.status()).toBe(200)
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
}

/** Sign-in by code through the form: the e-mail step, the code from the dev mailbox, the code step. */
export async function signInWithCode(page: Page, mailbox: Mailbox, email: string, code?: string) {
  await page.getByLabel(msg('en', 'acc_email_label'), { exact: false }).fill(email)
  await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  await expect(page.getByTestId('sign-in-code')).toBeVisible()
  const mail = await mailbox.latest(email)
  await page.getByLabel(msg('en', 'acc_code_label'), { exact: false }).fill(code ?? mail.code!)
  await page.getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true }).click()
}
