/**
 * The payment machine's provider actors (R4, R7): load the active provider's script, run its
 * widget and report `widget.success`, `widget.fail` or `widget.close`. The same code runs
 * against the providers' scripts and the stand-in backend's sandbox scripts.
 */
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { PublicConfig } from '#constants'
import type { LoadWidgetInput, RunWidgetInput } from '#machines/payment-types.ts'
import type { PaymentService } from '#machines/rules/payment.ts'
import { openCloudPayments } from './cloudpayments.ts'
import { openPayselection } from './payselection.ts'
import { loadScript } from './script-loader.ts'
import type { WidgetOutcome, WidgetScope } from './types.ts'

export { WidgetUnavailableError } from './cloudpayments.ts'
export { loadScript, SCRIPT_TIMEOUT_MS, ScriptLoadError } from './script-loader.ts'
export type { WidgetOutcome, WidgetScope } from './types.ts'

/** The configured script of a provider. */
export function widgetScriptUrl(payment: PublicConfig['payment'], service: PaymentService): string {
  return service === 'payselection' ? payment.payselection.scriptUrl : payment.cloudpaymentsScriptUrl
}

/** Opens the widget for a request; reports exactly one outcome. */
export function openWidget(scope: WidgetScope, request: RunWidgetInput, report: (outcome: WidgetOutcome) => void): void {
  if (request.service === 'payselection') openPayselection(scope, request, report)
  else openCloudPayments(scope, request, report)
}

export function createLoadWidgetScript(payment: PublicConfig['payment'], options: { timeoutMs?: number } = {}) {
  return fromPromise<void, LoadWidgetInput>(({ input }) => loadScript(widgetScriptUrl(payment, input.service), options))
}

/**
 * The `runWidget` callback actor. An outcome that arrives after the machine has moved on (the
 * actor stopped) is dropped; a widget that cannot open is a failure.
 */
export function createRunWidget(scope: () => WidgetScope) {
  return fromCallback<EventObject, RunWidgetInput>(({ input, sendBack }) => {
    let active = true
    const report = (outcome: WidgetOutcome) => {
      if (!active) return
      active = false
      sendBack(outcome)
    }
    try {
      openWidget(scope(), input, report)
    } catch (error) {
      // Reported after this actor has started, so the machine is already listening.
      queueMicrotask(() => report({ type: 'widget.fail', reason: error }))
    }
    return () => {
      active = false
    }
  })
}
