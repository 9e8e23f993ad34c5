/** R7: a referral code registered from the browser (the join machine's `registerReferrer`). */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useApi } from '#app/core/use-api.ts'

export function useRegisterReferrerCall() {
  const api = useApi()
  return useMemo(() => fromPromise(({ input }: { input: { code: string } }) => api.registerReferrer(input.code)), [api])
}
