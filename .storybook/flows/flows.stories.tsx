import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { AuthActor } from '#app/core/auth-actor.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { AccountArea } from '#app/features/account/account-area.tsx'
import { ConfirmForm } from '#app/features/account/confirm-form.tsx'
import { SignInForm } from '#app/features/account/sign-in-form.tsx'
import { Countdown } from '#app/features/marketing/countdown.tsx'
import { PremiumPlans } from '#app/features/premium/premium-plans.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Route as JoinRoute } from '#app/routes/join.{-$code}.tsx'
import { LANGUAGE_NAMES, LanguageSwitcher } from '#app/site/language-switcher.tsx'
import { SiteHeader } from '#app/site/site-header.tsx'
import { FormField, MachineForm } from '#app/ui/form.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { PremiumGallery } from '#app/ui/gallery.tsx'
import { ModalActor } from '#app/ui/ui-actors.tsx'
import type { CheckPaymentInput, CreatePaymentInput, LoadWidgetInput, RunWidgetInput } from '#machines/payment.ts'
import { DEADLINE_STORAGE_KEY, deadlineToStorage } from '#machines/rules/deadline.ts'
import { EMAIL_RULES } from '#machines/rules/fields.ts'
import type { PaymentCheck, PaymentOptions } from '#machines/rules/payment.ts'
import accountSvg from '../../docs/flows/account.svg?raw'
import authLoggedInSvg from '../../docs/flows/auth.loggedIn.svg?raw'
import authLoggingInSvg from '../../docs/flows/auth.loggingIn.svg?raw'
import authSvg from '../../docs/flows/auth.svg?raw'
import confirmSvg from '../../docs/flows/confirm.svg?raw'
import deadlineSvg from '../../docs/flows/deadline.svg?raw'
import fieldSvg from '../../docs/flows/field.svg?raw'
import formSvg from '../../docs/flows/form.svg?raw'
import joinSvg from '../../docs/flows/join.svg?raw'
import lightboxSvg from '../../docs/flows/lightbox.svg?raw'
import localeSvg from '../../docs/flows/locale.svg?raw'
import menuSvg from '../../docs/flows/menu.svg?raw'
import modalSvg from '../../docs/flows/modal.svg?raw'
import paymentPayingSvg from '../../docs/flows/payment.paying.svg?raw'
import paymentSvg from '../../docs/flows/payment.svg?raw'
import requestSvg from '../../docs/flows/request.svg?raw'
import signInSvg from '../../docs/flows/sign-in.svg?raw'
import { PAYMENT_OPTIONS, planList, plansOk, USER_WITH_SUBSCRIPTION } from '../fixtures.ts'
import { routePage } from '../pages.tsx'
import { expectVisible } from '../play.ts'
import { RoutePage, SAMPLE_USER, type SiteParameters } from '../site.tsx'
import { PHONE_GLOBALS } from '../viewports.ts'
import { outlines, passedThrough } from './flow-play.ts'
import { FlowView } from './flow-view.tsx'

/**
 * One page per machine: its diagram from docs/flows beside the components that drive it, with
 * the live state outlined as you click through the component.
 */
const meta = {
  title: 'Flows',
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
    <FlowView machineId="signIn" name="sign-in" svg={signInSvg}>
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

/** A form of one e-mail field, run by the site's form machine (its field is a child actor). */
function EmailField() {
  const form = useActorRef(siteForm, { inspect: useMachineInspect(), input: { id: 'flow-email', fields: [{ name: 'email', value: '', rules: EMAIL_RULES }] } })
  return (
    <MachineForm id="flow-email" form={form} action="#" className="form-card">
      <FormField name="email" label={m.acc_email_label()} rules={EMAIL_RULES} type="email" hint={m.acc_email_hint()} />
      <button type="submit" className="button" onClick={(e) => (e.preventDefault(), form.send({ type: 'form.submit' }))}>
        {m.acc_send_code()}
      </button>
    </MachineForm>
  )
}

/** A form on the page asks for the validation messages; the switcher loads another language. */
function LocaleDemo() {
  const [form, setForm] = useState(false)
  return (
    <div>
      <LanguageSwitcher />
      {form ? (
        <EmailField />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setForm(true)}>
          Show a form
        </button>
      )}
    </div>
  )
}

/** Ready; a form asks for the validation messages (loading them, ready again); another language is loaded and shown. */
export const Locale: Story = {
  render: () => (
    <FlowView machineId="locale" name="locale" svg={localeSvg}>
      <LocaleDemo />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'ready')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show a form' }))
    await passedThrough(canvasElement, 'ready', 'loading.validation', 'ready')
    await outlines(canvasElement, 'ready')
    await userEvent.click(within(canvasElement).getByRole('link', { name: LANGUAGE_NAMES.de }))
    // The frame is rendered anew in German, as the site loads the German page; its machine is ready.
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.de })).toHaveAttribute('aria-current', 'true')
    await outlines(canvasElement, 'ready')
  },
}

