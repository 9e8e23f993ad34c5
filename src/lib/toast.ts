import { toast } from 'sonner'
import { m } from '~/paraglide/messages'

export type ToastKind = 'success' | 'info' | 'warning' | 'error'
export interface ToastRequest { kind: ToastKind; key?: string; text?: string }

type MessageFn = () => string
const messages = m as unknown as Record<string, MessageFn | undefined>

/** A machine's toast key (`payments.success`) names the message `payments_success`. */
export function toastText(request: ToastRequest): string {
  if (request.text) return request.text
  const fn = request.key ? messages[request.key.replace(/[.-]/g, '_')] : undefined
  return fn ? fn() : m.notifications_errors_other()
}

/** Spec 8: toasts come in success, info, warning and error kinds. */
export function notify(request: ToastRequest): void {
  toast[request.kind](toastText(request))
}
