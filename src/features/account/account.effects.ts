/**
 * R7: the account machine's calls to the backend — cancel or resume the subscription, reset the
 * device, change the e-mail and confirm it with its code, set the launcher password. Each answer
 * is the backend's message and the user as it is now.
 */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Api } from '#app/api/client.ts'
import { useApi } from '#app/core/use-api.ts'
import type { AccountResult } from '#machines/account.ts'

function result(p: Promise<{ message: string; user: unknown }>): Promise<AccountResult> {
  return p.then((r) => ({ message: r.message, user: r.user }))
}

/** The account machine's backend actors, for `accountMachine.provide({ actors })`. */
export function accountCalls(api: Api) {
  return {
    cancelSubscription: fromPromise<AccountResult, Record<string, string>>(() => result(api.cancelSubscription())),
    resumeRenewal: fromPromise<AccountResult, Record<string, string>>(() => result(api.resumeSubscription())),
    resetDevice: fromPromise<AccountResult, Record<string, string>>(() => result(api.resetDevice())),
    changeEmail: fromPromise<AccountResult, Record<string, string>>(({ input }) =>
      result(api.changeEmail({ email: input['new-email'] ?? '', ...(input.redirect ? { redirect: input.redirect } : {}) })),
    ),
    confirmEmailCode: fromPromise<AccountResult, Record<string, string>>(({ input }) => result(api.confirmEmail(input.code ?? ''))),
    changePassword: fromPromise<AccountResult, Record<string, string>>(({ input }) =>
      result(api.credentials({ password: input.password ?? '', password_confirm: input['password-confirm'] ?? '' })),
    ),
  }
}

/** The account's calls with the page's client (its token checked by the auth machine first, R4). */
export function useAccountCalls(): ReturnType<typeof accountCalls> {
  const api = useApi()
  return useMemo(() => accountCalls(api), [api])
}
