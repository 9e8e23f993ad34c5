/** R8: the payment machine's toasts as the site shows them. */

import { ApiError } from '#app/api/errors.ts'
import type { ToastRequest } from '#app/core/toast.ts'
import type { ToastParams } from '#machines/rules/toast.ts'

/**
 * The machine names the toast (`payments.fail` for every failure); when the backend refused
 * with its own words (e.g. a second trial), they are the toast's description under that title.
 */
export function paymentToast(params: ToastParams, error: unknown): ToastRequest {
  const description = params.kind === 'error' && error instanceof ApiError && error.kind === 'http' ? error.serverMessage : null
  return description ? { ...params, description } : params
}
