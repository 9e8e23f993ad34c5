/**
 * R2.24–R2.28: what a walk of the site as visitors and subscribers found on screen and on paper, at
 * the viewport and in the language where it was seen: the printed receipt is dark on white, the
 * wiki's contents are all reachable, the account is a tidy grid on a desktop with the subscription
 * first on a phone, payment statuses are coloured by meaning with a receipt link one can tap, German
 * plan cards keep the struck-through price beside the price.
 */
import { createHmac } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { BACKEND } from '../../playwright.config.ts'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { payWithNotification } from './support/payments.ts'

const NBSP = '\u00a0'
test.describe.configure({ timeout: 120_000 })
// The pages as a visitor who has made a cookie choice sees them.
test.beforeEach(({ context }) => allowEverything(context))

/** A payment the provider declines, as its notification says (the sandbox's secret). */
async function failWithNotification(request: APIRequestContext, token: string, locale: string) {
  const created = await request.post(`${BACKEND}/${locale}/payments`, {
    headers: { authorization: `Bearer ${token}` },
    data: { subscription_id: 3, service: 'cloudpayments' },
  })
  expect(created.status()).toBe(201)
  const payment = (await created.json()) as { payment_id: number; amount: number; currency: string; email: string }
  const body = new URLSearchParams({
    TransactionId: String(200000 + payment.payment_id),
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    Status: 'Declined',
    OperationType: 'Payment',
    InvoiceId: String(payment.payment_id),
    Email: payment.email,
    CardLastFour: '0002',
  }).toString()
  const notified = await request.post(`${BACKEND}/notifications/cloudpayments/fail`, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-hmac': createHmac('sha256', 'sandbox-cloudpayments-api-secret').update(body).digest('base64'),
    },
    data: body,
  })
  expect(notified.status(), await notified.text()).toBe(200)
}

/** Every element of `selector` with a background of its own or light text when printed. */
async function printProblems(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => {
    const out: string[] = []
    const channels = (c: string) => (c.match(/[\d.]+/gu) ?? []).map(Number)
    for (const el of els) {
      if (el.getClientRects().length === 0) continue
      const cs = getComputedStyle(el)
      const name = `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`
      if (cs.backgroundImage !== 'none') out.push(`${name} has a background image`)
      const [r = 0, g = 0, b = 0, a = 1] = channels(cs.backgroundColor)
      if (a > 0 && !(r === 255 && g === 255 && b === 255)) out.push(`${name} has the background ${cs.backgroundColor}`)
      const text = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      const [tr = 0, tg = 0, tb = 0] = channels(cs.color)
      if (text && Math.max(tr, tg, tb) > 85) out.push(`${name} is printed in ${cs.color}`)
    }
    return out
  })
}

test.describe('R2.24: the printed receipt', () => {
  test('en, desktop: dark text on white, no background, even with background graphics printed', async ({ page, request, signIn }) => {
    const { token } = await signIn({ locale: 'en' })
    const payment = await payWithNotification(request, token, { subscriptionId: 3, locale: 'en' })
    await page.goto(`/en/account/receipts/${payment.payment_id}`)
    await expect(page.getByTestId('receipt')).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    // "Background graphics" on: the browser prints every background the page keeps.
    await page.addStyleTag({ content: '* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }' })
    expect(await printProblems(page, 'html, body, main, main *')).toEqual([])
  })
})

test.describe('R2.25: the wiki contents on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  test('en: every entry is reached by scrolling the page, none hidden in an inner scroll', async ({ page }) => {
    await page.goto('/en/wiki')
    const contents = page.locator('.wiki__sidebar')
    await expect(contents).toBeVisible()
    const inner = await page
      .locator('.wiki__sidebar, .wiki__sidebar *')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollHeight > el.clientHeight + 1 && /auto|scroll/u.test(getComputedStyle(el).overflowY)).map((el) => el.className),
      )
    expect(inner).toEqual([])
    for (const name of ['Troubleshooting', 'Account and devices']) {
      const entry = contents.getByRole('link', { name, exact: true })
      await entry.scrollIntoViewIfNeeded()
      await expect(entry).toBeInViewport({ ratio: 1 })
    }
  })
})

