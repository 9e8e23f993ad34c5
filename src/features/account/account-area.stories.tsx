import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { User } from '#app/api/schemas.ts'
import { m } from '#app/paraglide/messages.js'
import type { RenewalCard } from '#machines/card.ts'
import type { CardCheck, PaymentOptions } from '#machines/rules/payment.ts'
import { hang } from '#stories/fetch-mock.ts'
import { USER_ON_TRIAL, USER_WITH_SUBSCRIPTION } from '#stories/fixtures.ts'
import { expectVisible } from '#stories/play.ts'
import { SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { AccountArea } from './account-area.tsx'

/** R7: the account area through the account machine; confirmations in the modal. */
const cancelled = (user: User) => ({ message: 'Automatic renewal is off.', user: { ...user, subscription: { ...user.subscription!, cancelled: true } } })

function site(user: User, api: SiteParameters['api'] = {}): { site: SiteParameters } {
  return { site: { user, path: '/account', api: { 'GET /users/me': () => user, ...api } } }
}

const meta = {
  title: 'Account/Account area',
  component: AccountArea,
  args: { offer: null },
  parameters: site(USER_WITH_SUBSCRIPTION),
} satisfies Meta<typeof AccountArea>
export default meta
type Story = StoryObj<typeof meta>

export const ActiveSubscription: Story = {}
export const Trial: Story = { parameters: site(USER_ON_TRIAL) }
export const NoSubscription: Story = { parameters: site(SAMPLE_USER) }
export const SpecialOffer: Story = {
  parameters: site(SAMPLE_USER),
  args: { offer: { subscription_id: 3, discount_percent: 30, price: 690, old_price: 990, currency: 'RUB', expires_at: '2025-02-01T00:00:00.000Z' } },
}

/** R9.17: what the invitation link brought: two friends joined, one paid; 7 days added and 7 waiting for the next payment. */
export const InvitedFriends: Story = {
  parameters: site({
    ...SAMPLE_USER,
    referral_code: 'K7PQ2M9X',
    referral: { friends_joined: 2, friends_paid: 1, days_earned: 7, days_pending: 7, days_per_friend: 7 },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByTestId('referral-link')).toHaveTextContent(/\/join\/K7PQ2M9X$/)
    await expect(canvas.getByTestId('referral-friends-joined')).toHaveTextContent('2')
    await expect(canvas.getByTestId('referral-friends-paid')).toHaveTextContent('1')
    await expect(canvas.getByTestId('referral-days-earned')).toHaveTextContent('7')
    await expect(canvas.getByTestId('referral-days-pending')).toHaveTextContent('Waiting for your next payment: 7 days.')
  },
}

/** Issue 37: the payment history: a month paid by card, a refused payment, the trial's card check; a receipt for each paid one. */
export const PaymentHistory: Story = {
  args: {
    payments: [
      {
        payment_id: 12,
        created_at: '2026-11-20T10:00:00.000Z',
        paid_at: '2026-11-20T10:00:05.000Z',
        subscription_id: 3,
        plan_name: 'Month',
        days: 30,
        trial: false,
        special_offer: false,
        amount: 6.99,
        currency: 'USD',
        status: 'paid',
        failure: null,
        card: { brand: 'Visa', last4: '4242' },
      },
      {
        payment_id: 11,
        created_at: '2026-11-19T09:00:00.000Z',
        paid_at: null,
        subscription_id: 3,
        plan_name: 'Month',
        days: 30,
        trial: false,
        special_offer: false,
        amount: 6.99,
        currency: 'USD',
        status: 'failed',
        failure: 'declined',
        card: { brand: 'MasterCard', last4: '4444' },
      },
      {
        payment_id: 10,
        created_at: '2026-11-17T08:00:00.000Z',
        paid_at: '2026-11-17T08:00:03.000Z',
        subscription_id: 1,
        plan_name: 'Trial',
        days: 3,
        trial: true,
        special_offer: false,
        amount: 1,
        currency: 'USD',
        status: 'held',
        failure: null,
        card: { brand: 'Visa', last4: '4242' },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByTestId('payment-row')
    await expect(rows.map((row) => row.dataset.status)).toEqual(['paid', 'failed', 'held'])
    await expect(rows[0]).toHaveTextContent('November 20, 202630 days$6.99PaidVisa •••• 4242Receipt')
    await expect(within(rows[1]!).queryByRole('link')).toBeNull()
    await expect(rows[2]).toHaveTextContent('Trial$1Held to check the card')
  },
}

const offerPayment = (id: number, status: 'failed' | 'refunded', refund: 'pending' | 'done') => ({
  payment_id: id,
  created_at: '2026-11-21T10:00:00.000Z',
  paid_at: null,
  subscription_id: 3,
  plan_name: 'Month',
  days: 30,
  trial: false,
  special_offer: true,
  amount: 5.59,
  currency: 'USD',
  status,
  failure: 'offer_used',
  refund,
  card: { brand: 'Visa', last4: '4242' },
})

/** R9.18, R9.26: a refused payment whose money is on its way back says so; once the provider has returned it, refunded. Neither has a receipt. */
export const PaymentHistoryRefunds: Story = {
  args: { payments: [offerPayment(14, 'failed', 'pending'), offerPayment(13, 'refunded', 'done')] },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByTestId('payment-row')
    await expect(rows.map((row) => row.dataset.status)).toEqual(['failed', 'refunded'])
    await expect(rows[0]).toHaveTextContent(`${m.acc_payment_refund_pending()}Visa •••• 4242`)
    await expect(rows[1]).toHaveTextContent(`${m.acc_payment_refunded()}Visa •••• 4242`)
    for (const row of rows) await expect(within(row).queryByRole('link')).toBeNull()
  },
}

/** A backend without the history (an extension of the contract): the card says it is unavailable, and the rest works. */
export const PaymentHistoryUnavailable: Story = {
  args: { payments: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('payment-history-unavailable')).toHaveTextContent(m.acc_payments_unavailable())
    await expect(within(canvasElement).getByTestId('account-subscription')).toBeVisible()
  },
}

/** `confirming`: the cancel confirmation in the modal. */
export const ConfirmCancel: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('cancel-subscription'))
    const dialog = await within(document.body).findByRole('dialog')
    await expect(dialog).toHaveTextContent(m.acc_confirm_cancel_title())
  },
}

