/**
 * R7: the CloudPayments widget. `new cp.CloudPayments({ language })`, then
 * `pay(scheme, options, { onSuccess, onFail, onComplete })`. A success or a failure is reported
 * by its own callback. Closing the form is not a failure (R4: it only logs): the real widget
 * reports it as `onFail('User has cancelled')`, the sandbox's `pay` as `onComplete` with type
 * `cancel`; both are a close (decision 050).
 */
import type { CloudPaymentsRequest } from '#machines/rules/payment.ts'
import { type CloudPaymentsCallbacks, reportOnce, type WidgetOutcome, type WidgetScope } from './types.ts'

export class WidgetUnavailableError extends Error {
  constructor(global: string) {
    super(`The payment widget script did not define ${global}`)
    this.name = 'WidgetUnavailableError'
  }
}

/** The reason the CloudPayments widget gives `onFail` when the visitor closes it. */
export const CLOUDPAYMENTS_CANCEL_REASON = 'User has cancelled'

/** Whether an `onFail` reason is the visitor closing the widget rather than a failed payment. */
export function isCloudPaymentsCancel(reason: unknown): boolean {
  return typeof reason === 'string' && reason.trim() === CLOUDPAYMENTS_CANCEL_REASON
}

/** The callbacks for a request: each outcome is reported once. */
export function cloudPaymentsCallbacks(report: (outcome: WidgetOutcome) => void): CloudPaymentsCallbacks {
  const once = reportOnce(report)
  return {
    onSuccess: () => once({ type: 'widget.success' }),
    onFail: (reason) => once(isCloudPaymentsCancel(reason) ? { type: 'widget.close' } : { type: 'widget.fail', reason }),
    onComplete: (result) => {
      if (result?.success) once({ type: 'widget.success' })
      else if (result?.type === 'cancel') once({ type: 'widget.close' })
      else once({ type: 'widget.fail', reason: result?.message ?? result })
    },
  }
}

/** Opens the widget. Throws WidgetUnavailableError when the script defined no `cp`. */
export function openCloudPayments(scope: WidgetScope, request: CloudPaymentsRequest, report: (outcome: WidgetOutcome) => void): void {
  const cp = scope.cp
  if (!cp || typeof cp.CloudPayments !== 'function') throw new WidgetUnavailableError('cp.CloudPayments')
  const widget = new cp.CloudPayments({ language: request.language })
  const result = widget.pay(request.scheme, { ...request.options }, cloudPaymentsCallbacks(report))
  // The widget also answers a promise of the same result; its rejection is a failure too.
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    ;(result as Promise<unknown>).then(undefined, (reason: unknown) => report({ type: 'widget.fail', reason }))
  }
}