test.describe('R2.26: the account grid', () => {
  test('en, 1280 px: no card alone beside empty columns, none stretched past its content', async ({ page, request, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const { token } = await signIn({ locale: 'en' })
    await payWithNotification(request, token, { subscriptionId: 3, locale: 'en' })
    await page.goto('/en/account')
    await expect(page.getByTestId('payment-row')).toHaveCount(1)
    await expect(page.getByTestId('renewal-card')).toBeVisible()
    const problems = await page.locator('[data-testid="account"] section').evaluateAll((cards) => {
      const out: string[] = []
      const boxes = cards.map((card) => ({ card, box: card.getBoundingClientRect(), title: card.querySelector('h2')?.textContent ?? '' }))
      const grid = cards[0]!.parentElement!.getBoundingClientRect()
      for (const { card, box, title } of boxes) {
        // The space under its last line: the card's own padding, and little more.
        const last = Array.from(card.children).at(-1)!.getBoundingClientRect()
        const room = box.bottom - last.bottom - parseFloat(getComputedStyle(card).paddingBottom)
        if (room > 24) out.push(`"${title}" is ${Math.round(room)} px taller than its content`)
        if (box.width < grid.width - 1) {
          const beside = boxes.some((o) => o.card !== card && o.box.top < box.bottom - 1 && box.top < o.box.bottom - 1)
          if (!beside) out.push(`"${title}" stands alone on its row`)
        }
      }
      return out
    })
    expect(problems).toEqual([])
  })

  test("ru, phone: the subscription's status comes before the profile and the sign-out buttons", async ({ page, request, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { token } = await signIn({ locale: 'ru' })
    await payWithNotification(request, token, { subscriptionId: 3, locale: 'ru' })
    await page.goto('/ru/account')
    const subscription = page.getByTestId('account-subscription')
    await expect(subscription).toBeVisible()
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y
    expect(await top('account-subscription')).toBeLessThan(await top('account-email'))
    expect(await top('account-subscription')).toBeLessThan(await top('logout'))
  })
})

test.describe('R2.27: payment statuses and the receipt link', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('ru, phone: a card check held in green, a failed payment in red, the receipt link 44 px tall', async ({ page, request, signIn }) => {
    const { token } = await signIn({ locale: 'ru' })
    await payWithNotification(request, token, { subscriptionId: 1, locale: 'ru' })
    await failWithNotification(request, token, 'ru')
    await page.goto('/ru/account')
    const held = page.locator('[data-testid="payment-row"][data-status="held"]')
    const failed = page.locator('[data-testid="payment-row"][data-status="failed"]')
    await expect(held.locator('.payment-row__status')).toHaveText('Заблокировано для проверки карты')
    await expect(failed.locator('.payment-row__status')).toHaveText('Не прошёл')
    // --ok and --danger, not the warning orange and not the muted grey.
    await expect(held.locator('.payment-row__status')).toHaveCSS('color', 'rgb(61, 220, 151)')
    await expect(failed.locator('.payment-row__status')).toHaveCSS('color', 'rgb(255, 107, 107)')
    const link = held.getByRole('link', { name: 'Чек' })
    const box = (await link.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
  })
})

test.describe('R2.28: no price is struck through but a real reduction (decision 127)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  test('de, desktop: the plan cards show the price the plan is sold at, and nothing struck through', async ({ page }) => {
    await page.goto('/de/premium')
    const cards = page.locator('li.plan-card:not(.plan-card--offer)')
    await expect(cards.first()).toBeVisible()
    await expect(cards).toHaveCount(5)
    await expect(page.locator('.plan-list s, .plan-list del')).toHaveCount(0)
    await expect(page.locator('.plan-list')).not.toContainText('Regulärer Preis')
    await expect(cards.getByTestId('plan-price')).toHaveText([`1${NBSP}€`, `2,99${NBSP}€`, `6,49${NBSP}€`, `15,99${NBSP}€`, `45,99${NBSP}€`])
  })
})
