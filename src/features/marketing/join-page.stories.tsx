import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { COOKIES } from '#app/core/cookies.ts'
import { m } from '#app/paraglide/messages.js'
import { Route as JoinRoute } from '#app/routes/join.{-$code}.tsx'
import { hang, json } from '#stories/fetch-mock.ts'
import { routePage } from '#stories/pages.tsx'
import { RoutePage, type SiteParameters } from '#stories/site.tsx'
import { onPage } from '#stories/support.tsx'

/**
 * R2, R7: the join page, rendered by its route file. With a code it registers the referrer
 * (GET /referrer/link/{code}) and keeps the code in the referrer cookie; without one it says
 * how to get an invitation.
 */
const CODE = 'ALEX4821'
const join = (path: string, api: SiteParameters['api'] = {}) => routePage(JoinRoute, '/join/{-$code}', path, { api })
const withCode = join(`/join/${CODE}`, { [`GET /referrer/link/${CODE}`]: () => ({ code: CODE, valid: true, applied: false }) })

const meta = {
  title: 'Pages/Join',
  component: RoutePage,
  parameters: withCode,
} satisfies Meta<typeof RoutePage>
export default meta
type Story = StoryObj<typeof meta>

/** The invitation is saved: the referrer cookie holds the code, the visitor is asked to sign in. */
const saved = onPage(m.page_join_heading, async (main) => {
  await expect(await main.findByTestId('join-valid')).toHaveTextContent(m.acc_join_valid())
  await expect(main.getByRole('link', { name: m.acc_join_cta() })).toHaveAttribute('href', '/login')
  await waitFor(() => expect(document.cookie).toContain(`${COOKIES.referrer}=${CODE}`))
})

/** No code in the address: how to get an invitation, and no request. */
const noCode = onPage(m.page_join_heading, async (main) => {
  await expect(main.getByText(m.acc_join_no_code())).toBeVisible()
  await expect(main.queryByRole('status')).toBeNull()
  await expect(document.cookie).not.toContain(COOKIES.referrer)
})

export const WithCodeEn: Story = { globals: { locale: 'en' }, play: saved }
export const WithCodeRu: Story = { globals: { locale: 'ru' }, play: saved }
export const WithCodeDe: Story = { globals: { locale: 'de' }, play: saved }

export const WithoutCodeEn: Story = { parameters: join('/join'), globals: { locale: 'en' }, play: noCode }
export const WithoutCodeRu: Story = { parameters: join('/join'), globals: { locale: 'ru' }, play: noCode }
export const WithoutCodeDe: Story = { parameters: join('/join'), globals: { locale: 'de' }, play: noCode }

/** The code is being checked. */
export const Checking: Story = {
  parameters: join(`/join/${CODE}`, { [`GET /referrer/link/${CODE}`]: () => hang() }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(m.acc_join_checking())
  },
}

/** An unknown code: the backend's words, and a note that an account works without one. */
export const UnknownCode: Story = {
  parameters: {
    ...join('/join/NOPE', { 'GET /referrer/link/NOPE': () => json({ message: 'This invitation link is not valid.' }, 404) }),
    expectedConsoleErrors: [/^api: GET /, /^join:/],
  },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement)
    await expect(await main.findByRole('alert')).toHaveTextContent('This invitation link is not valid.')
    await expect(main.getByTestId('join-invalid')).toHaveTextContent(m.acc_join_invalid_hint())
    await expect(document.cookie).not.toContain(COOKIES.referrer)
  },
}
