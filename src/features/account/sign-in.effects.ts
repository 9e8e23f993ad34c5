/**
 * R7: the sign-in machine's call to the backend — ask for a code by e-mail (GET /users/auth),
 * with the page to return to and the referral code a `/join` link left.
 */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Api } from '#app/api/client.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { useApi } from '#app/core/use-api.ts'
import type { CodeRequested, RequestCodeInput } from '#machines/sign-in-types.ts'

/** GET /users/auth: a code and a link for the address; `referrer` reads the stored referral code. The browser's and the server's call. */
export async function requestCode(api: Pick<Api, 'requestSignIn'>, input: RequestCodeInput, referrer: () => string | null): Promise<CodeRequested> {
  const code = referrer()
  const answer = await api.requestSignIn({
    email: input.email,
    ...(input.redirectTo ? { redirect: input.redirectTo } : {}),
    ...(code ? { referrer_link_code: code } : {}),
  })
  return { message: answer.message, resendIn: answer.resend_in ?? 30, at: Date.now() }
}

/** The sign-in machine's `requestCode` actor. */
export function requestCodeCall(api: Api, referrer: () => string | null) {
  return fromPromise<CodeRequested, RequestCodeInput>(({ input }) => requestCode(api, input, referrer))
}

/** `requestCode` with the page's client and the browser's cookies. */
export function useRequestCodeCall(): ReturnType<typeof requestCodeCall> {
  const api = useApi()
  return useMemo(() => requestCodeCall(api, () => readReferrerCode(document.cookie)), [api])
}
