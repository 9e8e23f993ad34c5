import type { ToastKind, ToastParams } from '#machines/rules/toast.ts'

export type { ToastKind }

export type ToastRequest = ToastParams & {
  /** A second line under the title (e.g. the server's own words under `payments.fail`). */
  description?: string
  /** The path of the page the toast belongs to (R8.15); by default the one it is raised on. */
  page?: string
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
 * R8.15: every toast belongs to a page, and goes when the visitor leaves it. Its page is the one
 * it was raised on, or, while the site itself is taking the visitor somewhere as the end of what
 * they did (after paying, to the account; after signing out, home), the page it arrives at.
 */
const pageOf = new Map<string, string>()
/** The page of a toast raised while the site takes the visitor somewhere: the one it arrives at. */
const AHEAD = '(the page the site is going to)'
let siteNavigating = false

const currentPage = () => (siteNavigating ? AHEAD : typeof location === 'undefined' ? '' : location.pathname)

/** The toaster shows toast `id`, raised for `page`: it is that page's until it goes. */
export function toastOnPage(id: string, page: string | undefined): void {
  pageOf.set(id, page ?? currentPage())
}

/** Toast `id` went (closed, timed out, dismissed). */
export function toastGone(id: string): void {
  pageOf.delete(id)
}

/**
 * The site takes the visitor to another page as the end of what they did: the toasts on screen,
 * and those raised until it arrives, go along and belong to the page it arrives at.
 */
export function siteNavigates(): void {
  siteNavigating = true
  for (const id of pageOf.keys()) pageOf.set(id, AHEAD)
}

/** A navigation ended on `pathname`: the toasts of every other page go. Returns their ids. */
export function arrivedAt(pathname: string): string[] {
  if (siteNavigating) for (const [id, page] of pageOf) if (page === AHEAD) pageOf.set(id, pathname)
  siteNavigating = false
  const left = [...pageOf].filter(([, page]) => page !== pathname).map(([id]) => id)
  for (const id of left) pageOf.delete(id)
  return left
}

/**
 * R8: toasts come in success, info, warning and error kinds. The toast library loads with the
 * first toast; a toast raised before the toaster is there shows as soon as it is, on the page it
 * was raised for (R8.15).
 */
export function notify(request: ToastRequest): void {
  requestToaster()
  const page = request.page ?? currentPage()
  void toasterReady.then(() => showToast({ ...request, page }))
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
