/**
 * R7: the account machine's calls to the backend — cancel or resume the subscription, reset the
 * device, change the e-mail and confirm it with its code, set the launcher password. Each answer
 * is the backend's message and the user as it is now; a renewal turned on or off is told in the
 * page's own words, with the amount and date formatted as the page shows them (R9.29).
 */
import { type } from 'arktype'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Api } from '#app/api/client.ts'
import { User } from '#app/api/schemas.ts'
import { formatDate, formatPrice } from '#app/core/format.ts'
import { useApi } from '#app/core/use-api.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import type { AccountResult } from '#machines/account.ts'
import { isLocale, type Locale } from '#machines/rules/locale.ts'

function result(p: Promise<{ message: string; user: unknown }>): Promise<AccountResult> {
  return p.then((r) => ({ message: r.message, user: r.user }))
}

/**
 * R9.29: what a renewal change did, said as the account card says it: the next charge (renewal on)
 * or the last day (renewal off) of the subscription the backend answers. The backend's own words
 * stay when its answer does not say them.
 */
export function renewalWords(on: boolean, answer: AccountResult, locale: Locale): AccountResult {
  const user = User(answer.user)
  const sub = user instanceof type.errors ? null : user.subscription
  if (on && sub?.next_charge_at && sub.next_charge_amount != null && sub.currency)
    return {
      ...answer,
      message: m.acc_renewal_on_done(
        { amount: formatPrice(sub.next_charge_amount, sub.currency, locale), date: formatDate(sub.next_charge_at, locale) },
        { locale },
      ),
    }
  if (!on && sub?.expires_at) return { ...answer, message: m.acc_renewal_off_done({ date: formatDate(sub.expires_at, locale) }, { locale }) }
  return answer
}

const pageLocale = (): Locale => {
  const locale = getLocale()
  return isLocale(locale) ? locale : 'en'
}

/** The account machine's backend actors, for `accountMachine.provide({ actors })`. */
export function accountCalls(api: Api) {
  return {
    cancelSubscription: fromPromise<AccountResult, Record<string, string>>(() =>
      result(api.cancelSubscription()).then((r) => renewalWords(false, r, pageLocale())),
    ),
    resumeRenewal: fromPromise<AccountResult, Record<string, string>>(() => result(api.resumeSubscription()).then((r) => renewalWords(true, r, pageLocale()))),
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
