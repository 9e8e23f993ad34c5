/**
 * R7, R8: loading the plan list. The result is plain data so that it crosses the server
 * function boundary intact: the page renders with status 200 either way and shows the error
 * state in the plans area.
 */

import type { Api } from '#app/api/client.ts'
import { ApiError } from '#app/api/errors.ts'
import type { SubscriptionList } from '#app/api/schemas.ts'
import type { ToastParams } from '#machines/rules/toast.ts'

export type PlansResult =
  | { ok: true; list: SubscriptionList }
  | {
      ok: false
      /** The HTTP status (500 for a response of the wrong shape), null when no response came. */
      status: number | null
      /** R8: the message from the response data, shown in the toast; null means the generic notification. */
      message: string | null
    }

/** R8: a failure with a server response carries its message; without one, none. */
export function plansFailure(error: unknown): Extract<PlansResult, { ok: false }> {
  if (error instanceof ApiError) {
    return { ok: false, status: error.status, message: error.kind === 'http' ? error.serverMessage : null }
  }
  return { ok: false, status: null, message: null }
}

/** The plans in the country group the visitor is priced in (`pricingGroup`), else the page language's. */
export async function loadPlans(api: Pick<Api, 'subscriptions'>, group: number | undefined): Promise<PlansResult> {
  try {
    return { ok: true, list: await api.subscriptions(group === undefined ? {} : { country_group_id: group }) }
  } catch (error) {
    return plansFailure(error)
  }
}

/** A failed plan list as an error (the request machine's failures are errors). */
export class PlansLoadError extends Error {
  constructor(readonly failure: Extract<PlansResult, { ok: false }>) {
    super(failure.message ?? `The plan list could not be loaded (${failure.status ?? 'no response'})`)
    this.name = 'PlansLoadError'
  }
}

/** The plan list, or a PlansLoadError: the request machine's `run` for a retry in the browser. */
export async function fetchPlans(api: Pick<Api, 'subscriptions'>, group: number | undefined): Promise<SubscriptionList> {
  const result = await loadPlans(api, group)
  if (!result.ok) throw new PlansLoadError(result)
  return result.list
}

/** The loader's result as the request machine's `settled` input. */
export function settledPlans(result: PlansResult): { result: SubscriptionList } | { error: PlansLoadError } {
  return result.ok ? { result: result.list } : { error: new PlansLoadError(result) }
}

/** R8: the toast of a failed plan list: the server's message, else the generic notification. */
export function plansFailureToast(error: unknown): ToastParams {
  const message = error instanceof PlansLoadError ? error.failure.message : null
  return message ? { kind: 'error', text: message } : { kind: 'error', key: 'notifications.errors.other' }
}
