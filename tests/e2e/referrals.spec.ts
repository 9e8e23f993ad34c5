/**
 * R9.17: the referral bonus is paid. A friend opens the inviter's link on a phone, signs up
 * through it in Russian and pays for the 30-day plan with the sandbox card: the friend's period is
 * 30 + 7 days, and the inviter, who has no Premium, has 7 days waiting for their next payment.
 * The account shows the whole link, and what it brought, in three languages; the FAQ says the
 * same rule.
 */
import { expect, test } from './support/fixtures.ts'
import { msg, payButtonName } from './support/messages.ts'

test.describe.configure({ timeout: 180_000 })

const PHONE = { width: 390, height: 844 }

test('a friend who joins through the link and pays for a month earns 7 days for each side', async ({ page, browser, signIn, mailbox, baseURL }) => {
  await signIn({ locale: 'en' })
  // The inviter reaches the account as a visitor does: the header's link.
  await page.goto('/en')
  await page.getByTestId('account-link').click()
  await expect(page).toHaveURL(/\/en\/account$/u)
  const card = page.locator('section[aria-labelledby="acc-ref"]')
  await expect(card).toContainText('you both get 7 days of Premium')
  const link = (await card.getByTestId('referral-link').textContent()) ?? ''
  // The whole link, code and all.
  expect(link).toMatch(new RegExp(`^${baseURL}/join/[A-Z2-9]{8}$`, 'u'))
  await expect(card.getByTestId('referral-friends-joined')).toHaveText('0')
  await expect(card.getByTestId('referral-days-earned')).toHaveText('0')

  // The friend, on a phone, opens the link and signs up in Russian.
  const phone = await browser.newContext({ viewport: PHONE, baseURL })
  const friend = await phone.newPage()
  const email = `friend-${Date.now().toString(36)}@example.com`
  await friend.goto(link.replace(/\/join\//u, '/ru/join/'))
  await expect(friend.getByTestId('join-valid')).toBeVisible()
  await friend.getByRole('link', { name: msg('ru', 'acc_join_cta') }).click()
  await expect(friend).toHaveURL(/\/ru\/login$/u)
  await friend.getByLabel(msg('ru', 'acc_email_label')).fill(email)
  await friend.getByRole('button', { name: msg('ru', 'acc_send_code') }).click()
  await friend.getByLabel(msg('ru', 'acc_code_label')).fill(await mailbox.code(email))
  await friend.getByRole('button', { name: msg('ru', 'acc_sign_in'), exact: true }).click()
  // Signed in: the sign-in page without a target leads to the start page.
  await expect(friend).toHaveURL(/\/ru$/u, { timeout: 30_000 })

  // The inviter sees the friend who joined (the Russian account, by its address).
  await page.goto('/ru/account')
  await expect(card.getByTestId('referral-friends-joined')).toHaveText('1')
  await expect(card.getByTestId('referral-friends-paid')).toHaveText('0')

  // The friend pays for 30 days: 490 ₽.
  await friend.goto('/ru/premium')
  await expect(friend.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await friend.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
  await friend.locator('#agreement-premium').check()
  await friend.locator('#agreement-promo').check()
  await friend.getByRole('button', { name: payButtonName(msg('ru', 'premium_pay')) }).click()
  const dialog = friend.frameLocator('iframe[data-sandbox-widget]').getByRole('dialog')
  await dialog.getByLabel(/Номер карты/u).fill('4242 4242 4242 4242')
  await dialog.getByLabel(/ММ\/ГГ/u).fill('12/34')
  await dialog.getByLabel('CVC').fill('123')
  await dialog.getByRole('button', { name: /^Оплатить/u }).click()
  await expect(friend).toHaveURL(/\/ru\/account$/u, { timeout: 30_000 })
  // 30 days bought, 7 days of the bonus.
  await expect(friend.getByTestId('account-days-left')).toHaveText('37')
  await expect(friend.getByTestId('referral-days-earned')).toHaveText('7')
  await phone.close()

  // The inviter, without Premium: the friend paid, 7 days wait for the next payment.
  await page.reload()
  await expect(card.getByTestId('referral-friends-paid')).toHaveText('1')
  await expect(card.getByTestId('referral-days-earned')).toHaveText('0')
  await expect(card.getByTestId('referral-days-pending')).toHaveText('Ждут вашей следующей оплаты: 7 дней.')
  await page.goto('/de/account')
  await expect(card.getByTestId('referral-link')).toHaveText(link.replace(/\/join\//u, '/de/join/'))
  await expect(card.getByTestId('referral-days-pending')).toHaveText('Warten auf Ihre nächste Zahlung: 7 Tage.')
  await expect(card).toContainText('erhalten Sie beide 7 Tage Premium')
})

for (const [locale, words] of [
  ['en', 'you both receive 7 days of Premium'],
  ['ru', 'вы оба получите 7 дней Premium'],
  ['de', 'erhalten Sie beide 7 Tage Premium'],
] as const) {
  test(`the FAQ states the same rule in ${locale}: 7 days each, once the friend first pays for a plan, not the trial`, async ({ page }) => {
    await page.goto(`/${locale}/faq`)
    await expect(page.locator('main')).toContainText(words)
  })
}

/** The inviter's whole link, read from the account's card. */
async function referralLink(page: import('@playwright/test').Page): Promise<string> {
  await page.goto('/en/account')
  return (await page.locator('section[aria-labelledby="acc-ref"]').getByTestId('referral-link').textContent()) ?? ''
}

/** A new visitor in a browser of their own opens `link` (or none) and signs up by the e-mailed code. */
async function signUpThrough(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  mailbox: { code: (email: string) => Promise<string> },
  email: string,
  link: string | null,
) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  if (link) {
    await page.goto(link)
    await expect(page.getByTestId('join-valid')).toBeVisible()
    await page.getByRole('link', { name: msg('en', 'acc_join_cta') }).click()
  } else await page.goto('/en/login')
  await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  // The code step shows once the backend has mailed this visitor's code: read it then.
  await expect(page.getByLabel(msg('en', 'acc_code_label'))).toBeVisible()
  await page.getByLabel(msg('en', 'acc_code_label')).fill(await mailbox.code(email))
  await page.getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true }).click()
  // Signed in: back to the start page (the link's unprefixed English, or /en).
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/(en)?$/u, { timeout: 30_000 })
  return { context, page }
}

test('R9.17: no loop: D signs up through E’s link; E, signed in, opens D’s link and is told it changes nothing; D has no friend', async ({
  page,
  browser,
  signIn,
  mailbox,
  baseURL,
}) => {
  await signIn({ locale: 'en' })
  const eLink = await referralLink(page)
  const d = await signUpThrough(browser, baseURL!, mailbox, `loop-d-${Date.now().toString(36)}@example.com`, eLink)
  const dLink = await referralLink(d.page)
  // E opens D's link, signed in.
  await page.goto(dLink)
  await expect(page.getByTestId('join-signed-in').getByRole('status')).toHaveText(msg('en', 'acc_join_signed_in'))
  await expect(page.getByTestId('join-valid')).toHaveCount(0)
  // E has D as a friend; D has none: E did not become D's referral.
  await page.goto('/en/account')
  await expect(page.locator('section[aria-labelledby="acc-ref"]').getByTestId('referral-friends-joined')).toHaveText('1')
  await d.page.goto('/en/account')
  await expect(d.page.locator('section[aria-labelledby="acc-ref"]').getByTestId('referral-friends-joined')).toHaveText('0')
  await d.context.close()
})

test('R9.17: a referral cannot be taken: a stranger asks for a code for Victor through their own link; Victor signs up through his friend’s, and is his friend’s', async ({
  page,
  browser,
  signIn,
  mailbox,
  baseURL,
}) => {
  // The friend, signed in here.
  await signIn({ locale: 'en' })
  const friendLink = await referralLink(page)
  // The stranger, in a browser of their own.
  const stranger = await browser.newContext({ baseURL })
  const strangerPage = await stranger.newPage()
  const strangerEmail = `stranger-${Date.now().toString(36)}@example.com`
  const strangerSignUp = await signUpThrough(browser, baseURL!, mailbox, strangerEmail, null)
  const strangerLink = await referralLink(strangerSignUp.page)
  // The stranger opens their own link signed out and asks for a code for Victor's address.
  const victor = `victor-${Date.now().toString(36)}@example.com`
  await strangerPage.goto(strangerLink)
  await strangerPage.getByRole('link', { name: msg('en', 'acc_join_cta') }).click()
  await strangerPage.getByLabel(msg('en', 'acc_email_label')).fill(victor)
  await strangerPage.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  await expect(strangerPage.getByLabel(msg('en', 'acc_code_label'))).toBeVisible()
  await stranger.close()
  // Victor, 31 s later as the resend interval asks (one e-mail per address per 30 s), signs up through his friend's link.
  await new Promise((resolve) => setTimeout(resolve, 31_000))
  const v = await signUpThrough(browser, baseURL!, mailbox, victor, friendLink)
  await page.goto('/en/account')
  await expect(page.locator('section[aria-labelledby="acc-ref"]').getByTestId('referral-friends-joined')).toHaveText('1')
  await strangerSignUp.page.goto('/en/account')
  await expect(strangerSignUp.page.locator('section[aria-labelledby="acc-ref"]').getByTestId('referral-friends-joined')).toHaveText('0')
  await v.context.close()
  await strangerSignUp.context.close()
})
