/**
 * R2: route middleware by name. A route lists names in `staticData.middleware`; the
 * server entry runs `download-proxy` for the download path. An unknown name is a 500.
 */

import { launcherDownloadUrl } from '#app/core/download.ts'
import { utmCookies } from '#app/core/utm.ts'
import type { PublicConfig } from '#constants'
import { allows } from '#machines/rules/consent.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'
import { COOKIES, consentOf, readCookie } from './cookies.ts'
import { HttpError } from './http-error.ts'

export interface MiddlewareContext {
  locale: Locale
  pathname: string
  search: Record<string, unknown>
  cookieHeader: string | null
  config: Pick<PublicConfig, 'apiBrowserBase'>
}

/** What a middleware asks for: a redirect, cookies to set, or nothing. */
export interface MiddlewareResult {
  redirect?: string
  setCookies?: string[]
}

export type Middleware = (ctx: MiddlewareContext) => MiddlewareResult | undefined

const registry = {
  /** The launcher download renders no page: it sends the browser to the backend's file. */
  'download-proxy': (ctx) => ({
    redirect: launcherDownloadUrl(ctx.config.apiBrowserBase, ctx.locale, sanitizeReferrerCode(readCookie(ctx.cookieHeader, COOKIES.referrer))),
  }),
  /** R2: a page for Russian visitors only; any other language goes to its own home page. */
  'russian-only': (ctx) => (ctx.locale === 'ru' ? undefined : { redirect: localePath(ctx.locale, '/') }),
  /** The promo landing remembers its campaign (utm_*) for the analytics of later visits, once the visitor allows analytics (R9.23). */
  promo: (ctx) => {
    if (!allows(consentOf(ctx.cookieHeader), 'analytics')) return undefined
    const setCookies = utmCookies(ctx.search)
    return setCookies.length ? { setCookies } : undefined
  },
} satisfies Record<string, Middleware>

export type MiddlewareName = keyof typeof registry
export const MIDDLEWARE_NAMES = Object.keys(registry) as MiddlewareName[]

export function getMiddleware(name: string): Middleware {
  if (!Object.hasOwn(registry, name)) throw new HttpError(500, 'Unknown middleware')
  return registry[name as MiddlewareName]
}

export function runMiddleware(names: readonly string[], ctx: MiddlewareContext): MiddlewareResult {
  const result: MiddlewareResult = {}
  for (const name of names) {
    const r = getMiddleware(name)(ctx)
    if (!r) continue
    if (r.setCookies) (result.setCookies ??= []).push(...r.setCookies)
    if (r.redirect) {
      result.redirect = r.redirect
      break
    }
  }
  return result
}
