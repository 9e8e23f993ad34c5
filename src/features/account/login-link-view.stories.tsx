import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LoginLinkView } from './login-link-view.tsx'

/**
 * R4.24, R10.7: the sign-in link's page in each of its states, words written out: a link opened
 * from another website asks first; the visitor's own link before the page's script runs offers the
 * button; then it is checked; a refused one says so, and only that.
 */
const meta = {
  title: 'Account/Sign-in link states',
  component: LoginLinkView,
  args: { state: 'ask', product: 'Skinvault', code: '4F7K2Q', redirect: '/premium', failure: null, onContinue: fn() },
} satisfies Meta<typeof LoginLinkView>
export default meta
type Story = StoryObj<typeof meta>

const heading = (canvasElement: HTMLElement) => within(canvasElement).getByRole('heading', { level: 1 })
const lead = (canvasElement: HTMLElement) => canvasElement.querySelector('.page-intro__lead')

/** `ask`: opened from another website; nothing happens until the visitor presses the button. */
export const Ask: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(heading(canvasElement)).toHaveTextContent('Continue signing in?')
    await expect(lead(canvasElement)).toHaveTextContent(
      'This sign-in link was opened from another website. Continue only if you asked for it yourself a moment ago.',
    )
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Continue signing in' }))
    await expect(args.onContinue).toHaveBeenCalledOnce()
  },
}

/** `ask` in German. */
export const AskDe: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await expect(heading(canvasElement)).toHaveTextContent('Anmeldung fortsetzen?')
    await expect(within(canvasElement).getByRole('button', { name: 'Anmeldung fortsetzen' })).toBeVisible()
  },
}

/** `ready`: the visitor's own link before the script runs: the checking words, and the button that signs in without it. */
export const Ready: Story = {
  args: { state: 'ready' },
  play: async ({ canvasElement }) => {
    await expect(heading(canvasElement)).toHaveTextContent('Checking your sign-in link')
    await expect(within(canvasElement).getByRole('button', { name: 'Continue signing in' })).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent('another website')
  },
}

/** `checking`: the code is being checked. */
export const Checking: Story = {
  args: { state: 'checking' },
  play: async ({ canvasElement }) => {
    await expect(heading(canvasElement)).toHaveTextContent('Checking your sign-in link')
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking your sign-in link…')
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}

/** `failed` in Russian: heading, lead and the way to a new code belong to the refusal. */
export const FailedRu: Story = {
  args: { state: 'failed', failure: 'Код неверный или устарел.' },
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await expect(heading(canvasElement)).toHaveTextContent('Эта ссылка для входа не сработала')
    await expect(lead(canvasElement)).toHaveTextContent('Ссылка для входа срабатывает один раз и недолго.')
    await expect(canvasElement).not.toHaveTextContent('Проверяем ссылку для входа')
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Код неверный или устарел.')
    await expect(within(canvasElement).getByRole('link', { name: 'Получить новый код' })).toBeVisible()
  },
}
