/**
 * R9: the payment after the provider's widget said success (decision 053): the backend's
 * confirmation awaited, given, refused (a trial or an offer already taken) or not come yet.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { fromPromise } from 'xstate'
import { m } from '#app/paraglide/messages.js'
import type { CheckPaymentInput, WaitInput } from '#machines/payment-types.ts'
import type { PaymentCheck } from '#machines/rules/payment.ts'
import { expectVisible } from '#stories/play.ts'
import {
  chooseAndAgree,
  createOk,
  PREMIUM_PLANS_ARGS,
  pay,
  pending,
  planButton,
  reason,
  renderPremiumPlans,
  scriptOk,
  site,
  widget,
} from './premium-plans.story-support.tsx'
import { PremiumPlans } from './premium-plans.tsx'

// No JSDoc comment right above the meta: Storybook would take it for the docs description
// and drop the meta's own parameters (`site(undefined)`, the signed-in visitor).
const meta = {
  title: 'Premium/Plans and payment/Confirmation',
  component: PremiumPlans,
  args: PREMIUM_PLANS_ARGS,
  render: renderPremiumPlans,
  parameters: site(undefined),
} satisfies Meta<typeof PremiumPlans>
export default meta
type Story = StoryObj<typeof meta>

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

/**
 * R9.16, R9.26: the offer's window ended before its payment was confirmed: the visitor reads that the
 * offer ended and the money goes back, and the offer is gone.
 */
export const OfferExpiredAtConfirmation: Story = {
  args: OfferRefusedAtConfirmation.args,
  parameters: {
    ...site({
      createPayment: createOk,
      loadWidgetScript: scriptOk,
      runWidget: widget({ type: 'widget.success' }),
      checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'offer_expired'),
    }),
    expectedConsoleErrors: [/^payment: payment refused offer_expired/],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="offer-card"]')).not.toBeNull())
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
    await userEvent.click(await pay(canvas))
    await expectVisible(within(document.body).findByText(m.payments_offer_expired()))
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="offer-card"]')).toBeNull())
  },
}

/** R9.26: a payment refused after the provider took the money (a plan withdrawn meanwhile): the visitor reads that it goes back, and the plan stays chosen. */
export const RefundedAtConfirmation: Story = {
  parameters: {
    ...site({
      createPayment: createOk,
      loadWidgetScript: scriptOk,
      runWidget: widget({ type: 'widget.success' }),
      checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'refunded'),
    }),
    expectedConsoleErrors: [/^payment: payment refused refunded/],
  },
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await userEvent.click(await pay(within(canvasElement)))
    await expectVisible(within(document.body).findByText(m.payments_refunded()))
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
