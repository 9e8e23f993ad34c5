import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBrowserRig } from './browser.ts'

/**
 * R4, R7: the sandbox payment widgets in Chromium. The page is served from another origin
 * (the "site") and loads the scripts from the backend. A widget opens its own page (the card dialog,
 * on the backend's origin) in a full-screen iframe, as the real providers' widgets do; the card dialog
 * sends the card, with the payment's widget token, to the sandbox provider, which answers at once and
 * notifies the merchant endpoint later, by a real HTTP POST signed as the provider signs it: the widget's
 * success comes before the payment is paid. The outcome comes back to the page by postMessage.
 */

/**
 * The provider's delay before it notifies, and the late test card's. The delay is long enough that
 * a loaded CI machine still reads the payment as pending between the widget's success and the
 * notification (300 ms was not), and the late card's is long enough to stay pending after twice it.
 */
const NOTIFY_DELAY_MS = 1500
const LATE_DELAY_MS = 6000

const rig = startBrowserRig({
  page: (url, { backendOrigin }) => `<!doctype html><html lang="${url === '/ru' ? 'ru' : 'en'}"><head><title>Premium</title></head>
<body><main><h1>Premium</h1><button id="buy" type="button">Buy</button></main>
<script src="${backendOrigin}/sandbox/cloudpayments.js"></script>
<script src="${backendOrigin}/sandbox/pay-widget.js"></script></body></html>`,
  env: { sandboxNotifyDelayMs: NOTIFY_DELAY_MS },
  sandbox: { lateDelayMs: LATE_DELAY_MS },
})
let page: Page
/** What the browser said about a Content-Security-Policy (the widget page's is strict: no inline script or style). */
let cspReports: string[] = []

beforeEach(async () => {
  page = await rig.browser.newPage()
  cspReports = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspReports.push(m.text())
  })
  await page.goto(`${rig.siteOrigin}/`)
  await page.evaluate(() => ((window as any).__events = []))
})
afterEach(async () => {
  await page?.close()
  expect(cspReports).toEqual([])
})

let seq = 0
async function http(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(rig.backendOrigin + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as any }
}

async function signIn() {
  const email = `widget-${++seq}-${Date.now()}@example.com`
  await http('GET', `/en/users/auth?email=${email}`)
  const mail = await http('GET', `/__dev/mail?to=${email}`)
  const res = await http('PATCH', '/en/users/verify', { email, code: mail.body[0].code })
  return res.body.token as string
}

async function newPayment(service: 'cloudpayments' | 'payselection', subscriptionId = 3) {
  const token = await signIn()
  const payment = (await http('POST', '/en/payments', { subscription_id: subscriptionId, service }, token)).body
  return { token, payment }
}

/** The widget's iframe, and the card dialog inside it. */
const widgetFrame = (title = 'Card payment') => page.frameLocator(`iframe[title="${title}"]`)
const cardDialog = (title = 'Card payment') => widgetFrame(title).getByRole('dialog', { name: title })
const widgetFrames = () => page.locator('iframe[data-sandbox-widget]').count()
/** The widget page's Frame, to ask it what has focus. */
async function innerFrame() {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/sandbox/widget'))).toBe(true)
  return page.frames().find((f) => f.url().includes('/sandbox/widget'))!
}

const events = () => page.evaluate(() => (window as any).__events as { name: string; args: any[] }[])
const waitFor = (name: string) => page.waitForFunction((n) => (window as any).__events.some((e: any) => e.name === n), name, { timeout: 10_000 })

