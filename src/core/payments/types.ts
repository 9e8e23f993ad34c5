/** The widget globals the providers' scripts define (R7; the sandbox scripts define the same). */

export interface CloudPaymentsCallbacks {
  onSuccess?: (options: unknown) => void
  onFail?: (reason: unknown, options: unknown) => void
  onComplete?: (result: { success: boolean; type?: string; code?: unknown; message?: string }, options: unknown) => void
}
export interface CloudPaymentsWidget {
  pay(scheme: 'auth' | 'charge', options: Record<string, unknown>, callbacks: CloudPaymentsCallbacks): unknown
}
export interface CloudPaymentsGlobal {
  CloudPayments: new (config: { language: string }) => CloudPaymentsWidget
}

export interface PayselectionCallbacks {
  onSuccess?: (result: unknown) => void
  onError?: (result: { code?: unknown; message?: unknown } | undefined) => void
  onClose?: () => void
}
export interface PayselectionWidget {
  pay(keys: { serviceId: string; key: string }, request: Record<string, unknown>, callbacks: PayselectionCallbacks): unknown
}
export interface PayselectionGlobal {
  PayWidget: new () => PayselectionWidget
}

/** Where the globals live: `window` in the browser, a fake in tests. */
export interface WidgetScope {
  cp?: CloudPaymentsGlobal
  pw?: PayselectionGlobal
}

/** What a widget reports back, as the payment machine's events. */
export type WidgetOutcome = { type: 'widget.success' } | { type: 'widget.fail'; reason?: unknown } | { type: 'widget.close' }

/** A widget's callbacks may fire more than once (a fail, then a close): the first outcome is the one reported. */
export function reportOnce(report: (outcome: WidgetOutcome) => void): (outcome: WidgetOutcome) => void {
  let done = false
  return (outcome) => {
    if (done) return
    done = true
    report(outcome)
  }
}
