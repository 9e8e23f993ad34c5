/**
 * Runs the named middleware that matched routes declare in `staticData.middleware`
 * (R2). An unknown name throws the 500 "Unknown middleware".
 */

import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { appendResponseHeader, getRequestHeader } from '@tanstack/react-start/server'
import { writeCookie } from '#app/core/cookies.ts'
import { type MiddlewareName, runMiddleware } from '#app/core/middleware.ts'
import { getLocale } from '#app/paraglide/runtime.js'

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
