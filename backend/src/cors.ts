import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './http.ts'
import { t } from './i18n.ts'

const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS'
const ALLOW_HEADERS = 'Authorization,Content-Type'

/**
 * CORS for the site's origins only: credentials, the Authorization and Content-Type headers.
 * Other origins get no CORS headers at all, and their preflights are refused.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins)
  return async (c, next) => {
    const origin = c.req.header('origin')
    const ok = origin !== undefined && allowed.has(origin)
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined
    if (preflight) {
      if (!ok) return c.json({ message: t(c.var.locale, 'cors_forbidden') }, 403, { Vary: 'Origin' })
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      })
    }
    await next()
    c.header('Vary', 'Origin', { append: true })
    if (ok) {
      c.header('Access-Control-Allow-Origin', origin)
      c.header('Access-Control-Allow-Credentials', 'true')
      c.header('Access-Control-Expose-Headers', 'Content-Disposition,Retry-After')
    }
  }
}
