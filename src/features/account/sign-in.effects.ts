/**
 * R7: the sign-in machine's call to the backend — ask for a code by e-mail (GET /users/auth),
 * with the page to return to and the referral code a `/join` link left.
 */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Api } from '#app/api/client.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { useApi } from '#app/core/use-api.ts'
import type { CodeRequested, RequestCodeInput } from '#machines/sign-in.ts'

/** The sign-in machine's `requestCode` actor; `referrer` reads the stored referral code. */
export function requestCodeCall(api: Api, referrer: () => string | null) {
  return fromPromise<CodeRequested, RequestCodeInput>(async ({ input }) => {
    const code = referrer()
    const answer = await api.requestSignIn({
      email: input.email,
      ...(input.redirectTo ? { redirect: input.redirectTo } : {}),
      ...(code ? { referrer_link_code: code } : {}),
    })
    return { message: answer.message, resendIn: answer.resend_in ?? 30, at: Date.now() }
  })
}

/** `requestCode` with the page's client and the browser's cookies. */
export function useRequestCodeCall(): ReturnType<typeof requestCodeCall> {
  const api = useApi()
  return useMemo(() => requestCodeCall(api, () => readReferrerCode(document.cookie)), [api])
}
