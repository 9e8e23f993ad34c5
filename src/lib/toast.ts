import { m } from '~/paraglide/messages'
import * as notificationTexts from '~/content/messages/notifications'
import * as paymentTexts from '~/content/messages/payments'

export type ToastKind = 'success' | 'info' | 'warning' | 'error'
export interface ToastRequest {
  kind: ToastKind
  key?: string
  text?: string
  /** A second line under the title (e.g. the server's own words under `payments.fail`). */
  description?: string
}

type MessageFn = () => string
/** The messages a machine's toast key can name (`notifications.*`, `payments.*`). */
const messages: Record<string, MessageFn | undefined> = { ...notificationTexts, ...paymentTexts }

/** A machine's toast key (`payments.success`) names the message `payments_success`. */
export function toastText(request: ToastRequest): string {
  if (request.text) return request.text
  const fn = request.key ? messages[request.key.replace(/[.-]/g, '_')] : undefined
  return fn ? fn() : m.notifications_errors_other()
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
  return () => {
    toasters--
    if (toasters === 0) awaitToaster()
  }
}

/**
 * Spec 8: toasts come in success, info, warning and error kinds. The toast library loads after
 * the page (decision 022); a toast raised earlier shows as soon as the toaster is there.
 */
export function notify(request: ToastRequest): void {
  const text = toastText(request)
  const options = request.description ? { description: request.description } : undefined
  void toasterReady.then(() => import('sonner')).then(({ toast }) => toast[request.kind](text, options))
}
