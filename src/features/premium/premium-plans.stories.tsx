import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import type { CheckPaymentInput, CreatePaymentInput, LoadWidgetInput, RunWidgetInput, WaitInput } from '#machines/payment.ts'
import type { PaymentCheck, PaymentOptions } from '#machines/rules/payment.ts'
import { hang, json } from '#stories/fetch-mock.ts'
import { PAYMENT_OPTIONS, plansOk } from '#stories/fixtures.ts'
import { expectVisible } from '#stories/play.ts'
import { type PaymentActors, SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { PremiumPlans } from './premium-plans.tsx'

/**
 * R3, R4, R7, R8, R9: the plan list and the payment panel in every state of the payment
 * machine. The machine is the real one; its provider actors are fakes (`parameters.site.payment`).
 */
const createOk = fromPromise<PaymentOptions, CreatePaymentInput>(async () => PAYMENT_OPTIONS as PaymentOptions)
const scriptOk = fromPromise<void, LoadWidgetInput>(async () => {})
const pending = <O, I>() => fromPromise<O, I>(() => hang())
const widget = (outcome: (EventObject & Record<string, unknown>) | null) =>
  fromCallback<EventObject, RunWidgetInput>(({ sendBack }) => {
    if (!outcome) return () => {}
    const timer = setTimeout(() => sendBack(outcome), 30)
    return () => clearTimeout(timer)
  })

function site(payment: PaymentActors | undefined, extra: Partial<SiteParameters> = {}): { site: SiteParameters } {
  return { site: { user: SAMPLE_USER, path: '/premium', ...(payment ? { payment } : {}), ...extra } }
}

const meta = {
  title: 'Premium/Plans and payment',
  component: PremiumPlans,
  args: { initial: plansOk('RUB'), offer: null, takeOffer: false, locale: 'en' },
  // The locale prop follows the toolbar, as the route passes getLocale().
  render: (args) => <PremiumPlans {...args} locale={getLocale()} />,
  parameters: site(undefined),
} satisfies Meta<typeof PremiumPlans>
export default meta
type Story = StoryObj<typeof meta>

const planButton = (canvas: ReturnType<typeof within>, index = 2) => canvas.findAllByRole('button', { pressed: false }).then((b: HTMLElement[]) => b[index]!)
const pay = (canvas: ReturnType<typeof within>) => canvas.findByRole('button', { name: new RegExp(`^(${m.premium_pay()}( · .+)?|${m.premium_paying()})$`) })
const reason = (canvasElement: HTMLElement) => canvasElement.querySelector('#premium-payment-reason, .premium-payment__reason')

async function chooseAndAgree(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.click(await planButton(canvas))
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
  await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'false')
}

/** `selecting`, no plan yet: the panel says to choose one. */
export const SelectingWithoutPlan: Story = {
  play: async ({ canvasElement }) => {
    await expect(await pay(within(canvasElement))).toHaveAttribute('aria-disabled', 'true')
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_plan())
  },
}

/** A guest sees the plans; choosing one asks for a sign-in that comes back to the plan. */
export const Guest: Story = {
  // `user: null`: story parameters are merged into the file's, which sign a user in.
  parameters: { site: { user: null, path: '/premium' } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
    await expect(canvas.queryByRole('link', { name: m.premium_sign_in() })).toBeNull()
    await userEvent.click(await planButton(canvas))
    const signIn = await canvas.findByRole('link', { name: m.premium_sign_in() })
    await expect(signIn).toHaveAttribute('href', `/en/login?redirect=${encodeURIComponent('/en/premium')}`)
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_login())
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
  },
}

/** `selecting` with a plan, agreements not ticked. */
export const PlanSelectedWithoutAgreements: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await planButton(canvas))
    await expect(await canvas.findByTestId('premium-summary')).not.toHaveTextContent(m.premium_checkout_none())
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_agreements())
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
  },
}

/** `selecting` with a plan and both agreements: ready to pay. */
export const ReadyToPay: Story = {
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await expect(reason(canvasElement)).toHaveTextContent('')
  },
}

/** `paying.requestingOptions`: the payment is being created (POST /payments). */
export const PayingRequestingOptions: Story = {
  parameters: site({ createPayment: pending<PaymentOptions, CreatePaymentInput>() }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await expect(await pay(canvas)).toHaveAttribute('aria-busy', 'true')
    await expect(await pay(canvas)).toHaveTextContent(m.premium_paying())
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_opening())
  },
}

