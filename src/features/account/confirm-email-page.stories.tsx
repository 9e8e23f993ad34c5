import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { Route as ConfirmEmailRoute } from '#app/routes/confirm-email.{-$code}.tsx'
import { type ApiHandler, hang, json } from '#stories/fetch-mock.ts'
import { routePage } from '#stories/pages.tsx'
import { RoutePage, SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { onPage } from '#stories/support.tsx'

/**
 * R2, R7: the confirm-email page, rendered by its route file. With the code from the e-mail
 * it confirms the address (POST /users/email/{code}); without one it shows the confirmation form.
 */
const CODE = 'C0DE42'
/** The backend answers in the request's language. */
const CONFIRMED: Record<string, string> = {
  en: 'Your e-mail address is confirmed.',
  ru: 'Адрес электронной почты подтверждён.',
  de: 'Deine E-Mail-Adresse ist bestätigt.',
}
const confirmed: ApiHandler = ({ locale }) => ({ message: CONFIRMED[locale] ?? CONFIRMED.en, user: SAMPLE_USER })
const page = (path: string, extra: Omit<SiteParameters, 'route' | 'path'> = {}) => routePage(ConfirmEmailRoute, '/confirm-email/{-$code}', path, extra)
const byLink = (handler: ApiHandler, extra: Omit<SiteParameters, 'route' | 'path'> = {}) =>
  page(`/confirm-email/${CODE}`, { ...extra, api: { [`POST /users/email/${CODE}`]: handler } })

const meta = {
  title: 'Pages/Confirm e-mail',
  component: RoutePage,
  parameters: byLink(confirmed),
} satisfies Meta<typeof RoutePage>
export default meta
type Story = StoryObj<typeof meta>

/** Confirmed by the link: the backend's message, and the way to sign in. */
const done = onPage(m.page_confirm_email_heading, async (main) => {
  const result = await main.findByTestId('confirm-done')
  await expect(within(result).getByRole('status')).toHaveTextContent(CONFIRMED[document.documentElement.lang]!)
  await expect(within(result).getByRole('link', { name: m.nav_login() })).toHaveAttribute('href', '/login')
})

export const ByLinkEn: Story = { globals: { locale: 'en' }, play: done }
export const ByLinkRu: Story = { globals: { locale: 'ru' }, play: done }
export const ByLinkDe: Story = { globals: { locale: 'de' }, play: done }

/** Signed in when the link is opened: the way to the account instead. */
export const ByLinkSignedIn: Story = {
  parameters: byLink(confirmed, { user: SAMPLE_USER }),
  play: async ({ canvasElement }) => {
    const result = await within(canvasElement).findByTestId('confirm-done')
    await expect(within(result).getByRole('link', { name: m.acc_confirmed_go_account() })).toHaveAttribute('href', '/account')
  },
}

/** The address is being confirmed. */
export const Confirming: Story = {
  parameters: byLink(() => hang()),
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status')
    await expect(status).toHaveTextContent(m.acc_confirming())
    await expect(status).toHaveAttribute('aria-busy', 'true')
  },
}

/** An expired link: the backend's words and a retry. */
export const LinkExpired: Story = {
  parameters: { ...byLink(() => json({ message: 'This confirmation link has expired.' }, 410)), expectedConsoleErrors: [/^api: POST /, /^confirm-email:/] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByTestId('confirm-failed')
    await expect(alert).toHaveTextContent('This confirmation link has expired.')
    await expect(within(alert).getByRole('button', { name: m.acc_retry() })).toBeEnabled()
  },
}

/** No code in the address: the confirmation form (e-mail, code, password). */
export const Form: Story = {
  parameters: page('/confirm-email'),
  play: onPage(m.page_confirm_email_heading, async (main) => {
    await expect(await main.findByRole('button', { name: m.acc_confirm_submit() })).toBeEnabled()
    await expect(main.getByLabelText(m.acc_confirm_code_label(), { exact: false })).toBeInTheDocument()
  }),
}
