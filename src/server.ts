/**
 * The server entry: configuration check, the download redirect, the root-path locale
 * redirect, and the per-request locale context every render reads.
 */
import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { AsyncLocalStorage } from 'node:async_hooks'
import { loadConfig } from '../app.config'
import { overwriteServerAsyncLocalStorage } from './paraglide/runtime'
import { localeFromHost, rootRedirect, splitLocalePrefix } from './lib/locale'
import type { RequestLocaleStore } from './lib/i18n'
import { runMiddleware } from './middleware'
import { isBypassedPath } from './lib/paths'
import { HttpError } from './lib/http-error'

// Fail at start, not on the first request, when the environment is wrong.
const config = loadConfig()

const localeStorage = new AsyncLocalStorage<RequestLocaleStore>()
overwriteServerAsyncLocalStorage(localeStorage as never)

const startFetch = createStartHandler(defaultStreamHandler)

export async function handleRequest(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host
  const split = splitLocalePrefix(url.pathname)
  const locale = split.locale ?? localeFromHost(config.localeHosts, host) ?? 'en'
  const cookieHeader = request.headers.get('cookie')

  if (split.rest === '/download' || split.rest === '/download/') {
    const result = runMiddleware(['download-proxy'], {
      locale,
      pathname: split.rest,
      search: Object.fromEntries(url.searchParams),
      cookieHeader,
      config,
    })
    return new Response(null, {
      status: 302,
      headers: { location: result.redirect ?? '/', 'cache-control': 'no-store' },
    })
  }

  if (request.method === 'GET' || request.method === 'HEAD') {
    const target = rootRedirect({
      pathname: url.pathname,
      host,
      cookieHeader,
      acceptLanguage: request.headers.get('accept-language'),
      localeHosts: config.localeHosts,
    })
    if (target) {
      return new Response(null, {
        status: 302,
        headers: { location: `${target}${url.search}`, vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' },
      })
    }
  }

  const store: RequestLocaleStore = {
    locale: isBypassedPath(url.pathname) ? 'en' : locale,
    origin: url.origin,
    messageCalls: new Set(),
    prefix: split.prefix,
  }
  try {
    return await localeStorage.run(store, () => startFetch(request))
  } catch (error) {
    // The visitor went away (navigated on, closed the tab): nothing to report.
    if (request.signal.aborted) return new Response(null, { status: 499 })
    console.error('request failed', request.method, url.pathname, error)
    const status = error instanceof HttpError ? error.status : 500
    return new Response(status === 500 ? 'Internal Server Error' : error instanceof Error ? error.message : 'Error', {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
}


export default createServerEntry({ fetch: handleRequest })
