import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ErrorPage } from './error-page.tsx'
import { NotFoundPage } from './not-found-page.tsx'

/** R8: the error page with the error's status, and the not-found page. */
const meta = {
  title: 'Site/Error pages',
  component: ErrorPage,
  args: { error: Object.assign(new Error('Service unavailable'), { status: 503 }), reset: () => {}, info: { componentStack: '' } },
} satisfies Meta<typeof ErrorPage>
export default meta
type Story = StoryObj<typeof meta>

export const ServerError: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('error-page')).toBeVisible()
  },
}
export const UnknownError: Story = { args: { error: new Error('Something broke') } }
export const NotFound: Story = { render: () => <NotFoundPage /> }
export const NotFoundRussian: Story = { render: () => <NotFoundPage />, globals: { locale: 'ru' } }
export const NotFoundGerman: Story = { render: () => <NotFoundPage />, globals: { locale: 'de' } }
export const ServerErrorGerman: Story = { globals: { locale: 'de' } }
