/**
 * The flow pages of the visitor's account and payment machines (auth, sign-in, account, confirm,
 * join; payment, the plan list's request and the renewal card): one page per machine, its diagram from docs/flows
 * beside the components that drive it, with the live state outlined as you click through the
 * component. The interface's machines (locale, deadline, menu, modal, lightbox, field, form):
 * interface-flows.stories.tsx.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { AuthActor } from '#app/core/auth-actor.ts'
import { AccountArea } from '#app/features/account/account-area.tsx'
import { ConfirmForm } from '#app/features/account/confirm-form.tsx'
import { RenewalCardSection } from '#app/features/account/renewal-card.tsx'
import { SignInForm } from '#app/features/account/sign-in-form.tsx'
import { PremiumPlans } from '#app/features/premium/premium-plans.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Route as JoinRoute } from '#app/routes/join.{-$code}.tsx'
import type { RenewalCard } from '#machines/card.ts'
import type { CheckPaymentInput, CreatePaymentInput, LoadWidgetInput, RunWidgetInput } from '#machines/payment-types.ts'
import type { CardCheck, PaymentCheck, PaymentOptions } from '#machines/rules/payment.ts'
import { PAYMENT_OPTIONS, planList, plansOk, USER_WITH_SUBSCRIPTION } from '#stories/fixtures.ts'
import { routePage } from '#stories/pages.tsx'
import { expectVisible } from '#stories/play.ts'
import { RoutePage, SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import accountSvg from '../../docs/flows/account.svg?raw'
import authLoggedInSvg from '../../docs/flows/auth.loggedIn.svg?raw'
import authLoggingInSvg from '../../docs/flows/auth.loggingIn.svg?raw'
import authSvg from '../../docs/flows/auth.svg?raw'
import cardSvg from '../../docs/flows/card.svg?raw'
import confirmSvg from '../../docs/flows/confirm.svg?raw'
import joinSvg from '../../docs/flows/join.svg?raw'
import paymentPayingSvg from '../../docs/flows/payment.paying.svg?raw'
import paymentSvg from '../../docs/flows/payment.svg?raw'
import requestSvg from '../../docs/flows/request.svg?raw'
import signInSvg from '../../docs/flows/sign-in.svg?raw'
import { outlines, passedThrough } from './flow-play.ts'
import { FlowView } from './flow-view.tsx'

// No JSDoc comment right above the meta: Storybook would take it for the docs description (the
// file's description stands at its top).
const meta = {
  title: 'Flows/Account and payment',
  parameters: { layout: 'fullscreen' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
const slowPayment: SiteParameters['payment'] = {
  createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(() => later(800, PAYMENT_OPTIONS as PaymentOptions)),
  loadWidgetScript: fromPromise<void, LoadWidgetInput>(() => later(800, undefined)),
  runWidget: fromCallback<EventObject, RunWidgetInput>(({ sendBack }) => {
    const timer = setTimeout(() => sendBack({ type: 'widget.success' }), 1500)
    return () => clearTimeout(timer)
  }),
  // Decision 053: the backend has the provider's confirmation at the first check.
  checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(() => later<PaymentCheck>(800, 'paid')),
}

async function chooseAndPay(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  const plans = await canvas.findAllByRole('button', { pressed: false })
  await userEvent.click(plans[2]!)
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
  await userEvent.click(canvas.getByRole('button', { name: new RegExp(`^${m.premium_pay()}( · .+)?$`) }))
}

/** Selecting, paying in its four steps (the last waits for the backend's confirmation), succeeded, and back to selecting once the user is fetched again. */
export const Payment: Story = {
  parameters: { site: { user: SAMPLE_USER, payment: slowPayment } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="payment" name="payment" svg={[paymentSvg, paymentPayingSvg]}>
      <PremiumPlans initial={plansOk('RUB')} offer={null} takeOffer={false} locale={getLocale()} />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'selecting')
    await chooseAndPay(canvasElement)
    await outlines(canvasElement, 'paying', 'paying__requestingOptions')
    await outlines(canvasElement, 'paying', 'paying__charging')
    await outlines(canvasElement, 'paying', 'paying__confirming', 'paying__confirming__checking')
    await passedThrough(
      canvasElement,
      'selecting',
      'paying.requestingOptions',
      'paying.loadingWidget',
      'paying.charging',
      'paying.confirming.checking',
      'succeeded',
      'selecting',
    )
    await outlines(canvasElement, 'selecting')
  },
}

