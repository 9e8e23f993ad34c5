/** R7: the plan list asked again from the browser (GET /subscriptions), for the request machine's retry. */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useApi } from '#app/core/use-api.ts'
import { fetchPlans } from './plans-result.ts'

/** In the country group the page's plans were asked in (`PremiumData.group`). */
export function usePlansCall(group: number | null) {
  const api = useApi()
  return useMemo(() => fromPromise<unknown, void>(() => fetchPlans(api, group ?? undefined)), [api, group])
}
