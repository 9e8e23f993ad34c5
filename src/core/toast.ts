import type { ToastKind, ToastParams } from '#machines/rules/toast.ts'

export type { ToastKind }

export type ToastRequest = ToastParams & {
  /** A second line under the title (e.g. the server's own words under `payments.fail`). */
  description?: string
}

// The toast library, the toaster and the toasts' words load with the first toast, not with the
// page (decision 022): most visits raise none. `Toaster` mounts the toaster once one is asked for.
let requested = false
const requestListeners = new Set<() => void>()

function requestToaster(): void {
  if (requested) return
  requested = true
  for (const listener of requestListeners) listener()
}

/** For `useSyncExternalStore`: whether a toast has been raised, so the toaster is wanted. */
export const toasterRequested = (): boolean => requested
export function subscribeToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener)
  return () => requestListeners.delete(listener)
}

let markReady: () => void = () => {}
let toasterReady: Promise<void>
function awaitToaster(): void {
  toasterReady = new Promise<void>((resolve) => (markReady = resolve))
}
awaitToaster()
let toasters = 0
/** How the mounted toaster shows a toast (the toaster hands it over when it mounts). */
let showToast: (request: ToastRequest) => void = () => {}

/**
 * Called by the toaster once it is on the page: toasts raised before wait for it. Returns the
 * call for its unmount: with no toaster left (a story switched, a layout replaced), toasts wait
 * for the next one instead of going to a toaster that is not listening.
 */
export function toasterMounted(show: (request: ToastRequest) => void): () => void {
  showToast = show
  toasters++
  markReady()
  return () => {
    toasters--
    if (toasters === 0) awaitToaster()
  }
}

/**
 * R8: toasts come in success, info, warning and error kinds. The toast library loads with the
 * first toast; a toast raised before the toaster is there shows as soon as it is.
 */
export function notify(request: ToastRequest): void {
  requestToaster()
  void toasterReady.then(() => showToast(request))
}

export const CARRY_KEY = 'toast.carry'
/** How long after it is raised a toast still goes along with a document change. */
const CARRY_WINDOW_MS = 10_000

/**
 * A toast raised just before the page is left for another document (a language falling back):
 * it is kept for the next page too, and shown once, where the visitor is when the toaster is.
 */
export function notifyAcrossNavigation(request: ToastRequest): void {
  notify(request)
  // Kept for the next document only when this one is left while the toast is still new.
  const carry = () => {
    try {
      sessionStorage.setItem(CARRY_KEY, JSON.stringify(request))
    } catch {
      // No storage: the toast showed on this page only.
    }
  }
  window.addEventListener('pagehide', carry, { once: true })
  setTimeout(() => window.removeEventListener('pagehide', carry), CARRY_WINDOW_MS)
}

/** A toast carried from the last page waits in storage: the toaster is wanted at once. */
export function requestToasterForCarried(): void {
  try {
    if (sessionStorage.getItem(CARRY_KEY) !== null) requestToaster()
  } catch {
    // No storage: nothing was carried.
  }
}
