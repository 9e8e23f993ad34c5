import * as notificationTexts from '#app/content/messages/notifications.ts'
import * as paymentTexts from '#app/content/messages/payments.ts'
import { m } from '#app/paraglide/messages.js'
import type { ToastKey, ToastKind, ToastParams } from '#machines/rules/toast.ts'

export type { ToastKind }

/** A toast as the site raises it: a machine's toast (a key or the backend's words), with an optional second line. */
export type ToastRequest = ToastParams & {
  /** A second line under the title (e.g. the server's own words under `payments.fail`). */
  description?: string
}

/** Every toast key a machine may name, and its message: a key without a message does not compile. */
const TOAST_TEXT: Record<ToastKey, () => string> = {
  'payments.success': paymentTexts.payments_success,
  'payments.fail': paymentTexts.payments_fail,
  'payments.pending': paymentTexts.payments_pending,
  'notifications.errors.language': notificationTexts.notifications_errors_language,
  'notifications.errors.other': notificationTexts.notifications_errors_other,
  'session.expired': () => m.acc_session_expired(),
}

export function toastText(request: ToastParams): string {
  return 'text' in request ? request.text : TOAST_TEXT[request.key]()
}

let markReady: () => void = () => {}
let toasterReady: Promise<void>
function awaitToaster(): void {
  toasterReady = new Promise<void>((resolve) => (markReady = resolve))
}
awaitToaster()
let toasters = 0

/**
 * Called by the toaster once it is on the page: toasts raised before wait for it. Returns the
 * call for its unmount: with no toaster left (a story switched, a layout replaced), toasts wait
 * for the next one instead of going to a toaster that is not listening.
 */
export function toasterMounted(): () => void {
  toasters++
  markReady()
  showCarried()
  return () => {
    toasters--
    if (toasters === 0) awaitToaster()
  }
}

/**
 * R8: toasts come in success, info, warning and error kinds. The toast library loads after
 * the page (decision 022); a toast raised earlier shows as soon as the toaster is there.
 */
export function notify(request: ToastRequest): void {
  const text = toastText(request)
  // The same words shown twice are one toast (a toast carried from the last page and raised again here).
  const options = request.description ? { id: `${text}\n${request.description}`, description: request.description } : { id: text }
  void toasterReady.then(() => import('sonner')).then(({ toast }) => toast[request.kind](text, options))
}

const CARRY_KEY = 'toast.carry'
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

function showCarried(): void {
  let raw: string | null = null
  try {
    raw = sessionStorage.getItem(CARRY_KEY)
    sessionStorage.removeItem(CARRY_KEY)
  } catch {
    return
  }
  if (!raw) return
  try {
    const request = JSON.parse(raw) as ToastRequest
    if (request && typeof request === 'object' && ('key' in request ? request.key in TOAST_TEXT : typeof request.text === 'string')) notify(request)
  } catch {
    // Not a toast of ours.
  }
}