function openCloudPayments(payment: any, scheme: 'charge' | 'auth' = 'charge', legacy = false, withToken = true) {
  return page.evaluate(
    ({ payment, scheme, legacy, withToken }) => {
      const w = window as any
      const push =
        (name: string) =>
        (...args: any[]) =>
          w.__events.push({ name, args: JSON.parse(JSON.stringify(args)) })
      const widget = new w.cp.CloudPayments({ language: 'en-US' })
      const options = {
        publicId: 'pk_sandbox',
        description: payment.description,
        amount: payment.amount,
        currency: payment.currency,
        invoiceId: payment.payment_id,
        accountId: payment.user_id,
        email: payment.email,
        skin: 'classic',
        data: withToken ? { widgetToken: payment.widget_token } : {},
      }
      if (legacy) widget[scheme](options, push('onSuccess'), push('onFail'))
      else widget.pay(scheme, options, { onSuccess: push('onSuccess'), onFail: push('onFail'), onComplete: push('onComplete') })
    },
    { payment, scheme, legacy, withToken },
  )
}

function openPayselection(payment: any, paymentType: 'Pay' | 'Block' = 'Pay') {
  return page.evaluate(
    ({ payment, paymentType }) => {
      const w = window as any
      const push =
        (name: string) =>
        (...args: any[]) =>
          w.__events.push({ name, args: JSON.parse(JSON.stringify(args)) })
      new w.pw.PayWidget().pay(
        { serviceId: '12345', key: 'sandbox-key' },
        {
          MetaData: { PaymentType: paymentType },
          PaymentRequest: {
            OrderId: String(payment.payment_id),
            Amount: payment.amount.toFixed(2),
            Currency: 'RUB',
            Description: payment.description,
            RebillFlag: true,
            ExtraData: { WidgetToken: payment.widget_token },
          },
          CustomerInfo: { Email: payment.email, ReceiptEmail: payment.email },
        },
        { onSuccess: push('onSuccess'), onError: push('onError'), onClose: push('onClose') },
      )
    },
    { payment, paymentType },
  )
}

/** Types a card and presses the form's button: "Pay …" for a charge, "Hold …" for a hold. */
async function fillCard(number: string, button: RegExp = /^Pay /) {
  const dialog = cardDialog()
  await expect.poll(() => dialog.count()).toBe(1)
  await dialog.getByLabel('Card number').fill(number)
  await dialog.getByLabel('Expiry date (MM/YY)').fill('12/39')
  await dialog.getByLabel('CVC').fill('123')
  await dialog.getByRole('button', { name: button }).click()
}

async function paymentStatus(id: number) {
  const [row] = await rig.backend.db.query<{ status: string; card_last4: string | null }>('SELECT status, card_last4 FROM payments WHERE id = $1', [id])
  return row
}

/** Waits until the provider's notification has settled the payment. */
async function settles(id: number, status: 'paid' | 'failed') {
  await expect.poll(async () => (await paymentStatus(id))!.status, { timeout: 10_000, interval: 50 }).toBe(status)
}

async function me(token: string) {
  return (await http('GET', '/en/users/me', undefined, token)).body
}