function AuthPanel() {
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector((s) => s.matches('loggedIn'))
  return loggedIn ? (
    <div className="actions actions--start">
      <button type="button" className="button" onClick={() => auth.send({ type: 'auth.logout' })}>
        {m.acc_logout()}
      </button>
      <button type="button" className="button button--ghost" onClick={() => auth.send({ type: 'token.check', now: Date.now() + 7_200_000 })}>
        Check the token two hours later
      </button>
    </div>
  ) : (
    <SignInForm />
  )
}

async function signIn(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.type(await canvas.findByLabelText(m.acc_email_label(), { exact: false }), 'alex@example.com')
  await userEvent.click(canvas.getByRole('button', { name: m.acc_send_code() }))
  await userEvent.type(await canvas.findByLabelText(m.acc_code_label(), { exact: false }), '123456')
  await userEvent.click(canvas.getByRole('button', { name: m.acc_sign_in() }))
}

/** Logged out, logging in (the code, then the user), logged in; an expired token without a refresh token logs out again. */
export const Auth: Story = {
  parameters: { site: { api: { 'GET /users/auth': () => ({ message: 'We sent a code to your e-mail.', resend_in: 30 }) } } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="auth" name="auth" svg={[authSvg, authLoggingInSvg, authLoggedInSvg]}>
      <AuthPanel />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'loggedOut')
    await signIn(canvasElement)
    await outlines(canvasElement, 'loggedIn', 'loggedIn__active')
    await passedThrough(canvasElement, 'loggedOut', 'loggingIn.code', 'loggingIn.fetchingUser', 'loggedIn.active')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Check the token two hours later' }))
    await outlines(canvasElement, 'loggedOut')
    await passedThrough(canvasElement, 'loggedIn.active', 'loggedOut')
  },
}

/** The e-mail step (editing, requesting the code), the code step (editing, verifying), signed in. */
export const SignIn: Story = {
  parameters: Auth.parameters,
  render: () => (
    <FlowView machineId="sign-in" name="sign-in" svg={signInSvg}>
      <SignInForm />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'email', 'email__editing')
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText(m.acc_email_label(), { exact: false }), 'alex@example.com')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_send_code() }))
    await outlines(canvasElement, 'code', 'code__editing')
    await userEvent.type(await canvas.findByLabelText(m.acc_code_label(), { exact: false }), '123456')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_sign_in() }))
    await outlines(canvasElement, 'signedIn')
    await passedThrough(canvasElement, 'email.editing', 'email.requesting', 'code.editing', 'code.verifying', 'signedIn')
  },
}

/** Idle, confirming (the modal), cancelling, idle again with the backend's message. */
export const Account: Story = {
  parameters: {
    site: {
      user: USER_WITH_SUBSCRIPTION,
      api: {
        'GET /users/me': () => USER_WITH_SUBSCRIPTION,
        'GET /users/subscription/cancel': () => later(1000, { message: 'Automatic renewal is off.', user: USER_WITH_SUBSCRIPTION }),
        'DELETE /users/device/reset': () => later(1000, { message: 'The device is unbound.', user: USER_WITH_SUBSCRIPTION }),
      },
    } satisfies SiteParameters,
  },
  render: () => (
    <FlowView machineId="account" name="account" svg={accountSvg}>
      <AccountArea offer={null} />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'idle')
    await userEvent.click(await within(canvasElement).findByTestId('cancel-subscription'))
    await outlines(canvasElement, 'confirming')
    await userEvent.click(await within(document.body).findByTestId('confirm-yes'))
    await outlines(canvasElement, 'cancelling')
    await outlines(canvasElement, 'idle')
    await passedThrough(canvasElement, 'idle', 'confirming', 'cancelling', 'idle')
    await expectVisible(within(document.body).findByText('Auto-renewal is off. Your Premium stays active until February 9, 2025.'))
  },
}

