/**
 * Issue 37, part 8; R2.17: nobody is lost on the way. Sign-in, by the e-mailed code, by the
 * e-mail's link or by Steam, returns the visitor to the page it was opened from and says they are
 * signed in; on the premium page the chosen plan and the ticked agreements are still there. A
 * Steam user sent from the checkout to add an e-mail comes back to the checkout once it is
 * confirmed.
 */
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './support/fixtures.ts'
import { uniqueEmail } from './support/login.ts'
import { type Locale, msg, payButtonName } from './support/messages.ts'

const PHONE = { width: 390, height: 844 }

const MONTH = 'li.plan-card[data-plan-id="3"]:not(.plan-card--offer)'

async function premiumReady(page: Page) {
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
}

/** The plan chosen and the agreements ticked, as the visitor left them. */
async function checkoutKept(page: Page, locale: Locale) {
  await premiumReady(page)
  await expect(page.locator(MONTH).getByRole('button')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('#agreement-premium')).toBeChecked()
  await expect(page.locator('#agreement-promo')).toBeChecked()
  await expect(page.getByRole('button', { name: payButtonName(msg(locale, 'premium_pay')) })).toHaveAttribute('aria-disabled', 'false')
}

/** The success toast the auth machine raises once signed in. */
async function toldSignedIn(page: Page, locale: Locale) {
  await expect(page.getByText(msg(locale, 'acc_signed_in'), { exact: true })).toBeVisible({ timeout: 20_000 })
}

test.describe('R2.17: sign-in returns to the page it was opened from', () => {
  test('ru, 390 px: agreements ticked, a plan picked by a guest, the e-mailed code; back on the checkout with both kept, told signed in', async ({
    browser,
    baseURL,
    mailbox,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL })
    const page = await context.newPage()
    // Reached by the menu's link, as a visitor on a phone does.
    await page.goto('/ru')
    // The menu's button works once the page is interactive (the menu has no form without JavaScript).
    await waitForHydration(page)
    await page.getByTestId('menu-toggle').click()
    await page
      .getByRole('navigation')
      .getByRole('link', { name: msg('ru', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/\/ru\/premium$/u)
    await premiumReady(page)
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await page.locator(MONTH).getByRole('button').click()
    await expect(page).toHaveURL(/\/ru\/login\?redirect=%2Fru%2Fpremium$/u)
    const email = uniqueEmail('back-ru')
    await page.getByLabel(msg('ru', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('ru', 'acc_send_code') }).click()
    await page.getByLabel(msg('ru', 'acc_code_label')).fill(await mailbox.code(email))
    await page.getByRole('button', { name: msg('ru', 'acc_sign_in'), exact: true }).click()
    await expect(page).toHaveURL(/\/ru\/premium$/u, { timeout: 30_000 })
    await toldSignedIn(page, 'ru')
    await checkoutKept(page, 'ru')
    await context.close()
  })

  test("de: the header's sign-in link on the checkout, then the e-mail's link: back on /de/premium with the plan and agreements, told signed in", async ({
    page,
    mailbox,
  }) => {
    await page.goto('/de/premium')
    await premiumReady(page)
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await page.locator('#agreement-withdrawal').check()
    await page.getByTestId('login-link').click()
    await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fpremium$/u)
    await expect(page.getByTestId('login-target')).toHaveAttribute('data-target', '/de/premium')
    const email = uniqueEmail('back-de')
    await page.getByLabel(msg('de', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('de', 'acc_send_code') }).click()
    const link = await mailbox.link(email)
    // The e-mail's link carries the way back.
    expect(new URL(link).searchParams.get('redirect')).toBe('/de/premium')
    await page.goto(link)
    await expect(page).toHaveURL(/\/de\/premium$/u, { timeout: 30_000 })
    await toldSignedIn(page, 'de')
    await premiumReady(page)
    await expect(page.locator('#agreement-premium')).toBeChecked()
    await expect(page.locator('#agreement-promo')).toBeChecked()
    await expect(page.locator('#agreement-withdrawal')).toBeChecked()
    await expect(page.getByTestId('account-link')).toBeVisible()
  })

  test('en: a new Steam user from the checkout adds an e-mail and comes back to the checkout with the plan and agreements', async ({ page, mailbox }) => {
    await page.goto('/en')
    await page
      .getByRole('navigation')
      .getByRole('link', { name: msg('en', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/\/en\/premium$/u)
    await page.getByTestId('login-link').click()
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fpremium$/u)
    await page.getByRole('button', { name: msg('en', 'acc_steam_sign_in') }).click()
    await expect(page).toHaveURL(/\/sandbox\/openid\/login\?/u)
    await page.locator('input[name="account"][value="new"]').check()
    await page.locator('#persona').fill(`Checkout ${Date.now().toString(36)}`)
    await page.locator('button[name="action"][value="sign_in"]').click()
    await expect(page).toHaveURL(/\/en\/premium$/u, { timeout: 30_000 })
    await toldSignedIn(page, 'en')

    await premiumReady(page)
    await page.locator(MONTH).getByRole('button').click()
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await expect(page.locator('#premium-pay-reason')).toHaveText(msg('en', 'premium_reason_email'))
    await page.getByTestId('premium-add-email').click()
    await expect(page).toHaveURL(/\/en\/account\?redirect=%2Fen%2Fpremium#acc-email$/u)
    await expect(page.getByTestId('email-return')).toContainText(msg('en', 'acc_email_return_text'))

    const email = uniqueEmail('steam-checkout')
    const form = page.getByTestId('change-email')
    await form.getByLabel(msg('en', 'acc_new_email_label')).fill(email)
    await form.getByRole('button', { name: msg('en', 'acc_add_email_submit') }).click()
    const mail = await mailbox.latest(email)
    // The confirmation link goes back to the checkout as well.
    expect(new URL(mail.link ?? '').searchParams.get('redirect')).toBe('/en/premium')
    const code = page.getByTestId('confirm-email-code')
    await code.getByLabel(msg('en', 'acc_confirm_code_label')).fill(mail.code ?? '')
    await code.getByRole('button', { name: msg('en', 'acc_email_code_submit') }).click()
    await expect(page).toHaveURL(/\/en\/premium$/u, { timeout: 30_000 })
    await checkoutKept(page, 'en')
    await expect(page.locator('#premium-pay-reason')).toHaveText('')

    // Back on the account, the form is empty and the address confirmed.
    await page.getByTestId('account-link').click()
    await expect(page.getByTestId('account-email')).toContainText(email)
    await expect(page.getByTestId('change-email').getByLabel(msg('en', 'acc_new_email_label'))).toHaveValue('')
  })

  test('an e-mail change confirmed by its code on the account empties the field', async ({ page, signedIn, mailbox }) => {
    await page.goto('/en')
    await page.getByTestId('account-link').click()
    await expect(page.getByTestId('account-email')).toContainText(signedIn.email)
    const next = uniqueEmail('next')
    const form = page.getByTestId('change-email')
    const field = form.getByLabel(msg('en', 'acc_new_email_label'))
    await field.fill(next)
    await form.getByRole('button', { name: msg('en', 'acc_change_email_submit') }).click()
    const code = page.getByTestId('confirm-email-code')
    await code.getByLabel(msg('en', 'acc_confirm_code_label')).fill(await mailbox.code(next))
    await code.getByRole('button', { name: msg('en', 'acc_email_code_submit') }).click()
    await expect(page.getByTestId('account-email')).toContainText(next)
    await expect(page).toHaveURL(/\/en\/account$/u)
    await expect(field).toHaveValue('')
  })
})