describe('sandbox cloudpayments widget (window.cp.CloudPayments)', () => {
  it('shows an accessible modal card form with focus inside', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    const dialog = cardDialog()
    await expect.poll(() => dialog.count()).toBe(1)
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    for (const label of ['Card number', 'Expiry date (MM/YY)', 'CVC']) expect(await dialog.getByLabel(label).count()).toBe(1)
    const frame = await innerFrame()
    // The widget page is the backend's, and the payment and its token are in the fragment only.
    expect(new URL(frame.url()).origin).toBe(rig.backendOrigin)
    expect(await page.locator('iframe[data-sandbox-widget]').getAttribute('src')).toMatch(new RegExp(`^${rig.backendOrigin}/sandbox/widget#[^?]+$`))
    expect(await page.locator('iframe[data-sandbox-widget]').getAttribute('src')).toContain(encodeURIComponent(payment.widget_token))
    await expect.poll(() => frame.evaluate(() => document.hasFocus() && document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    expect(await dialog.textContent()).toContain('$6.99')
    // A charge is named as one: "Pay", and no word of a hold.
    expect(await dialog.getByRole('button', { name: 'Pay $6.99' }).count()).toBe(1)
    expect(await dialog.textContent()).not.toContain('held')
    // Focus stays in the dialog: Tab from the last control goes back to the first one.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await frame.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true)
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    }
    await page.keyboard.press('Shift+Tab')
    expect(await frame.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true)
  })

  it('ignores an outcome that does not come from its own frame', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    await expect.poll(() => cardDialog().count()).toBe(1)
    // The page (another origin) pretends to be the widget page.
    await page.evaluate(() => window.postMessage({ type: 'sandbox-widget:outcome', outcome: { type: 'success', transactionId: '1' } }, '*'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await events()).toEqual([])
    expect(await widgetFrames()).toBe(1)
    await (await innerFrame()).press('input[autocomplete="cc-number"]', 'Escape')
    await waitFor('onComplete')
  })

  it('without a widget token opens the form, and the provider refuses the charge with a message in it', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment, 'charge', false, false)
    await fillCard('4242 4242 4242 4242')
    const dialog = cardDialog()
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('This payment form was opened without the payment’s token, so it cannot take the payment. Please start the payment again.')
    expect(await events()).toEqual([])
    expect(await widgetFrames()).toBe(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await waitFor('onComplete')
    expect((await events())[0]!.args[0]).toMatchObject({ success: false, type: 'cancel' })
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
  })

  it('pays with 4242 4242 4242 4242: onSuccess when the card is approved, paid when the notification arrives', async () => {
    const { token, payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    await fillCard('4242 4242 4242 4242')
    await waitFor('onComplete')
    // As with the real provider, the widget's success comes first: the merchant has not been told yet.
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
    const ev = await events()
    expect(ev.map((e) => e.name)).toEqual(['onSuccess', 'onComplete'])
    expect(ev[0]!.args[0]).toMatchObject({ invoiceId: payment.payment_id, amount: payment.amount })
    expect(ev[1]!.args[0]).toMatchObject({ success: true, type: 'payment' })
    expect(await widgetFrames()).toBe(0)
    await settles(payment.payment_id, 'paid')
    expect(await paymentStatus(payment.payment_id)).toEqual({ status: 'paid', card_last4: '4242' })
    expect((await me(token)).subscription).toMatchObject({ active: true, plan_id: 3, days_left: 30 })
  })

  it('approves 4000 0000 0000 0077 at once; its notification arrives late', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    await fillCard('4000 0000 0000 0077')
    await waitFor('onComplete')
    expect((await events()).map((e) => e.name)).toEqual(['onSuccess', 'onComplete'])
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_DELAY_MS * 2))
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
    await settles(payment.payment_id, 'paid')
  })

  it('declines 4000 0000 0000 0002 in the open form (R9.19); closed, it reports onFail and a code', async () => {
    const { token, payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    await fillCard('4000000000000002')
    // The reason in the form, which stays open for another card; nothing reported yet.
    await expect
      .poll(() => cardDialog().getByRole('alert').first().textContent())
      .toContain('The card was declined by its bank. Try another card, or close this window.')
    expect(await events()).toEqual([])
    await cardDialog().getByRole('button', { name: 'Close' }).click()
    await waitFor('onComplete')
    const ev = await events()
    expect(ev.map((e) => e.name)).toEqual(['onFail', 'onComplete'])
    expect(ev[0]!.args[0]).toMatch(/declined/i)
    expect(ev[1]!.args[0]).toMatchObject({ success: false, code: 5005, message: expect.stringMatching(/declined/i) })
    await settles(payment.payment_id, 'failed') // the provider's Fail notification
    expect((await me(token)).subscription).toBeNull()
  })

  it('closes on Escape with a cancelled onComplete and leaves the payment pending', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    await cardDialog().getByLabel('Card number').fill('4242')
    await page.keyboard.press('Escape')
    await waitFor('onComplete')
    const ev = await events()
    expect(ev.map((e) => e.name)).toEqual(['onComplete'])
    expect(ev[0]!.args[0]).toMatchObject({ success: false, type: 'cancel' })
    expect(await widgetFrames()).toBe(0)
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
  })

  it('keeps the dialog open with field errors for an invalid card', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment)
    const dialog = cardDialog()
    await dialog.getByLabel('Card number').fill('1234 5678')
    await dialog.getByRole('button', { name: /^Pay / }).click()
    expect(await dialog.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.textContent()).toContain('Enter a valid card number.')
    expect(await events()).toEqual([])
    await dialog.getByRole('button', { name: 'Close' }).click()
    await waitFor('onComplete')
  })

  it('legacy charge(): closing reports onFail("User has cancelled")', async () => {
    const { payment } = await newPayment('cloudpayments')
    await openCloudPayments(payment, 'charge', true)
    await cardDialog().getByRole('button', { name: 'Close' }).click()
    await waitFor('onFail')
    expect(await events()).toEqual([{ name: 'onFail', args: ['User has cancelled', expect.objectContaining({ invoiceId: payment.payment_id })] }])
  })

  it('refuses a paid plan opened with the auth scheme: the merchant refuses the Check, onFail, nothing charged', async () => {
    const { token, payment } = await newPayment('cloudpayments', 2)
    await openCloudPayments(payment, 'auth')
    await fillCard('4242 4242 4242 4242', /^Hold /)
    await expect.poll(() => cardDialog().getByRole('alert').first().textContent()).toContain('The payment could not be completed.')
    await cardDialog().getByRole('button', { name: 'Close' }).click()
    await waitFor('onComplete')
    const ev = await events()
    expect(ev.map((e) => e.name)).toEqual(['onFail', 'onComplete'])
    expect(ev[1]!.args[0]).toMatchObject({ success: false, type: 'fail', code: 13 })
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_DELAY_MS * 2))
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
    expect((await me(token)).subscription).toBeNull()
  })

  it('speaks German with the formal address', async () => {
    const { payment } = await newPayment('cloudpayments')
    await page.evaluate((payment) => {
      const w = window as any
      new w.cp.CloudPayments({ language: 'de-DE' }).pay('charge', { amount: payment.amount, currency: payment.currency, invoiceId: payment.payment_id }, {})
    }, payment)
    const dialog = cardDialog('Kartenzahlung')
    await dialog.getByLabel('Kartennummer').fill('1234')
    await dialog.getByRole('button', { name: /^Bezahlen / }).click()
    expect(await dialog.textContent()).toContain('Geben Sie eine gültige Kartennummer ein.')
    await page.keyboard.press('Escape')
  })

  it('legacy auth() activates the trial (amount 1)', async () => {
    const { token, payment } = await newPayment('cloudpayments', 1)
    expect(payment.amount).toBe(1)
    await openCloudPayments(payment, 'auth', true)
    // R9.22: a hold is named as one, with the verb and the amount the site says.
    await expect.poll(() => cardDialog().getByRole('button', { name: 'Hold $1.00' }).count()).toBe(1)
    expect(await cardDialog().locator('#sbx-pay-desc').textContent()).toContain('$1.00 This amount is only held on the card to check it: nothing is charged.')
    await fillCard('4242424242424242', /^Hold /)
    await waitFor('onSuccess')
    expect((await events()).map((e) => e.name)).toEqual(['onSuccess'])
    await settles(payment.payment_id, 'paid')
    expect((await me(token)).subscription).toMatchObject({ active: true, trial: true, days: 3 })
  })
})