/** `paying.loadingWidget`: the provider's widget script is loading. */
export const PayingLoadingWidget: Story = {
  parameters: site({ createPayment: createOk, loadWidgetScript: pending<void, LoadWidgetInput>() }),
  play: PayingRequestingOptions.play,
}

/** `paying.charging`: the provider's widget is open, and only now does the page say so. */
export const Charging: Story = {
  parameters: site({ createPayment: createOk, loadWidgetScript: scriptOk, runWidget: widget(null) }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await expect(await pay(canvas)).toHaveAttribute('aria-busy', 'true')
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_busy())
  },
}

/** The widget reported a failure: back in `selecting` with the error toast. */
export const Failed: Story = {
  parameters: {
    ...site({ createPayment: createOk, loadWidgetScript: scriptOk, runWidget: widget({ type: 'widget.fail', reason: 'Card declined' }) }),
    expectedConsoleErrors: [/^payment: payment failed/],
  },
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await expectVisible(within(document.body).findByText(m.payments_fail()))
    await waitFor(async () => expect(await pay(canvas)).toHaveTextContent(m.premium_pay()))
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'false')
  },
}

const failing = <O, I>(message: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(message)
  })

/** Creating the payment failed (POST /payments answered 500): back in `selecting` with the error toast. */
export const CreatingPaymentFailed: Story = {
  parameters: {
    ...site(undefined, { api: { 'POST /payments': () => json({ message: '' }, 500) } }),
    expectedConsoleErrors: [/^payment: payment failed/, /^api: POST /],
  },
  play: Failed.play,
}

/** The backend refused the payment with its own words (a second trial): they are shown in the toast. */
export const CreatingPaymentRefused: Story = {
  parameters: {
    ...site(undefined, { api: { 'POST /payments': () => json({ message: 'The trial can be taken only once.' }, 422) } }),
    expectedConsoleErrors: [/^payment: payment failed/, /^api: POST /],
  },
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await expectVisible(within(document.body).findByText('The trial can be taken only once.'))
    await waitFor(async () => expect(await pay(canvas)).toHaveAttribute('aria-busy', 'false'))
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'false')
  },
}

/** The provider's widget script did not load: back in `selecting` with the error toast. */
export const WidgetScriptFailed: Story = {
  parameters: {
    ...site({ createPayment: createOk, loadWidgetScript: failing<void, LoadWidgetInput>('The payment widget script did not load') }),
    expectedConsoleErrors: [/^payment: payment failed/],
  },
  play: Failed.play,
}

/** The widget was closed: back in `selecting`, no toast. */
export const WidgetClosed: Story = {
  parameters: site({ createPayment: createOk, loadWidgetScript: scriptOk, runWidget: widget({ type: 'widget.close' }) }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await waitFor(async () => expect(await pay(canvas)).toHaveAttribute('aria-busy', 'false'))
  },
}

const paid = fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'paid')
const notPaid = fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'pending')
const noWait = fromPromise<void, WaitInput>(async () => {})

/** `succeeded`: the backend has the provider's confirmation; the success toast while the user is fetched again. */
export const Succeeded: Story = {
  parameters: site({
    createPayment: createOk,
    loadWidgetScript: scriptOk,
    runWidget: widget({ type: 'widget.success' }),
    checkPayment: paid,
    refreshUser: pending<void, void>(),
  }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await userEvent.click(await pay(within(canvasElement)))
    await expectVisible(within(document.body).findByText(m.payments_success()))
  },
}

/** `paying.confirming` (decision 053): the widget said success; the backend's confirmation is awaited. */
export const Confirming: Story = {
  parameters: site({
    createPayment: createOk,
    loadWidgetScript: scriptOk,
    runWidget: widget({ type: 'widget.success' }),
    checkPayment: pending<PaymentCheck, CheckPaymentInput>(),
  }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    await expectVisible(canvas.findByRole('button', { name: m.premium_confirming() }))
    await expect(canvas.getByRole('button', { name: m.premium_confirming() })).toHaveAttribute('aria-busy', 'true')
    // Issue 37: the form has closed, and the page says only that the payment is being confirmed.
    await expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_confirming())
    await expect(within(document.body).queryByText(m.payments_success())).toBeNull()
  },
}

/**
 * R9.2: the backend refused the trial at confirmation (the account's trial was used meanwhile, in
 * another tab): the visitor is told why in words, the trial is no longer offered, and no plan is chosen.
 */
