/**
 * The backend client (R7): one ofetch instance per locale and session. Every path is
 * prefixed with the locale code; `Authorization: Bearer` is attached when a token is given;
 * only the body is returned, parsed with its arktype schema. It logs failures and never shows
 * a toast or redirects: callers and machines decide.
 */

import { type Type, type } from 'arktype'
import { FetchError, ofetch } from 'ofetch'
import { reportFailure } from '#app/api/report.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { ApiError, type ApiErrorKind } from './errors.ts'
import * as S from './schemas.ts'

export { ApiError, type ApiErrorKind } from './errors.ts'

export interface ApiOptions {
  base: string
  locale: Locale
  /** The bearer token (without prefix), or null. Called before every request. */
  token?: () => string | null | Promise<string | null>
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
  /** Headers every call carries (the site's server names the visitor's site: `X-Site-Origin`). */
  headers?: Readonly<Record<string, string>>
  /**
   * The visitor-facing text of an error that carries no message from the backend (no answer,
   * an HTML page, a body of the wrong shape). Without it the message is the technical detail.
   */
  fallbackMessage?: () => string
  log?: (message: string, error: unknown) => void
  /**
   * R9.17: the invitation code the visitor's browser keeps (the referrer cookie). Every call that
   * proves an address (a code, a link, a confirmation, Steam's answer) carries it as
   * `referrer_link_code`: the backend fixes a new account's referral at its sign-up from it.
   */
  invitation?: () => string | null
  /** Told of every call when it ends: its endpoint pattern (no code, no id), time and failure kind (the server's metrics). */
  observe?: (call: { method: Method; endpoint: string; seconds: number; failure: ApiErrorKind | null }) => void
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export function createApi(options: ApiOptions) {
  const log = options.log ?? ((message, error) => reportFailure(message, error))
  // ofetch takes a custom fetch in its second (global) options, not in the defaults.
  const $fetch = ofetch.create(
    { baseURL: `${options.base.replace(/\/+$/, '')}/${options.locale}`, retry: 0, timeout: options.timeoutMs ?? 10_000 },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function call<T>(
    schema: Type<T>,
    method: Method,
    path: string,
    init: { query?: Record<string, string | number | undefined>; body?: unknown; auth?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
    if (init.auth !== false && options.token) {
      const token = await options.token()
      if (token) headers.authorization = `Bearer ${token}`
    }
    // R10.8: a code in the path (a sign-in link, a confirmation link, a referral) is never written to a log.
    const shown = loggedPath(path)
    const started = options.observe ? performance.now() : 0
    const observed = (failure: ApiErrorKind | null) =>
      options.observe?.({ method, endpoint: endpointOf(path), seconds: (performance.now() - started) / 1000, failure })
    const fail = (kind: ApiErrorKind, status: number | null, detail: string, data: unknown, serverMessage: string | null = null) => {
      observed(kind)
      const apiError = new ApiError(kind, status, serverMessage ?? options.fallbackMessage?.() ?? detail, data, detail)
      log(`api: ${method} /${options.locale}${shown}: ${detail}`, apiError)
      return apiError
    }
    let raw: unknown
    try {
      raw = await $fetch(path, { method, headers, query: init.query, body: init.body as Record<string, unknown> | undefined, responseType: 'json' })
    } catch (error) {
      throw error instanceof FetchError && error.response
        ? fail('http', error.response.status, `${method} ${shown} answered ${error.response.status}`, error.data ?? null, messageOf(error.data))
        : fail('network', null, `${method} ${shown} failed: ${loggedPath(error instanceof Error ? error.message : String(error))}`, null)
    }
    const parsed = schema(raw)
    if (parsed instanceof type.errors) {
      throw fail('shape', 500, `${method} ${shown} answered an unexpected shape: ${parsed.summary}`, raw)
    }
    observed(null)
    return parsed as T
  }

  const seg = encodeURIComponent
  /** R9.17: the invitation, as a proof's field, when the browser keeps one. */
  const invited = (): { referrer_link_code?: string } => {
    const code = options.invitation?.() ?? null
    return code ? { referrer_link_code: code } : {}
  }
  return {
    locale: options.locale,
    /** GET /users/auth: request a sign-in code and link by e-mail. */
    requestSignIn: (query: { email: string; redirect?: string; referrer_link_code?: string }) =>
      call(S.SignInRequested, 'GET', '/users/auth', { query, auth: false }),
    /** PATCH /users/verify: performs login. */
    verify: (body: { email: string; code?: string; password?: string }) =>
      call(S.TokenGrant, 'PATCH', '/users/verify', { body: body.code === undefined ? body : { ...body, ...invited() }, auth: false }),
    /** GET /users/auth/{code}: sign-in by the code from the e-mailed link. */
    signInByCode: (code: string) => call(S.TokenGrant, 'GET', `/users/auth/${seg(code)}`, { query: invited(), auth: false }),
    /** GET /users/auth with the login callback's search params (an external provider's answer). */
    authCallback: (query: Record<string, string>) => call(S.TokenGrant, 'GET', '/users/auth', { query: { ...query, ...invited() }, auth: false }),
    /** POST /users/refresh: a new token pair for a refresh token (used up). */
    refresh: (refreshToken: string) => call(S.TokenGrant, 'POST', '/users/refresh', { body: { refresh_token: refreshToken }, auth: false }),
    me: () => call(S.User, 'GET', '/users/me'),
    /**
     * POST /users/logout (R7.3, an extension of the contract): ends the session of the bearer token,
     * or of the refresh token when the access token is gone.
     */
    logout: (refreshToken: string | null = null) => call(S.Message, 'POST', '/users/logout', { body: refreshToken ? { refresh_token: refreshToken } : {} }),
    /** POST /users/logout/all (R7.3, an extension): ends every session of the account. */
    logoutEverywhere: () => call(S.Message, 'POST', '/users/logout/all', { body: {} }),
    confirm: (body: { email: string; code: string; password: string }) =>
      call(S.ConfirmResult, 'POST', '/users/confirm', { body: { ...body, ...invited() }, auth: false }),
    credentials: (body: { password: string; password_confirm: string }) => call(S.UserMessage, 'POST', '/users/credentials', { body }),
    confirmEmail: (code: string) => call(S.UserMessage, 'POST', `/users/email/${seg(code)}`),
    changeEmail: (body: { email: string; redirect?: string }) => call(S.UserMessage, 'PUT', '/users/email', { body }),
    registerReferrer: (code: string) => call(S.Referrer, 'GET', `/referrer/link/${seg(code)}`),
    subscriptions: (query: { country_group_id?: number } = {}) => call(S.SubscriptionList, 'GET', '/subscriptions', { query, auth: false }),
    cancelSubscription: () => call(S.UserMessage, 'GET', '/users/subscription/cancel'),
    resumeSubscription: () => call(S.UserMessage, 'GET', '/users/subscription/resume'),
    specialOffer: () => call(S.SpecialOffer, 'GET', '/users/subscription/special'),
    createPayment: (body: { subscription_id: number; service: string; special?: boolean }) => call(S.PaymentOptions, 'POST', '/payments', { body }),
    payment: (id: string) => call(S.PaymentStatus, 'GET', `/payments/${seg(id)}`),
    /** GET /payments (issue 37, an extension of R7): the account's payment history. */
    payments: () => call(S.PaymentHistory, 'GET', '/payments'),
    /** GET /payments/{id}/receipt (issue 37, an extension of R7): a paid payment's receipt. */
    receipt: (id: string) => call(S.Receipt, 'GET', `/payments/${seg(id)}/receipt`),
    /** GET /payments/card (R9.22, an extension of R7): the card renewals are charged to. */
    renewalCard: () => call(S.RenewalCardAnswer, 'GET', '/payments/card'),
    /** POST /payments/card (R9.22, an extension of R7): a card check that makes a new card the renewal card. */
    replaceCard: (body: { service: string }) => call(S.PaymentOptions, 'POST', '/payments/card', { body }),
    resetDevice: () => call(S.UserMessage, 'DELETE', '/users/device/reset'),
    collectAnalytics: (body: { domain: string; token: string | null; client_id: string; utm: Record<string, string> | null }) =>
      call(S.Accepted, 'POST', '/analytics/collect', { body, auth: false }),
  }
}

export type Api = ReturnType<typeof createApi>

/** The calls whose last path segment is a code (R7.2): sign-in link, e-mail confirmation, referral link. */
const CODE_IN_PATH = /(\/users\/auth|\/users\/email|\/referrer\/link)\/[^/?#\s"]+/g

/** A call's path as logs show it: its code replaced by `{code}` (R10.8). */
export function loggedPath(path: string): string {
  return path.replace(CODE_IN_PATH, '$1/{code}')
}

/** A call's path as metrics name it: its code and its payment id replaced, so that each endpoint is one series. */
export function endpointOf(path: string): string {
  return loggedPath(path.split('?')[0] ?? path).replace(/^\/payments\/(?!card$)[^/]+/, '/payments/{id}')
}

function messageOf(data: unknown): string | null {
  const m = (data as { message?: unknown } | null)?.message
  return typeof m === 'string' && m.trim() ? m : null
}