const realNow = Date.now.bind(Date)
let clockOffset = 0

/** Idle until hydrated, running with a stored deadline, finished once the clock passes it. */
export const Deadline: Story = {
  beforeEach: () => {
    clockOffset = 0
    Date.now = () => realNow() + clockOffset
    window.localStorage.setItem(DEADLINE_STORAGE_KEY, deadlineToStorage(realNow() + 3600_000 + 60_000))
    return () => {
      Date.now = realNow
    }
  },
  render: () => (
    <FlowView machineId="deadline" name="deadline" svg={deadlineSvg}>
      <Countdown />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'running')
    clockOffset = 2 * 3600_000
    await outlines(canvasElement, 'finished')
    await passedThrough(canvasElement, 'running', 'finished')
    await expect(within(canvasElement).getByTestId('countdown')).toHaveAttribute('data-state', 'finished')
  },
}

/** The phone menu: closed, opened by its button, closed by it, opened again and closed with Escape. */
export const Menu: Story = {
  tags: ['mobile'],
  globals: PHONE_GLOBALS,
  render: () => (
    <FlowView machineId="menu" name="menu" svg={menuSvg}>
      <SiteHeader />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByTestId('menu-toggle')
    await expect(toggle).toBeVisible()
    await outlines(canvasElement, 'closed')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'open')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'closed')
    await userEvent.click(toggle)
    await outlines(canvasElement, 'open')
    await userEvent.keyboard('{Escape}')
    await outlines(canvasElement, 'closed')
    await passedThrough(canvasElement, 'closed', 'open', 'closed', 'open', 'closed')
    await expect(toggle).toHaveFocus()
  },
}

function ModalButton() {
  const modal = ModalActor.useActorRef()
  return (
    <button type="button" className="button" onClick={() => modal.send({ type: 'modal.open', content: { dialog: 'account.reset' } })}>
      Open the modal
    </button>
  )
}

/** Hidden, standard (opened), hidden again with Escape. */
export const Modal: Story = {
  render: () => (
    <FlowView machineId="modal" name="modal" svg={modalSvg}>
      <ModalButton />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'hidden')
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Open the modal' }))
    await outlines(canvasElement, 'standard')
    await expectVisible(within(document.body).findByRole('dialog'))
    await userEvent.keyboard('{Escape}')
    await outlines(canvasElement, 'hidden')
    await passedThrough(canvasElement, 'hidden', 'standard', 'hidden')
  },
}

/** Closed, opened by a thumbnail, closed by its button. */
export const Lightbox: Story = {
  render: () => (
    <FlowView machineId="lightbox" name="lightbox" svg={lightboxSvg}>
      <PremiumGallery />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'closed')
    const thumbnails = await within(canvasElement).findAllByRole('button')
    await userEvent.click(thumbnails.find((b) => b.getAttribute('aria-label')?.length) ?? thumbnails[0]!)
    await outlines(canvasElement, 'open')
    await userEvent.click(await within(document.body).findByRole('button', { name: m.gallery_close() }))
    await outlines(canvasElement, 'closed')
    await passedThrough(canvasElement, 'closed', 'open', 'closed')
  },
}

/** Untouched and pristine; typed and left with an invalid address (failed); corrected (passed). */
export const Field: Story = {
  render: () => (
    <FlowView machineId="field" name="field" svg={fieldSvg}>
      <EmailField />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'touch', 'touch__untouched', 'edit', 'edit__pristine', 'validation', 'validation__idle')
    const input = await within(canvasElement).findByRole('textbox')
    await userEvent.type(input, 'alex@')
    await userEvent.tab()
    await outlines(canvasElement, 'touch', 'touch__touched', 'edit', 'edit__dirty', 'validation', 'validation__failed')
    await userEvent.type(input, 'example.com')
    await outlines(canvasElement, 'touch', 'touch__touched', 'edit', 'edit__dirty', 'validation', 'validation__passed')
    await expect(input).not.toHaveAttribute('aria-invalid')
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
    await expectVisible(within(document.body).findByText('Automatic renewal is off.'))
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

/** Editing; a submit with a bad address validates every field and goes back to editing (the focus on the field); a good one is submitted. */
export const Form: Story = {
  render: () => (
    <FlowView machineId="form" name="form" svg={formSvg}>
      <EmailField />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await outlines(canvasElement, 'editing')
    const canvas = within(canvasElement)
    const input = await canvas.findByRole('textbox')
    await userEvent.type(input, 'alex@')
    await userEvent.click(canvas.getByRole('button', { name: m.acc_send_code() }))
    await waitFor(() => expect(input).toHaveFocus())
    await outlines(canvasElement, 'editing')
    await passedThrough(canvasElement, 'editing', 'validating', 'editing')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
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