describe('sandbox payselection widget (window.pw.PayWidget)', () => {
  it('pays with 4242 4242 4242 4242: onSuccess at once, the webhook pays the payment', async () => {
    const { token, payment } = await newPayment('payselection')
    expect(payment.currency).toBe('RUB')
    await openPayselection(payment)
    const dialog = cardDialog()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await fillCard('4242 4242 4242 4242')
    await waitFor('onSuccess')
    const ev = await events()
    expect(ev).toEqual([
      {
        name: 'onSuccess',
        args: [expect.objectContaining({ event: 'success', orderId: String(payment.payment_id), transactionId: expect.stringMatching(/^PS\d+$/) })],
      },
    ])
    await settles(payment.payment_id, 'paid')
    expect(await paymentStatus(payment.payment_id)).toEqual({ status: 'paid', card_last4: '4242' })
    expect((await me(token)).subscription).toMatchObject({ active: true, plan_id: 3 })
  })

  it('declines 4000 0000 0000 0002 in the open form (R9.19); closed, it reports onError { code, message }', async () => {
    const { token, payment } = await newPayment('payselection')
    await openPayselection(payment)
    await fillCard('4000 0000 0000 0002')
    await expect.poll(() => cardDialog().getByRole('alert').first().textContent()).toContain('The card was declined by its bank.')
    await settles(payment.payment_id, 'failed')
    await cardDialog().getByRole('button', { name: 'Close' }).click()
    await waitFor('onError')
    expect(await events()).toEqual([{ name: 'onError', args: [{ code: 'PaymentDeclined', message: expect.stringMatching(/declined/i) }] }])
    expect((await me(token)).subscription).toBeNull()
  })

  it('R9.19: after a declined card, another card in the same form pays the same payment', async () => {
    const { token, payment } = await newPayment('payselection')
    await openPayselection(payment)
    await fillCard('4000 0000 0000 0002')
    await expect.poll(() => cardDialog().getByRole('alert').first().textContent()).toContain('The card was declined by its bank.')
    await settles(payment.payment_id, 'failed')
    await fillCard('4242 4242 4242 4242')
    await waitFor('onSuccess')
    await settles(payment.payment_id, 'paid')
    expect((await me(token)).subscription).toMatchObject({ active: true, days: 30 })
  })

  it('activates the trial opened as the site does it (PaymentType Pay: a charge of 1)', async () => {
    const { token, payment } = await newPayment('payselection', 1)
    expect(payment).toMatchObject({ amount: 1, currency: 'RUB' })
    await openPayselection(payment)
    await fillCard('4242 4242 4242 4242')
    await waitFor('onSuccess')
    await settles(payment.payment_id, 'paid')
    expect((await me(token)).subscription).toMatchObject({ active: true, trial: true, days: 3 })
  })

  it('a paid plan opened as a hold (PaymentType Block): the provider holds the money, the merchant fails the payment', async () => {
    const { token, payment } = await newPayment('payselection', 2)
    await openPayselection(payment, 'Block')
    await fillCard('4242 4242 4242 4242', /^Hold /)
    await waitFor('onSuccess')
    // Payselection asks the merchant nothing first: the widget reports the approved hold ...
    expect((await events()).map((e) => e.name)).toEqual(['onSuccess'])
    // ... and the Block webhook cannot pay a paid plan.
    await settles(payment.payment_id, 'failed')
    expect((await me(token)).subscription).toBeNull()
  })

  it('calls onClose when closed with the close button', async () => {
    const { payment } = await newPayment('payselection')
    await openPayselection(payment)
    await cardDialog().getByRole('button', { name: 'Close' }).click()
    await waitFor('onClose')
    expect(await events()).toEqual([{ name: 'onClose', args: [] }])
    expect(await widgetFrames()).toBe(0)
    expect((await paymentStatus(payment.payment_id))!.status).toBe('pending')
  })

  it('reports bad widget parameters through onError', async () => {
    await page.evaluate(() => {
      const w = window as any
      new w.pw.PayWidget().pay({ serviceId: '', key: '' }, {}, { onError: (e: any) => w.__events.push({ name: 'onError', args: [e] }) })
    })
    expect(await events()).toEqual([{ name: 'onError', args: [expect.objectContaining({ code: 'InvalidParameters' })] }])
    expect(await widgetFrames()).toBe(0)
  })
})
