/**
 * The site's forms without JavaScript (decision 063): the endpoint. Each form posts to
 * `/forms/<form id>`; this reads the post, refuses another site's, builds the backend client as
 * the server calls it (R7, R10.4) and hands the post to the form's handler, which runs the form's
 * machine with server-side effects (`src/core/form-run.server.ts`). The answer is a redirect to
 * the page that follows, with the outcome in a short-lived cookie — the next step, the values
 * typed (never a password), the errors — and, for a sign-in, the session cookies (R3, R9). The
 * handlers come from the route, which composes the features' and the frame's.
 */

import { createApi } from '#app/api/client.ts'
import { flashCookie } from '#app/core/flash.ts'
import type { FormAnswer, FormHandlers, Posted } from '#app/core/form-answer.server.ts'
import { backendCallOptions, serverLog } from '#app/core/log.server.ts'
import { acceptedLanguages } from '#app/core/negotiate.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { requestHost, visitorAddress } from '#app/core/request.server.ts'
import { m } from '#app/paraglide/messages.js'
import { CONSTANTS, loadConfig } from '#config'
import { isLocale, type Locale, localePath, toLocale } from '#machines/rules/locale.ts'

const TEXT = { 'content-type': 'text/plain; charset=utf-8' }

/** The page the form was posted from (its `Referer`, when it is this site's), else the home page in the form's language. */
function formPage(request: Request, url: URL, locale: Locale): string {
  const referer = URL.parse(request.headers.get('referer') ?? '')
  return referer?.origin === url.origin ? `${referer.pathname}${referer.search}` : localePath(locale, '/')
}

/**
 * Decision 121: a form posted from another site does nothing, and the visitor is not left on a bare
 * refusal: they land on the site's home page in their language (the form's, else their browser's),
 * which says what happened and lets them carry on.
 */
async function foreignForm(request: Request): Promise<Response> {
  let posted: string | null = null
  try {
    const value = (await request.formData()).get('locale')
    posted = typeof value === 'string' ? value : null
  } catch {
    // Not a form: the browser's languages decide.
  }
  const locale =
    toLocale(posted) ??
    acceptedLanguages(request.headers.get('accept-language'))
      .map(toLocale)
      .find((l) => l !== null) ??
    'en'
  const headers = new Headers({ location: localePath(locale, '/'), 'cache-control': 'no-store' })
  headers.append('set-cookie', flashCookie({ form: 'notice', notice: m.notifications_form_foreign({}, { locale }) }, loadConfig().cookiesCrossOrigin))
  return new Response(null, { status: 303, headers })
}

/** Answers a form posted to `/forms/<id>` with its handler among `handlers`. */
export async function answerForm(request: Request, formId: string, handlers: FormHandlers): Promise<Response> {
  const url = new URL(request.url)
  // A form of another site may not act for the visitor (their cookies go along when SameSite allows it).
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== url.origin) return foreignForm(request)
  const handler = Object.hasOwn(handlers, formId) ? handlers[formId]! : null
  if (!handler) return new Response('Not Found', { status: 404, headers: TEXT })
  let data: FormData
  try {
    data = await request.formData()
  } catch {
    return new Response('The form could not be read.', { status: 400, headers: TEXT })
  }
  const values: Record<string, string> = {}
  for (const [name, value] of data) if (typeof value === 'string') values[name] = value.slice(0, 2000)
  const config = loadConfig()
  const locale: Locale = isLocale(values.locale) ? values.locale : 'en'
  const posted: Posted = {
    values,
    locale,
    origin: url.origin,
    cookieHeader: request.headers.get('cookie'),
    crossOrigin: config.cookiesCrossOrigin,
    gpcHeader: request.headers.get('sec-gpc'),
    host: requestHost(request, url),
  }
  const visitor = visitorAddress(request)
  const calls = backendCallOptions()
  const api = (token: string | null = null) =>
    createApi({
      base: config.apiBase,
      locale,
      token: () => token,
      timeoutMs: CONSTANTS.serverBackendTimeoutMs,
      ...calls,
      // R10.4: the backend counts wrong codes per visitor, not per site server.
      headers: { ...calls.headers, 'x-site-origin': url.origin, ...(visitor ? { 'x-forwarded-for': visitor } : {}) },
      fallbackMessage: () => m.notifications_errors_other({}, { locale }),
      // R9.17: a sign-in carries the invitation the visitor's browser keeps.
      invitation: () => readReferrerCode(posted.cookieHeader),
    })
  let outcome: FormAnswer
  try {
    outcome = await handler(posted, api)
  } catch (error) {
    // R10.13: a form whose machine did not come to rest in time, or whose handler failed, sends
    // the visitor back to the page of the form with a plain sentence; the typed values are not kept.
    serverLog().error({ form: formId, err: error }, 'form failed')
    outcome = { to: formPage(request, url, locale), flash: { form: 'notice', notice: m.notifications_errors_other({}, { locale }) } }
  }
  const headers = new Headers({ location: outcome.to, 'cache-control': 'no-store' })
  for (const cookie of outcome.cookies ?? []) headers.append('set-cookie', cookie)
  if (outcome.flash) headers.append('set-cookie', flashCookie(outcome.flash, config.cookiesCrossOrigin))
  // 303: the page that follows is fetched with GET.
  return new Response(null, { status: 303, headers })
}
