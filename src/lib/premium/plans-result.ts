/**
 * Spec 7, 8: loading the plan list. The result is plain data so that it crosses the server
 * function boundary intact: the page renders with status 200 either way and shows the error
 * state in the plans area.
 */
import { ApiError } from '~/api/errors'
import type { Api } from '~/api/client'
import type { SubscriptionList } from '~/api/schemas'

export type PlansResult =
  | { ok: true; list: SubscriptionList }
  | {
      ok: false
      /** The HTTP status (500 for a response of the wrong shape), null when no response came. */
      status: number | null
      /** Spec 8: the message from the response data, shown in the toast; null means the generic notification. */
      message: string | null
    }

/** Spec 8: a failure with a server response carries its message; without one, none. */
export function plansFailure(error: unknown): Extract<PlansResult, { ok: false }> {
  if (error instanceof ApiError) {
    return { ok: false, status: error.status, message: error.kind === 'http' ? error.serverMessage : null }
  }
  return { ok: false, status: null, message: null }
}

/** Spec 9: payselection charges in roubles only, so its visitors see the rouble prices (country group 1). */
export const RUB_COUNTRY_GROUP = 1

export async function loadPlans(api: Pick<Api, 'subscriptions'>, service: string): Promise<PlansResult> {
  try {
    return { ok: true, list: await api.subscriptions(service === 'payselection' ? { country_group_id: RUB_COUNTRY_GROUP } : {}) }
  } catch (error) {
    return plansFailure(error)
  }
}
