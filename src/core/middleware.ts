/**
 * R2: route middleware by name. A route lists names in `staticData.middleware`; the
 * server entry runs `download-proxy` for the download path. An unknown name is a 500.
 */

import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { appendResponseHeader, getRequestHeader } from '@tanstack/react-start/server'
import { launcherDownloadUrl } from '#app/core/download.ts'
import { utmCookies } from '#app/core/utm.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import type { PublicConfig } from '#constants'
import { allows } from '#machines/rules/consent.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'
import { COOKIES, consentOf, readCookie, writeCookie } from './cookies.ts'
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

/**
 * Runs the named middleware that matched routes declare in `staticData.middleware`
 * (R2). An unknown name throws the 500 "Unknown middleware".
 */
declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** Named route middleware (R2). */
    middleware?: readonly (MiddlewareName | (string & {}))[]
  }
}

const cookieHeader = createIsomorphicFn()
  .server(() => getRequestHeader('cookie') ?? null)
  .client(() => document.cookie)

const applyCookies = createIsomorphicFn()
  .server((cookies: string[]) => {
    for (const c of cookies) appendResponseHeader('set-cookie', c)
  })
  .client((cookies: string[]) => {
    for (const c of cookies) writeCookie(c)
  })

export function runRouteMiddleware(
  matches: ReadonlyArray<{ staticData?: { middleware?: readonly string[] } }>,
  location: Pick<ParsedLocation, 'pathname' | 'search'>,
): void {
  const names = matches.flatMap((m) => m.staticData?.middleware ?? [])
  if (names.length === 0) return
  const result = runMiddleware(names, {
    locale: getLocale(),
    pathname: location.pathname,
    search: location.search as Record<string, unknown>,
    cookieHeader: cookieHeader(),
    config: { apiBrowserBase: '' },
  })
  if (result.setCookies?.length) applyCookies(result.setCookies)
  if (result.redirect) throw redirect({ href: result.redirect })
}
