import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import * as notificationTexts from '#app/content/messages/notifications.ts'
import * as paymentTexts from '#app/content/messages/payments.ts'

import { arrivedAt, CARRY_KEY, type ToastRequest, toasterMounted, toastGone, toastOnPage } from '#app/core/toast.ts'
import { m } from '#app/paraglide/messages.js'
import { CONSTANTS } from '#constants'
import type { ToastKey, ToastParams } from '#machines/rules/toast.ts'

/** Every toast key a machine may name, and its message: a key without a message does not compile. */
const TOAST_TEXT: Record<ToastKey, () => string> = {
  'payments.success': paymentTexts.payments_success,
  'payments.fail': paymentTexts.payments_fail,
  'payments.pending': paymentTexts.payments_pending,
  'payments.trialUsed': paymentTexts.payments_trial_used,
  'payments.offerUsed': paymentTexts.payments_offer_used,
  'payments.offerExpired': paymentTexts.payments_offer_expired,
  'payments.refunded': paymentTexts.payments_refunded,
  'notifications.errors.language': notificationTexts.notifications_errors_language,
  'notifications.errors.other': notificationTexts.notifications_errors_other,
  'session.expired': () => m.acc_session_expired(),
  'session.signedIn': () => m.acc_signed_in(),
  'session.signedOut': () => m.acc_signed_out(),
  'session.signedOutEverywhere': () => m.acc_signed_out_everywhere(),
  'card.replaced': () => m.acc_card_replaced(),
  'card.fail': () => m.acc_card_fail(),
  'card.pending': () => m.acc_card_pending(),
}

export function toastText(request: ToastParams): string {
  return 'text' in request ? request.text : TOAST_TEXT[request.key]()
}

/** A toast read back from storage is one of ours: a known key, or words of its own. */
export function isToastRequest(value: unknown): value is ToastParams {
  if (!value || typeof value !== 'object') return false
  return 'key' in value ? typeof value.key === 'string' && value.key in TOAST_TEXT : 'text' in value && typeof value.text === 'string'
}

/** Shows a toast on the toaster that is on the page (`notify` waits for it). */
export function show(request: ToastRequest): void {
  const text = toastText(request)
  // The same words shown twice are one toast (a toast carried from the last page and raised again here).
  const id = request.description ? `${text}\n${request.description}` : text
  const gone = () => toastGone(id)
  toastOnPage(id, request.page)
  toast[request.kind](text, { id, description: request.description, onDismiss: gone, onAutoClose: gone })
}

/** A toast carried from the last page (`notifyAcrossNavigation`) shows once, here. */
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
    const request: unknown = JSON.parse(raw)
    // It belongs to this page: the one the last page's toast was carried to.
    if (isToastRequest(request)) show({ ...request, page: window.location.pathname })
  } catch {
    // Not a toast of ours.
  }
}

/** R9: bottom-right, 5000 ms, paused while hovered. Loaded with the first toast (see toaster.tsx). */
export default function SonnerToaster() {
  const router = useRouter()
  useEffect(() => {
    const unmount = toasterMounted(show)
    showCarried()
    return unmount
  }, [])
  // R8.15: a navigation that ends on another page takes the toasts of the page left with it.
  useEffect(
    () =>
      router.subscribe('onResolved', () => {
        for (const id of arrivedAt(window.location.pathname)) toast.dismiss(id)
      }),
    [router],
  )
  return (
    <Sonner
      position="bottom-right"
      duration={CONSTANTS.toastDurationMs}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ closeButton: true }}
      containerAriaLabel={m.ui_toast_region()}
    />
  )
}
