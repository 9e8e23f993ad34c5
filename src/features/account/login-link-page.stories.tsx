import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { Route as LoginCodeRoute } from '#app/routes/_guests/login/$code.tsx'
import { routePage } from '#stories/pages.tsx'
import { type LoginBehaviour, RoutePage } from '#stories/site.tsx'
import { onPage } from '#stories/support.tsx'

/**
 * R2, R7: sign-in by the link from the e-mail (`/login/$code`), rendered by its route file:
 * the code goes to the auth machine, whose fake `login` keeps checking or refuses the code.
 */
const page = (login: LoginBehaviour, path = '/login/4F7K2Q') => routePage(LoginCodeRoute, '/login/$code', path, { login }, '_guests')

const meta = {
  title: 'Pages/Login by link',
  component: RoutePage,
  parameters: page('hang'),
} satisfies Meta<typeof RoutePage>
export default meta
type Story = StoryObj<typeof meta>

/** Signing in: the code is being checked. */
const signingIn = onPage(m.page_login_code_heading, async (main) => {
  const status = await main.findByRole('status')
  await expect(status).toHaveTextContent(m.acc_link_checking())
  await expect(status).toHaveAttribute('aria-busy', 'true')
  await expect(main.queryByRole('alert')).toBeNull()
})

/**
 * A wrong or used code: the page's heading and lead say what happened (R4.24: not "checking"),
 * the alert why, and the way to a new code keeps the target.
 */
const refused = onPage(m.acc_link_failed_title, async (main) => {
  await expect(main.queryByText(m.page_login_code_heading({ product: 'Skinvault' }))).toBeNull()
  const alert = await main.findByRole('alert')
  await expect(alert).toHaveTextContent('The code is wrong or has expired.')
  await expect(within(alert).getByRole('link', { name: m.acc_link_retry() })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/premium')}`)
  await waitFor(() => expect(main.queryByRole('status')).toBeNull())
})

export const SigningInEn: Story = { globals: { locale: 'en' }, play: signingIn }
export const SigningInRu: Story = { globals: { locale: 'ru' }, play: signingIn }
export const SigningInDe: Story = { globals: { locale: 'de' }, play: signingIn }

export const WrongCodeEn: Story = { parameters: page('wrong-code', '/login/000000?redirect=%2Fpremium'), globals: { locale: 'en' }, play: refused }
export const WrongCodeRu: Story = { parameters: page('wrong-code', '/login/000000?redirect=%2Fpremium'), globals: { locale: 'ru' }, play: refused }
export const WrongCodeDe: Story = { parameters: page('wrong-code', '/login/000000?redirect=%2Fpremium'), globals: { locale: 'de' }, play: refused }
