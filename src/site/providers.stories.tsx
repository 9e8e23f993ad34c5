import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { AuthActor } from '#app/core/auth-actor.ts'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { m } from '#app/paraglide/messages.js'
import { LightboxActor, MenuActor, ModalActor } from '#app/ui/ui-actors.tsx'
import { expectVisible } from '#stories/play.ts'
import { SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { expectReadout, Facts } from '#stories/support.tsx'

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
      <Facts
        facts={[
          { term: 'auth', value: auth.value, testId: 'auth-state' },
          { term: 'user', value: auth.user ?? '—' },
          { term: 'locale', value: locale, testId: 'locale-state' },
          { term: 'menu', value: menu },
          { term: 'modal', value: modal },
          { term: 'lightbox', value: lightbox },
        ]}
      />
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

/** A click on one of the demo's buttons, after which the auth machine has signed the visitor out. */
async function signedOutBy(canvasElement: HTMLElement, button: string) {
  const canvas = within(canvasElement)
  await userEvent.click(await canvas.findByRole('button', { name: button }))
  await expect(canvas.getByTestId('auth-state')).toHaveTextContent('loggedOut')
}

export const Guest: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('auth-state')).toHaveTextContent('loggedOut')
    await expectReadout(canvasElement, 'locale-state', 'ready')
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
    await signedOutBy(canvasElement, 'Sign out')
  },
}

/** R4, R8: an expired token on a page for signed-in users resets the session with a warning. */
export const ExpiredToken: Story = {
  parameters: { site: { user: SAMPLE_USER, access: 'protected', path: '/account' } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    await signedOutBy(canvasElement, 'Check the token two hours later')
    await expectVisible(within(document.body).findByText(m.acc_session_expired()))
  },
}

/** On a page anyone may see, the session ends quietly: the visitor goes on as a guest, no warning. */
export const ExpiredTokenOnPublicPage: Story = {
  ...SignedIn,
  play: async ({ canvasElement }) => {
    await signedOutBy(canvasElement, 'Check the token two hours later')
    await new Promise((resolve) => setTimeout(resolve, 500))
    await expect(within(document.body).queryByText(m.acc_session_expired())).toBeNull()
  },
}
