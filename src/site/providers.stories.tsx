import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { AuthActor } from '#app/features/account/auth-actor.ts'
import { LocaleActor } from '#app/features/locale/locale-provider.tsx'
import { m } from '#app/paraglide/messages.js'
import { expectVisible } from '../../.storybook/play.ts'
import { SAMPLE_USER, type SiteParameters } from '../../.storybook/site.tsx'
import { LightboxActor, MenuActor, ModalActor } from './ui-actors.tsx'

/**
 * The actors the root layout provides (auth, locale, menu, modal, lightbox), with their live
 * states. In stories their side effects are fakes; the site's providers wire the backend.
 */
function ActorStates() {
  const auth = AuthActor.useSelector((s) => ({ value: JSON.stringify(s.value), user: s.context.user?.id ?? null }))
  const authRef = AuthActor.useActorRef()
  const locale = LocaleActor.useSelector((s) => JSON.stringify(s.value))
  const menu = MenuActor.useSelector((s) => String(s.value))
  const modal = ModalActor.useSelector((s) => String(s.value))
  const lightbox = LightboxActor.useSelector((s) => String(s.value))
  return (
    <div>
      <dl className="facts">
        <dt>auth</dt>
        <dd data-testid="auth-state">{auth.value}</dd>
        <dt>user</dt>
        <dd>{auth.user ?? '—'}</dd>
        <dt>locale</dt>
        <dd data-testid="locale-state">{locale}</dd>
        <dt>menu</dt>
        <dd>{menu}</dd>
        <dt>modal</dt>
        <dd>{modal}</dd>
        <dt>lightbox</dt>
        <dd>{lightbox}</dd>
      </dl>
      <div className="actions actions--start">
        <button type="button" className="button" onClick={() => authRef.send({ type: 'auth.logout' })}>
          Sign out
        </button>
        <button type="button" className="button button--ghost" onClick={() => authRef.send({ type: 'token.check', now: Date.now() + 7_200_000 })}>
          Check the token two hours later
        </button>
      </div>
    </div>
  )
}

const meta = {
  title: 'Site/Providers',
  component: ActorStates,
} satisfies Meta<typeof ActorStates>
export default meta
type Story = StoryObj<typeof meta>

export const Guest: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('auth-state')).toHaveTextContent('loggedOut')
    await waitFor(() => expect(within(canvasElement).getByTestId('locale-state')).toHaveTextContent('ready'))
  },
}

export const SignedIn: Story = {
  parameters: { site: { user: SAMPLE_USER } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('auth-state')).toHaveTextContent('active')
  },
}

export const SignOut: Story = {
  ...SignedIn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }))
    await expect(canvas.getByTestId('auth-state')).toHaveTextContent('loggedOut')
  },
}

/** R4, R8: an expired token on a page for signed-in users resets the session with a warning. */
export const ExpiredToken: Story = {
  parameters: { site: { user: SAMPLE_USER, access: 'protected', path: '/account' } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Check the token two hours later' }))
    await expect(canvas.getByTestId('auth-state')).toHaveTextContent('loggedOut')
    await expectVisible(within(document.body).findByText(m.acc_session_expired()))
  },
}

/** On a page anyone may see, the session ends quietly: the visitor goes on as a guest, no warning. */
export const ExpiredTokenOnPublicPage: Story = {
  ...SignedIn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Check the token two hours later' }))
    await expect(canvas.getByTestId('auth-state')).toHaveTextContent('loggedOut')
    await new Promise((resolve) => setTimeout(resolve, 500))
    await expect(within(document.body).queryByText(m.acc_session_expired())).toBeNull()
  },
}
