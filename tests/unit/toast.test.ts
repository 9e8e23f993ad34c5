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

describe('R8.15: a toast belongs to its page', () => {
  it('goes when the visitor leaves the page it was raised on, and stays while they are on it', async () => {
    const { toastOnPage, arrivedAt } = await import('#app/core/toast.ts')
    // The toasts of the tests above were raised on no page: a first arrival takes them away.
    expect(arrivedAt('/ru/account').length).toBeGreaterThan(0)
    toastOnPage('paid', '/ru/account')
    toastOnPage('code sent', '/ru/login')
    expect(arrivedAt('/ru/account')).toEqual(['code sent'])
    // A navigation within the page (its query) is no leaving; the receipt page is another page.
    expect(arrivedAt('/ru/account')).toEqual([])
    expect(arrivedAt('/ru/account/receipts/5')).toEqual(['paid'])
    expect(arrivedAt('/ru/account')).toEqual([])
  })

  it('goes along where the site takes the visitor as the end of the step (paid, to the account), also when raised on the way', async () => {
    const { toastOnPage, arrivedAt, siteNavigates, toastGone } = await import('#app/core/toast.ts')
    toastOnPage('paid', '/en/premium')
    siteNavigates()
    toastOnPage('signed in', undefined)
    expect(arrivedAt('/en/account')).toEqual([])
    // Arrived, the toasts are the account's: the next page the visitor opens takes them away.
    toastOnPage('closed by the visitor', '/en/account')
    toastGone('closed by the visitor')
    expect(arrivedAt('/en/account/receipts/7')).toEqual(['paid', 'signed in'])
  })
})
