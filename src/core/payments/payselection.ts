/**
 * R7: the Payselection widget. `new pw.PayWidget()`, then
 * `pay({ serviceId, key }, { MetaData, PaymentRequest, CustomerInfo }, { onSuccess, onError, onClose })`.
 * The widget has no constructor options: its language is `CustomerInfo.Language` (decision 050).
 */
import type { PayselectionRequest } from '#machines/rules/payment.ts'
import { WidgetUnavailableError } from './cloudpayments.ts'
import { type PayselectionCallbacks, reportOnce, type WidgetOutcome, type WidgetScope } from './types.ts'

export function payselectionCallbacks(report: (outcome: WidgetOutcome) => void): PayselectionCallbacks {
  const once = reportOnce(report)
  return {
    onSuccess: () => once({ type: 'widget.success' }),
    onError: (result) => once({ type: 'widget.fail', reason: result }),
    onClose: () => once({ type: 'widget.close' }),
  }
}

/** Opens the widget. Throws WidgetUnavailableError when the script defined no `pw`. */
export function openPayselection(scope: WidgetScope, request: PayselectionRequest, report: (outcome: WidgetOutcome) => void): void {
  const pw = scope.pw
  if (!pw || typeof pw.PayWidget !== 'function') throw new WidgetUnavailableError('pw.PayWidget')
  const widget = new pw.PayWidget()
  const { MetaData, PaymentRequest, CustomerInfo } = request.request
  widget.pay(
    { ...request.keys },
    { MetaData: { ...MetaData }, PaymentRequest: { ...PaymentRequest }, CustomerInfo: { ...CustomerInfo } },
    payselectionCallbacks(report),
  )
}
