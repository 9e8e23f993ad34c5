import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { AuthActor } from '#app/core/auth-actor.ts'
import { m } from '#app/paraglide/messages.js'
import { hang } from '#stories/fetch-mock.ts'
import type { LoginBehaviour, SiteParameters } from '#stories/site.tsx'
import { expectReadout, Facts, typeIntoField } from '#stories/support.tsx'
import { SignInForm } from './sign-in-form.tsx'

/**
 * R4, R7: sign-in by code, in each state of the sign-in machine and the auth machine's
 * login. `GET /users/auth` is the in-page fake backend; the code goes to the auth machine,
 * whose `login` actor is a fake.
 */
const CODE_SENT = { message: 'We sent a code to alex@example.com.', resend_in: 30 }

function site(request: 'sent' | 'hang', login: LoginBehaviour = 'ok', userFetch: SiteParameters['userFetch'] = 'ok'): { site: SiteParameters } {
  return {
    site: {
      path: '/login',
      login,
      userFetch,
      api: { 'GET /users/auth': () => (request === 'hang' ? hang() : CODE_SENT) },
    },
  }
}

/** The form, and under it the auth machine it hands the code to. */
function SignInWithAuth() {
  const auth = AuthActor.useSelector((s) => ({ value: JSON.stringify(s.value), email: (s.context.user?.email as string | undefined) ?? '—' }))
  return (
    <div>
      <SignInForm />
      <Facts
        facts={[
          { term: 'Auth machine', value: auth.value, testId: 'auth-state' },
          { term: 'User', value: auth.email, testId: 'auth-user' },
        ]}
      />
    </div>
  )
}

const meta = {
  title: 'Account/Sign-in form',
  component: SignInForm,
  render: () => <SignInWithAuth />,
  parameters: site('sent'),
} satisfies Meta<typeof SignInForm>
export default meta
type Story = StoryObj<typeof meta>

async function submitEmail(canvasElement: HTMLElement, email = 'alex@example.com') {
  await typeIntoField(canvasElement, m.acc_email_label(), email)
  await userEvent.click(within(canvasElement).getByRole('button', { name: m.acc_send_code() }))
}
async function submitCode(canvasElement: HTMLElement, code: string) {
  await typeIntoField(canvasElement, m.acc_code_label(), code)
  await userEvent.click(within(canvasElement).getByRole('button', { name: m.acc_sign_in() }))
}

/** `email`: the first step. */
export const EmailStep: Story = {}

/** `email` with a field error (R5). */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'not-an-address')
    await expect(await within(canvasElement).findByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
  },
}

/** `requesting`: the code is being requested. */
export const Requesting: Story = {
  parameters: site('hang'),
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    await expect(await within(canvasElement).findByRole('button', { name: m.acc_sending() })).toBeDisabled()
  },
}

/** `code`: the code was sent; resend waits. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('status')).toHaveTextContent(CODE_SENT.message)
    await expect(canvas.getByRole('button', { name: m.acc_resend() })).toBeDisabled()
  },
}

/** `verifying`: the auth machine checks the code. */
export const Verifying: Story = {
  parameters: site('sent', 'hang'),
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    await submitCode(canvasElement, '123456')
    await expect(await within(canvasElement).findByRole('button', { name: m.acc_checking() })).toBeDisabled()
  },
}

/** Back in `code` with the error of a wrong code. */
export const WrongCode: Story = {
  parameters: { ...site('sent', 'wrong-code'), expectedConsoleErrors: [/^sign-in:/] },
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    await submitCode(canvasElement, '000000')
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/wrong/)
  },
}

/** `loggingIn.fetchingUser`: the code was right; the auth machine fetches the user (GET /users/me). */
export const FetchingUser: Story = {
  parameters: site('sent', 'ok', 'hang'),
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    await submitCode(canvasElement, '123456')
    const canvas = within(canvasElement)
    await expectReadout(canvasElement, 'auth-state', '{"loggingIn":"fetchingUser"}')
    await expect(canvas.getByRole('button', { name: m.acc_checking() })).toBeDisabled()
    await expect(canvas.getByTestId('auth-user')).toHaveTextContent('—')
  },
}

/** Signed in: the auth machine is `loggedIn` with the user (the site then navigates to the target). */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement)
    await submitCode(canvasElement, '123456')
    const canvas = within(canvasElement)
    await expectReadout(canvasElement, 'auth-state', '{"loggedIn":"active"}')
    await expect(canvas.getByTestId('auth-user')).toHaveTextContent('alex@example.com')
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
