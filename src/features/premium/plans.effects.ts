/** R7: the plan list asked again from the browser (GET /subscriptions), for the request machine's retry. */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useApi } from '#app/api/use-api.ts'
import { fetchPlans } from './plans-result.ts'

export function usePlansCall(service: string) {
  const api = useApi()
  return useMemo(() => fromPromise<unknown, void>(() => fetchPlans(api, service)), [api, service])
}
