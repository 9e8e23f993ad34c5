/**
 * R8: the toasts the machines raise. A toast names its text by a key the site's messages
 * define (checked by the compiler on both sides), or carries the backend's own words.
 */

/** R8: toasts come in success, info, warning and error kinds. */
export type ToastKind = 'success' | 'info' | 'warning' | 'error'

/** Every toast key a machine may name; the site maps each to its message (`src/core/toast.ts`). */
export const TOAST_KEYS = [
  'payments.success',
  'payments.fail',
  'payments.pending',
  'payments.trialUsed',
  'payments.offerUsed',
  'payments.offerExpired',
  'payments.refunded',
  'card.replaced',
  'card.fail',
  'card.pending',
  'notifications.errors.language',
  'notifications.errors.other',
  'session.expired',
  'session.signedIn',
  'session.signedOut',
  'session.signedOutEverywhere',
] as const
export type ToastKey = (typeof TOAST_KEYS)[number]

export type ToastParams =
  | { kind: ToastKind; key: ToastKey }
  /** The backend's own (translated) words. */
  | { kind: ToastKind; text: string }

/** R8: the payment toasts. */
export const PAYMENT_SUCCESS_TOAST = { kind: 'success', key: 'payments.success' } as const satisfies ToastParams
export const PAYMENT_FAIL_TOAST = { kind: 'error', key: 'payments.fail' } as const satisfies ToastParams
/** The payment is paid but its confirmation takes longer: the visitor is told what happens next. */
export const PAYMENT_PENDING_TOAST = { kind: 'info', key: 'payments.pending' } as const satisfies ToastParams
/** R9.2: the backend refused a trial at confirmation: the account's trial was used meanwhile. */
export const PAYMENT_TRIAL_USED_TOAST = { kind: 'error', key: 'payments.trialUsed' } as const satisfies ToastParams
/** R9.16: the backend refused a special offer at confirmation: the account took it meanwhile. */
export const PAYMENT_OFFER_USED_TOAST = { kind: 'error', key: 'payments.offerUsed' } as const satisfies ToastParams
/** R9.16: the backend refused a special offer at confirmation: its window had ended. */
export const PAYMENT_OFFER_EXPIRED_TOAST = { kind: 'error', key: 'payments.offerExpired' } as const satisfies ToastParams
/** Decision 117: the backend refused a payment the provider had taken: the money goes back. */
export const PAYMENT_REFUNDED_TOAST = { kind: 'error', key: 'payments.refunded' } as const satisfies ToastParams
/** R8: a language file failed; English is shown instead. */
export const LANGUAGE_ERROR_TOAST = { kind: 'error', key: 'notifications.errors.language' } as const satisfies ToastParams
/** R8: the session expired on a page that needs it. */
export const SESSION_EXPIRED_TOAST = { kind: 'warning', key: 'session.expired' } as const satisfies ToastParams
/** R2.17: a sign-in succeeded, wherever it returns the visitor to. */
export const SIGNED_IN_TOAST = { kind: 'success', key: 'session.signedIn' } as const satisfies ToastParams
/** R2.17: a sign-out ended this browser's session; the page the visitor lands on says so. */
export const SIGNED_OUT_TOAST = { kind: 'success', key: 'session.signedOut' } as const satisfies ToastParams
/** R7.3: a sign-out on all devices ended every session of the account; the page the visitor lands on says so. */
export const SIGNED_OUT_EVERYWHERE_TOAST = { kind: 'success', key: 'session.signedOutEverywhere' } as const satisfies ToastParams