export const TrialRefusedAtConfirmation: Story = {
  parameters: {
    ...site({
      createPayment: createOk,
      loadWidgetScript: scriptOk,
      runWidget: widget({ type: 'widget.success' }),
      checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'trial_used'),
    }),
    expectedConsoleErrors: [/^payment: payment refused trial_used/],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await planButton(canvas)
    await userEvent.click(within(canvasElement.querySelector<HTMLElement>('li.plan-card[data-plan-id="1"]')!).getByRole('button'))
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
    await userEvent.click(await pay(canvas))
    await expectVisible(within(document.body).findByText(m.payments_trial_used()))
    await waitFor(() => expect(canvasElement.querySelector('li.plan-card[data-plan-id="1"]')).toBeNull())
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
  },
}

/**
 * R9.16: the backend refused the special offer at confirmation (the account took it meanwhile, in
 * another tab): the visitor is told why in words, and the offer is gone, no longer chosen.
 */
export const OfferRefusedAtConfirmation: Story = {
  args: {
    offer: { subscription_id: 3, discount_percent: 20, price: 392, old_price: 490, currency: 'RUB', expires_at: '2030-01-01T00:00:00.000Z' },
    takeOffer: true,
  },
  parameters: {
    ...site({
      createPayment: createOk,
      loadWidgetScript: scriptOk,
      runWidget: widget({ type: 'widget.success' }),
      checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'offer_used'),
    }),
    expectedConsoleErrors: [/^payment: payment refused offer_used/],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="offer-card"]')).not.toBeNull())
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
    await userEvent.click(await pay(canvas))
    await expectVisible(within(document.body).findByText(m.payments_offer_used()))
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="offer-card"]')).toBeNull())
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
  },
}

/** `unconfirmed`: every check found the payment unpaid; the visitor is told what happens next and can look again. */
export const Unconfirmed: Story = {
  parameters: site({ createPayment: createOk, loadWidgetScript: scriptOk, runWidget: widget({ type: 'widget.success' }), checkPayment: notPaid, wait: noWait }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(await pay(canvas))
    const pending = await canvas.findByTestId('payment-pending')
    await expect(pending).toHaveTextContent(m.premium_pending_title())
    await expect(pending).toHaveTextContent(m.payments_pending())
    // The same words in a toast, outside the page.
    await waitFor(() =>
      expect(
        within(document.body)
          .getAllByText(m.payments_pending())
          .filter((el) => !pending.contains(el)),
      ).toHaveLength(1),
    )
    await expect(within(pending).getByRole('button', { name: m.premium_pending_check() })).toBeVisible()
    await expect(within(pending).getByRole('link', { name: m.premium_pending_account() })).toHaveAttribute('href', '/account')
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
  },
}

/** Decision 072: a Steam account without an e-mail adds one before paying. */
export const SteamAccountWithoutEmail: Story = {
  parameters: {
    site: { user: { ...SAMPLE_USER, email: null, steam_id: '76561198000000001', display_name: 'Headshot Hannah' }, path: '/premium' } satisfies SiteParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await planButton(canvas))
    await waitFor(() => expect(reason(canvasElement)).toHaveTextContent(m.premium_reason_email()))
    await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'true')
    await expect(canvas.getByRole('link', { name: m.premium_add_email() })).toHaveAttribute('href', '/account?redirect=%2Fen%2Fpremium#acc-email')
  },
}

/** `unavailable`: the configured payment service is unknown (R8). */
export const UnavailableService: Story = {
  parameters: {
    site: { user: SAMPLE_USER, config: (c) => void ((c.payment as { service: string }).service = 'unknown') } satisfies SiteParameters,
    expectedConsoleErrors: [/^payment: /],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/./)
  },
}

/** Payselection charges in roubles: a note for plans in other currencies (R9). */
export const PayselectionNonRouble: Story = {
  args: { initial: plansOk('USD') },
  parameters: site(undefined, { config: (c) => void ((c.payment as { service: string }).service = 'payselection') }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await planButton(within(canvasElement)))
    await expect(await within(canvasElement).findByText(m.premium_rub_note())).toBeVisible()
  },
}

/** R8: the plans could not be loaded; a toast and a way to try again. */
export const PlansFailed: Story = {
  args: { initial: { ok: false, status: 500, message: null } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(m.premium_plans_error_title())
    await expectVisible(within(document.body).findByText(m.notifications_errors_other()))
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' }, args: { initial: plansOk('EUR') } }
