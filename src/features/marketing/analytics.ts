/**
 * The analytics sender (R3, R5, R7, R9): `POST /{locale}/analytics/collect` with the payload of
 * `analyticsPayload`, batched (500 ms, at most 2 per batch), once the visitor allows analytics.
 * Without a client id nothing is sent and the console says why. Browser only: on the server
 * `collectAnalytics` resolves at once. Failures are logged by the API client and never reach the
 * visitor.
 */

import type { Api } from '#app/api/client.ts'
import { consentOf, writeCookie } from '#app/core/cookies.ts'
import { utmCookieForSearch } from '#app/core/utm.ts'
import { CONSTANTS } from '#constants'
import { allows } from '#machines/rules/consent.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { type AnalyticsPayload, analyticsPayload } from './analytics-payload.ts'
import { type Batcher, createBatcher } from './batch.ts'
import { clientIdCookieToStore } from './client-id.ts'

export interface CollectContext {
  apiBrowserBase: string
  locale: Locale
  /** The bearer token without its prefix (`selectAnalyticsToken`), or null. */
  token: string | null
  configuredCookie: string | null
  /** COOKIES_CROSS_ORIGIN: the SameSite of a client-id cookie written on the way. */
  crossOrigin?: boolean
  /**
   * The visitor is leaving the page (a download): the event goes at once with what is queued,
   * not after the batch delay, which the visitor would wait for and which a page left for an
   * external address would never reach.
   */
  leaving?: boolean
}

export type CollectOutcome = 'sent' | 'no-client-id' | 'no-consent' | 'failed' | 'server'

/** R9.23: analytics runs only while the visitor allows it. */
function analyticsAllowed(): boolean {
  return allows(consentOf(document.cookie), 'analytics')
}

interface Item {
  api: Api
  payload: AnalyticsPayload
}

let batcher: Batcher<Item> | null = null
const apis = new Map<string, Api>()

function getBatcher(): Batcher<Item> {
  batcher ??= createBatcher<Item>({
    delayMs: CONSTANTS.analyticsBatchDelayMs,
    amount: CONSTANTS.analyticsBatchAmount,
    send: (items) => Promise.all(items.map(({ api, payload }) => api.collectAnalytics(payload))),
  })
  return batcher
}

async function apiFor(base: string, locale: Locale): Promise<Api> {
  // The client loads with the first event, not with the page.
  const { createApi } = await import('#app/api/client.ts')
  const key = `${base}|${locale}`
  let api = apis.get(key)
  if (!api) {
    api = createApi({ base, locale, timeoutMs: 4000, log: (message, error) => console.warn(message, error) })
    apis.set(key, api)
  }
  return api
}

/**
 * Loads the API client the sender needs before the event it is for: a visitor about to click
 * (a download) then waits for the call alone, not for the client's code as well.
 */
export async function prepareAnalytics(base: string, locale: Locale): Promise<void> {
  if (typeof window === 'undefined') return
  await apiFor(base, locale)
}

/** Builds the payload from the browser's cookies and address and queues it. Never rejects. */
export async function collectAnalytics(ctx: CollectContext): Promise<CollectOutcome> {
  if (typeof window === 'undefined') return 'server'
  if (!analyticsAllowed()) return 'no-consent'
  rememberClientId(ctx.configuredCookie, ctx.crossOrigin ?? false)
  const result = analyticsPayload({
    host: window.location.host,
    token: ctx.token,
    cookieHeader: document.cookie,
    search: window.location.search,
    configuredCookie: ctx.configuredCookie,
  })
  if (!result.ok) {
    console.log(result.message)
    return 'no-client-id'
  }
  try {
    const batch = getBatcher()
    const sent = batch.add({ api: await apiFor(ctx.apiBrowserBase, ctx.locale), payload: result.payload })
    if (ctx.leaving) void batch.flush()
    await sent
    return 'sent'
  } catch {
    return 'failed'
  }
}

/**
 * R5, R9: a landing address with a full utm set is remembered in the `utm` cookie. `search` is
 * the landing address's query, when the page may have moved on since.
 */
export function rememberUtm(crossOrigin: boolean, search?: string): boolean {
  if (typeof window === 'undefined' || !analyticsAllowed()) return false
  const cookie = utmCookieForSearch(search ?? window.location.search, crossOrigin)
  if (!cookie) return false
  writeCookie(cookie)
  return true
}

/**
 * R5, R9: with ANALYTICS_CLIENT_ID_COOKIE configured and absent, the id of `_ga` is stored
 * in it (31536000 s, path /). Returns whether a cookie was written.
 */
export function rememberClientId(configuredCookie: string | null, crossOrigin: boolean): boolean {
  if (typeof window === 'undefined' || !analyticsAllowed()) return false
  const cookie = clientIdCookieToStore(document.cookie, configuredCookie, crossOrigin)
  if (!cookie) return false
  writeCookie(cookie)
  return true
}
