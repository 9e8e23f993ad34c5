/**
 * The payment machine's provider actors (R4, R7): load the active provider's script, run its
 * widget and report `widget.success`, `widget.fail` or `widget.close`. The same code runs
 * against the providers' scripts and the stand-in backend's sandbox scripts.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { LoadWidgetInput, RunWidgetInput } from '#machines/payment'
import type { PaymentService } from '#machines/rules/payment'
import type { PublicConfig } from '../../../app.constants'
import { loadScript } from './script-loader'
import { openCloudPayments } from './cloudpayments'
import { openPayselection } from './payselection'
import type { WidgetOutcome, WidgetScope } from './types'

export { loadScript, ScriptLoadError, SCRIPT_TIMEOUT_MS } from './script-loader'
export { WidgetUnavailableError } from './cloudpayments'
export type { WidgetOutcome, WidgetScope } from './types'

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
