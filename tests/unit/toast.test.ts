/** R8: toasts wait for a toaster on the page, including one that comes back after leaving. */
import { describe, expect, it, vi } from 'vitest'

const shown: string[] = []
vi.mock('sonner', () => ({
  toast: Object.fromEntries(['success', 'info', 'warning', 'error'].map((kind) => [kind, (text: string) => shown.push(`${kind}: ${text}`)])),
}))

const { notify, toasterMounted } = await import('#app/core/toast.ts')
// The toaster hands over how it shows a toast when it mounts.
const { show } = await import('#app/ui/sonner-toaster.tsx')
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('toasts and the toaster', () => {
  it('a toast raised before the toaster is there shows once it mounts', async () => {
    notify({ kind: 'info', text: 'early' })
    await settle()
    expect(shown).toEqual([])
    const unmount = toasterMounted(show)
    await settle()
    expect(shown).toEqual(['info: early'])
    unmount()
  })

  it('after the last toaster left, toasts wait for the next one instead of being lost', async () => {
    shown.length = 0
    notify({ kind: 'warning', text: 'between' })
    await settle()
    expect(shown).toEqual([])
    const first = toasterMounted(show)
    const second = toasterMounted(show)
    first()
    notify({ kind: 'error', text: 'still one toaster' })
    await settle()
    expect(shown).toEqual(['warning: between', 'error: still one toaster'])
    second()
  })
})
