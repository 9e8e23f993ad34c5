/** R7: an e-mail's confirmation asked from the browser (POST /users/email/{code}), for the request machine's retry. */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useApi } from '#app/core/use-api.ts'
import { normalizeDigits } from '#machines/rules/digits.ts'

export function useConfirmEmailCall(code: string) {
  const api = useApi()
  return useMemo(() => fromPromise<unknown, void>(() => api.confirmEmail(normalizeDigits(code))), [api, code])
}