/** `cancelling`: the request is under way. */
export const Cancelling: Story = {
  parameters: site(USER_WITH_SUBSCRIPTION, { 'GET /users/subscription/cancel': () => hang() }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('cancel-subscription'))
    await userEvent.click(await within(document.body).findByTestId('confirm-yes'))
    await expect(await within(canvasElement).findByTestId('reset-device')).toBeDisabled()
  },
}

/** Cancelled: the success toast and the renewal note. */
export const Cancelled: Story = {
  parameters: site(USER_WITH_SUBSCRIPTION, { 'GET /users/subscription/cancel': () => cancelled(USER_WITH_SUBSCRIPTION) }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('cancel-subscription'))
    await userEvent.click(await within(document.body).findByTestId('confirm-yes'))
    await expectVisible(within(document.body).findByText('Auto-renewal is off. Your Premium stays active until February 9, 2025.'))
  },
}

/** Every action is off while one runs (the `busy` tag). */
async function expectBusy(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvas.getByTestId('reset-device')).toBeDisabled())
  await expect(canvas.getByTestId('cancel-subscription')).toBeDisabled()
  await expect(within(canvas.getByTestId('change-email')).getByRole('button')).toBeDisabled()
  await expect(within(canvas.getByTestId('change-password')).getByRole('button')).toBeDisabled()
}

/** `resetting`: the device reset was confirmed and the request is under way (the confirmation stays until it ends). */
export const Resetting: Story = {
  parameters: site(USER_WITH_SUBSCRIPTION, { 'DELETE /users/device/reset': () => hang() }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('reset-device'))
    const dialog = await within(document.body).findByRole('dialog')
    await expect(dialog).toHaveTextContent(m.acc_confirm_reset_title())
    await userEvent.click(within(dialog).getByTestId('confirm-yes'))
    await expectBusy(canvasElement)
  },
}

/** `changingEmail`: the new address was sent (PUT /users/email) and the answer is awaited. */
export const ChangingEmail: Story = {
  parameters: site(USER_WITH_SUBSCRIPTION, { 'PUT /users/email': () => hang() }),
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByTestId('change-email'))
    await userEvent.type(form.getByLabelText(m.acc_new_email_label(), { exact: false }), 'alex.new@example.com')
    await userEvent.click(form.getByRole('button', { name: m.acc_change_email_submit() }))
    await expectBusy(canvasElement)
    await expect(form.getByLabelText(m.acc_new_email_label(), { exact: false })).toHaveValue('alex.new@example.com')
  },
}

/** `changingPassword`: the new password was sent (POST /users/credentials) and the answer is awaited. */
export const ChangingPassword: Story = {
  parameters: site(USER_WITH_SUBSCRIPTION, { 'POST /users/credentials': () => hang() }),
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByTestId('change-password'))
    await userEvent.type(form.getByLabelText(m.acc_password_label(), { exact: false }), 'correct horse battery')
    await userEvent.type(form.getByLabelText(m.acc_password_confirm_label(), { exact: false }), 'correct horse battery')
    await userEvent.click(form.getByRole('button', { name: m.acc_password_submit() }))
    await expectBusy(canvasElement)
  },
}

/** R9.22: the card renewals are charged to, and the button that replaces it. */
export const CardOnFile: Story = {
  args: { renewalCard: { card: { brand: 'Visa', last4: '4242' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByTestId('renewal-card-value')).toHaveTextContent('Visa ending in 4242')
    await expect(canvas.getByTestId('replace-card')).toHaveTextContent(m.acc_card_replace())
  },
}

/** R9.22: the card check through the (fake) provider's widget: the new card is shown, and a toast says it is saved. */
export const CardReplaced: Story = {
  args: { renewalCard: { card: { brand: 'Visa', last4: '4242' } } },
  parameters: {
    site: {
      ...site(USER_WITH_SUBSCRIPTION).site,
      card: {
        createCardCheck: fromPromise<PaymentOptions, unknown>(async () => ({
          amount: 1,
          currency: 'RUB',
          payment_id: 77,
          user_id: 4821,
          email: 'alex@example.com',
        })),
        loadWidgetScript: fromPromise<void, unknown>(async () => {}),
        runWidget: fromCallback<EventObject, unknown>(({ sendBack }) => {
          const timer = setTimeout(() => sendBack({ type: 'widget.success' }), 30)
          return () => clearTimeout(timer)
        }),
        checkCard: fromPromise<CardCheck, unknown>(async () => 'replaced'),
        loadCard: fromPromise<RenewalCard | null, void>(async () => ({ brand: 'MasterCard', last4: '4444' })),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByTestId('replace-card'))
    await expectVisible(within(document.body).findByText(m.acc_card_replaced()))
    await waitFor(() => expect(canvas.getByTestId('renewal-card-value')).toHaveTextContent('MasterCard ending in 4444'))
  },
}

/** R9.22: a backend without the card endpoints: the account says so, and nothing else changes. */
export const CardUnavailable: Story = {
  args: { renewalCard: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('renewal-card-unavailable')).toHaveTextContent(m.acc_card_unavailable())
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