/** Failed as the server rendered it (the plan list did not load), retried: loading, done. */
export const Request: Story = {
  parameters: {
    site: { user: SAMPLE_USER, api: { 'GET /subscriptions': () => later(800, planList('RUB')) } } satisfies SiteParameters,
    expectedConsoleErrors: [/^premium: the plan list could not be loaded/],
  },
  render: () => (
    <FlowView machineId="request" name="request" svg={requestSvg}>
      <PremiumPlans initial={{ ok: false, status: 500, message: null }} offer={null} takeOffer={false} locale={getLocale()} />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'failed')
    await userEvent.click(within(canvasElement).getByRole('button', { name: m.premium_plans_retry() }))
    await outlines(canvasElement, 'loading')
    await outlines(canvasElement, 'done')
    await passedThrough(canvasElement, 'failed', 'loading', 'done')
  },
}

/** The e-mail confirmation: editing, confirming (which signs in), confirmed. */
export const Confirm: Story = {
  parameters: { site: { user: null } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="confirm" name="confirm" svg={confirmSvg}>
      <ConfirmForm start={{ email: 'alex@example.com', code: '123456', error: null, fieldErrors: {} }} />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'editing')
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText(m.acc_confirm_password_label(), { exact: false }), 'correct horse battery')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_confirm_submit() }))
    await outlines(canvasElement, 'confirmed')
    await passedThrough(canvasElement, 'editing', 'confirming', 'confirmed')
  },
}

/** The join page without a code: entering; the code typed goes to its own address, registered as that page loads (starting, registered). */
export const Join: Story = {
  parameters: routePage(JoinRoute, '/join/{-$code}', '/join', {
    api: { 'GET /referrer/link/ALEX4821': () => later(800, { code: 'ALEX4821', valid: true, applied: false }) },
  }),
  render: () => (
    <FlowView machineId="join" name="join" svg={joinSvg}>
      <RoutePage />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'entering')
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText(m.acc_join_code_label(), { exact: false }), 'ALEX4821')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_join_code_submit() }))
    await outlines(canvasElement, 'registered')
    await passedThrough(canvasElement, 'entering', 'registered')
  },
}

/** R9.22's card check, slowed so that each step shows: first not confirmed yet, then confirmed at the next look. */
let cardChecks = 0
const slowCard: SiteParameters['card'] = {
  createCardCheck: fromPromise<PaymentOptions, unknown>(() => later(600, { ...(PAYMENT_OPTIONS as PaymentOptions), amount: 1 })),
  loadWidgetScript: fromPromise<void, unknown>(() => later(600, undefined)),
  runWidget: fromCallback<EventObject, unknown>(({ sendBack }) => {
    const timer = setTimeout(() => sendBack({ type: 'widget.success' }), 800)
    return () => clearTimeout(timer)
  }),
  checkCard: fromPromise<CardCheck, unknown>(() => later<CardCheck>(600, ++cardChecks === 1 ? 'pending' : 'replaced')),
  loadCard: fromPromise<RenewalCard | null, void>(() => later(600, { brand: 'MasterCard', last4: '4444' })),
}

/**
 * R9.22, replacing the renewal card: idle, the card check created, the provider's form loaded and
 * open, the confirmation checked (not yet, a wait, then confirmed), the card read again, idle.
 */
export const Card: Story = {
  parameters: { site: { user: USER_WITH_SUBSCRIPTION, card: slowCard } satisfies SiteParameters },
  beforeEach: () => {
    cardChecks = 0
  },
  render: () => (
    <FlowView machineId="card" name="card" svg={cardSvg}>
      <RenewalCardSection answer={{ card: { brand: 'Visa', last4: '4242' } }} locale={getLocale()} canReplace />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await outlines(canvasElement, 'idle')
    await userEvent.click(await canvas.findByTestId('replace-card'))
    await outlines(canvasElement, 'confirming', 'confirming__waiting')
    await passedThrough(
      canvasElement,
      'idle',
      'creating',
      'loadingWidget',
      'open',
      'confirming.checking',
      'confirming.waiting',
      'confirming.checking',
      'reading',
      'idle',
    )
    await expectVisible(canvas.findByText('MasterCard ending in 4444', { exact: false }))
  },
}
