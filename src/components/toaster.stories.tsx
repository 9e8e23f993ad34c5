import type { Meta, StoryObj } from '@storybook/react-vite'
import { expectVisible } from '../../.storybook/play'
import { useEffect } from 'react'
import { expect, within } from 'storybook/test'
import { notify, type ToastKind } from '~/lib/toast'
import { Toaster } from './toaster'

/** Spec 8, 9: the four toast kinds, bottom-right, 5000 ms (the frame renders the toaster). */
function Toasts({ kinds }: { kinds: ToastKind[] }) {
  useEffect(() => {
    for (const kind of kinds) notify({ kind, key: kind === 'error' ? 'notifications.errors.other' : undefined, text: kind === 'error' ? undefined : TEXT[kind] })
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
  const toast = await within(document.body).findByText((_, el) => el?.closest(`[data-sonner-toast][data-type="${kind}"]`) !== null && el?.hasAttribute('data-title') === true)
  await expectVisible(toast)
}

export const Success: Story = { parameters: { kinds: ['success'] }, play: shows('success') }
export const Info: Story = { parameters: { kinds: ['info'] }, play: shows('info') }
export const Warning: Story = { parameters: { kinds: ['warning'] }, play: shows('warning') }
export const ErrorToast: Story = { name: 'Error', ...{ parameters: { kinds: ['error'] }, play: shows('error') } }
export const AllFour: Story = { parameters: { kinds: ['success', 'info', 'warning', 'error'] } }
export const Russian: Story = { parameters: { kinds: ['error'] }, globals: { locale: 'ru' }, play: shows('error') }
