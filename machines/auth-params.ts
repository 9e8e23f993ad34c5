/**
 * What the auth machine's calls take and what its actions are given (its params), each computed
 * from the context or the event at hand.
 */
import { assertEvent } from 'xstate'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { loginPath } from '#machines/rules/redirect.ts'
import { SESSION_EXPIRED_TOAST, SIGNED_OUT_EVERYWHERE_TOAST, SIGNED_OUT_TOAST, type ToastParams } from '#machines/rules/toast.ts'
import { EXPIRED_SESSION_MESSAGE } from '#machines/rules/token.ts'
import type { AuthContext, AuthEvent, Credentials, EndSessionParams, ExpiredParams, StoreSessionParams } from './auth-types.ts'
import type { NavigateParams } from './shared.ts'

/** Stored only once a token and its expiry are known. */
export function sessionParams({ context }: { context: AuthContext }): StoreSessionParams {
  return {
    token: context.token as string,
    expiresAt: context.expiresAt as number,
    refreshToken: context.refreshToken,
    refreshExpiresAt: context.refreshExpiresAt,
  }
}
export function afterLoginParams({ context }: { context: AuthContext }): NavigateParams {
  return { to: context.redirectTo }
}
export function expiredParams(): ExpiredParams {
  return { message: EXPIRED_SESSION_MESSAGE }
}
/** R2: the login page of the page's language, the page remembered. */
export function loginParams({ context }: { context: AuthContext }): NavigateParams {
  return { to: loginPath(context.page.locale, context.page.href) }
}
export function endSessionParams({ context, event }: { context: AuthContext; event: AuthEvent }): EndSessionParams {
  assertEvent(event, 'auth.logout')
  return { token: context.token, refreshToken: context.refreshToken, everywhere: event.everywhere === true }
}
/** What a sign-out confirms: this browser's session ended, or every session of the account. */
export function signedOutToast({ event }: { event: AuthEvent }): ToastParams {
  assertEvent(event, 'auth.logout')
  return event.everywhere === true ? SIGNED_OUT_EVERYWHERE_TOAST : SIGNED_OUT_TOAST
}
export function sessionExpiredToast(): ToastParams {
  return SESSION_EXPIRED_TOAST
}
/** Called only where a token (or a refresh token) is there. */
export function tokenInput({ context }: { context: AuthContext }) {
  return { token: context.token as string }
}
export function refreshInput({ context }: { context: AuthContext }) {
  return { refreshToken: context.refreshToken as string }
}
/** The credentials of a login; the states that call it are entered by that kind only. */
export function credentialsOf<K extends Credentials['kind']>(event: AuthEvent): Extract<Credentials, { kind: K }> {
  assertEvent(event, 'auth.login')
  return event.credentials as Extract<Credentials, { kind: K }>
}
/** R5: a code typed in Arabic-Indic digits is sent in Latin digits. */
export function codeInput({ event }: { event: AuthEvent }) {
  const c = credentialsOf<'code'>(event)
  return { email: c.email.trim(), code: normalizeDigits(c.code.trim()) }
}
export function linkInput({ event }: { event: AuthEvent }) {
  return { code: credentialsOf<'link'>(event).code }
}
export function confirmInput({ event }: { event: AuthEvent }) {
  const c = credentialsOf<'confirm'>(event)
  return { email: c.email.trim(), code: normalizeDigits(c.code.trim()), password: c.password }
}
export function callbackInput({ event }: { event: AuthEvent }) {
  assertEvent(event, 'auth.callback')
  return { params: event.params }
}
