/**
 * R3, R4, R7, R8, R9: the plan list and the payment panel in every state of the payment
 * machine up to the provider's answer (its confirmation: premium-confirmation.stories.tsx). The
 * machine is the real one; its provider actors are fakes (`parameters.site.payment`).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { fromPromise } from 'xstate'
import { m } from '#app/paraglide/messages.js'
import type { CreatePaymentInput, LoadWidgetInput } from '#machines/payment-types.ts'
import type { PaymentOptions } from '#machines/rules/payment.ts'
import { json } from '#stories/fetch-mock.ts'
import { plansOk } from '#stories/fixtures.ts'
import { expectVisible } from '#stories/play.ts'
import { SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
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
  title: 'Premium/Plans and payment',
  component: PremiumPlans,
  args: PREMIUM_PLANS_ARGS,
  render: renderPremiumPlans,
  parameters: site(undefined),
} satisfies Meta<typeof PremiumPlans>
export default meta
type Story = StoryObj<typeof meta>

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
    await expect(await pay(canvas)).toHaveTextContent(m.premium_pay_form_open())
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
