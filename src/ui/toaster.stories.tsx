import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { notify, type ToastKind } from '#app/core/toast.ts'
import { m } from '#app/paraglide/messages.js'
import { expectVisible } from '#stories/play.ts'
import { Toaster } from './toaster.tsx'

/** R8, R9: the four toast kinds, bottom-right, 5000 ms (the frame renders the toaster). */
function Toasts({ kinds }: { kinds: ToastKind[] }) {
  useEffect(() => {
    for (const kind of kinds) notify(kind === 'error' ? { kind, key: 'notifications.errors.other' } : { kind, text: TEXT[kind] })
  }, [kinds])
  return <p>Toasts appear at the bottom right.</p>
}
const TEXT: Record<ToastKind, string> = {
  success: 'Payment received. Premium is active.',
  info: 'We sent a code to your e-mail.',
  warning: 'Your session has ended. Please sign in again.',
  error: '',
}

const meta = {
  title: 'UI/Toasts',
  component: Toaster,
  parameters: { site: {} },
  render: (_, context) => <Toasts kinds={context.parameters.kinds as ToastKind[]} />,
} satisfies Meta<typeof Toaster>
export default meta
type Story = StoryObj<typeof meta>

const shows = (kind: ToastKind) => async () => {
  const toast = await within(document.body).findByText(
    (_, el) => el?.closest(`[data-sonner-toast][data-type="${kind}"]`) !== null && el?.hasAttribute('data-title') === true,
  )
  await expectVisible(toast)
}

export const Success: Story = { parameters: { kinds: ['success'] }, play: shows('success') }
export const Info: Story = { parameters: { kinds: ['info'] }, play: shows('info') }
export const Warning: Story = { parameters: { kinds: ['warning'] }, play: shows('warning') }
export const ErrorToast: Story = { name: 'Error', ...{ parameters: { kinds: ['error'] }, play: shows('error') } }
/** The four kinds at once: each its own toast, newest in front (sonner shows the latest three; the oldest waits behind). */
export const AllFour: Story = {
  parameters: { kinds: ['success', 'info', 'warning', 'error'] },
  play: async () => {
    const region = await within(document.body).findByRole('region', { name: (name) => name.startsWith(m.ui_toast_region()) })
    await waitFor(() => expect(region.querySelectorAll('[data-sonner-toast]')).toHaveLength(4))
    const toasts = Array.from(region.querySelectorAll<HTMLElement>('[data-sonner-toast]'))
    const byKind = Object.fromEntries(toasts.map((t) => [t.dataset.type, t]))
    await expect(Object.keys(byKind).sort()).toEqual(['error', 'info', 'success', 'warning'])
    for (const kind of ['success', 'info', 'warning'] as const) {
      await expect(byKind[kind]!.querySelector('[data-title]')).toHaveTextContent(TEXT[kind])
    }
    await expect(byKind.error!.querySelector('[data-title]')).toHaveTextContent(m.notifications_errors_other())
    // Each kind is coloured as such (rich colours) and can be closed.
    for (const toast of toasts) {
      await expect(toast).toHaveAttribute('data-rich-colors', 'true')
      await expect(within(toast).getByRole('button')).toBeInTheDocument()
    }
    // The newest is in front and visible.
    await expectVisible(toasts.find((t) => t.dataset.front === 'true')!)
  },
}
export const Russian: Story = { parameters: { kinds: ['error'] }, globals: { locale: 'ru' }, play: shows('error') }
