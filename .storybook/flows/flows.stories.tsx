import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { CreatePaymentInput, LoadWidgetInput, RunWidgetInput } from '#machines/payment'
import type { PaymentOptions } from '#machines/rules/payment'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { AuthActor } from '~/components/auth-provider'
import { ModalActor } from '~/components/ui-actors'
import { SiteHeader } from '~/components/site-header'
import { LanguageSwitcher } from '~/components/language-switcher'
import { SignInForm } from '~/components/account/sign-in-form'
import { AccountArea } from '~/components/account/account-area'
import { usePageRequest } from '~/components/account/use-request'
import { TextField } from '~/components/forms/text-field'
import { useField } from '~/components/forms/use-form'
import { Countdown } from '~/components/marketing/countdown'
import { PremiumGallery } from '~/components/marketing/gallery'
import { PremiumPlans } from '~/components/premium/premium-plans'
import { FlowView } from './flow-view'
import { PAYMENT_OPTIONS, USER_WITH_SUBSCRIPTION, plansOk } from '../fixtures'
import { SAMPLE_USER, type SiteParameters } from '../site'
import authSvg from '../../docs/flows/auth.svg?raw'
import localeSvg from '../../docs/flows/locale.svg?raw'
import paymentSvg from '../../docs/flows/payment.svg?raw'
import deadlineSvg from '../../docs/flows/deadline.svg?raw'
import menuSvg from '../../docs/flows/menu.svg?raw'
import modalSvg from '../../docs/flows/modal.svg?raw'
import lightboxSvg from '../../docs/flows/lightbox.svg?raw'
import fieldSvg from '../../docs/flows/field.svg?raw'
import signInSvg from '../../docs/flows/sign-in.svg?raw'
import accountSvg from '../../docs/flows/account.svg?raw'
import requestSvg from '../../docs/flows/request.svg?raw'

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
}

const stateShows = async (canvasElement: HTMLElement, text: string | RegExp) =>
  waitFor(() => expect(within(canvasElement).getAllByTestId('flow-state-value').map((e) => e.textContent).join(' ')).toMatch(text))

export const Payment: Story = {
  parameters: { site: { user: SAMPLE_USER, payment: slowPayment } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="payment" name="payment" svg={paymentSvg}>
      <PremiumPlans initial={plansOk('RUB')} locale={getLocale()} />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'selecting')
  },
}

function AuthPanel() {
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector((s) => s.matches('loggedIn'))
  return loggedIn ? (
    <div className="actions actions--start">
      <button type="button" className="button" onClick={() => auth.send({ type: 'auth.logout' })}>{m.acc_logout()}</button>
      <button type="button" className="button button--ghost" onClick={() => auth.send({ type: 'token.check', now: Date.now() + 7_200_000 })}>
        Check the token two hours later
      </button>
    </div>
  ) : (
    <SignInForm />
  )
}

export const Auth: Story = {
  parameters: { site: { api: { 'GET /users/auth': () => ({ message: 'We sent a code to your e-mail.', resend_in: 30 }) } } satisfies SiteParameters },
  render: () => (
    <FlowView machineId="auth" name="auth" svg={authSvg}>
      <AuthPanel />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'loggedOut')
  },
}

export const SignIn: Story = {
  parameters: Auth.parameters,
  render: () => (
    <FlowView machineId="signIn" name="sign-in" svg={signInSvg}>
      <SignInForm />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'email')
  },
}

export const Locale: Story = {
  render: () => (
    <FlowView machineId="locale" name="locale" svg={localeSvg}>
      <LanguageSwitcher />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'ready')
  },
}

export const Deadline: Story = {
  render: () => (
    <FlowView machineId="deadline" name="deadline" svg={deadlineSvg}>
      <Countdown />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'running')
  },
}

export const Menu: Story = {
  globals: { viewport: { value: 'mobile1' } },
  render: () => (
    <FlowView machineId="menu" name="menu" svg={menuSvg}>
      <SiteHeader />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('menu-toggle'))
    await stateShows(canvasElement, 'open')
  },
}

function ModalButton() {
  const modal = ModalActor.useActorRef()
  return (
    <button type="button" className="button" onClick={() => modal.send({ type: 'modal.open', content: { title: 'Reset the bound device?', body: 'You can bind another device after that.' } })}>
      Open the modal
    </button>
  )
}

export const Modal: Story = {
  render: () => (
    <FlowView machineId="modal" name="modal" svg={modalSvg}>
      <ModalButton />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Open the modal' }))
    await stateShows(canvasElement, 'standard')
    await userEvent.keyboard('{Escape}')
    await stateShows(canvasElement, 'hidden')
  },
}

export const Lightbox: Story = {
  render: () => (
    <FlowView machineId="lightbox" name="lightbox" svg={lightboxSvg}>
      <PremiumGallery />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'closed')
  },
}

function EmailField() {
  const field = useField({ name: 'email', label: m.acc_email_label(), type: 'email', required: true, maxLength: 254 })
  return <TextField field={field} hint={m.acc_email_hint()} />
}

export const Field: Story = {
  render: () => (
    <FlowView machineId="field" name="field" svg={fieldSvg}>
      <EmailField />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(await within(canvasElement).findByRole('textbox'), 'alex@')
    await userEvent.tab()
    await stateShows(canvasElement, /touched/)
  },
}

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
    await stateShows(canvasElement, 'idle')
  },
}

function RequestDemo() {
  const [attempt, setAttempt] = useState(0)
  const request = usePageRequest(() => later(800, null).then(() => {
    setAttempt((n) => n + 1)
    if (attempt % 2 === 0) throw new Error('The link has expired.')
    return { ok: true }
  }))
  return (
    <div>
      <p role="status">{request.loading ? m.acc_join_checking() : request.failed ? request.error : 'Done.'}</p>
      {request.failed ? <button type="button" className="button" onClick={request.retry}>{m.acc_retry()}</button> : null}
    </div>
  )
}

export const Request: Story = {
  parameters: { expectedConsoleErrors: [/^request:/] },
  render: () => (
    <FlowView machineId="request" name="request" svg={requestSvg}>
      <RequestDemo />
    </FlowView>
  ),
  play: async ({ canvasElement }) => {
    await stateShows(canvasElement, 'failed')
  },
}
