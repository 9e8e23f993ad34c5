/** R8: a toast with a description under its title (the payment failure with the server's words). */
import { describe, expect, it, vi } from 'vitest'

const shown: Array<{ kind: string; text: string; options: unknown }> = []
vi.mock('sonner', () => ({
  toast: Object.fromEntries(
    ['success', 'info', 'warning', 'error'].map((kind) => [kind, (text: string, options?: unknown) => shown.push({ kind, text, options })]),
  ),
}))

const { notify, toasterMounted } = await import('#app/core/toast.ts')
const { show, toastText } = await import('#app/ui/sonner-toaster.tsx')
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('R8: payments.fail with the server message', () => {
  it('the title stays the message of the key; the description is passed to the toast', async () => {
    const unmount = toasterMounted(show)
    notify({ kind: 'error', key: 'payments.fail', description: 'The trial can be used once per account.' })
    notify({ kind: 'error', key: 'payments.fail' })
    await settle()
    const title = toastText({ kind: 'error', key: 'payments.fail' })
    expect(shown).toEqual([
      {
        kind: 'error',
        text: title,
        options: {
          id: `${title}\nThe trial can be used once per account.`,
          description: 'The trial can be used once per account.',
          onDismiss: expect.any(Function),
          onAutoClose: expect.any(Function),
        },
      },
      // The same words twice are one toast on screen (sonner keeps one per id).
      { kind: 'error', text: title, options: { id: title, description: undefined, onDismiss: expect.any(Function), onAutoClose: expect.any(Function) } },
    ])
    unmount()
  })
})
