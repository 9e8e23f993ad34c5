import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from './http.ts'
import { t } from './i18n.ts'

/**
 * CORS for the site's origins only: credentials, the Authorization and Content-Type headers.
 * Other origins get no CORS headers at all, and their preflights are refused (403).
 *
 * The site's origins are answered by hono/cors. The rest stays here: hono/cors sends
 * `Access-Control-Allow-Credentials` (and the exposed headers) to every origin, and answers every
 * preflight with 204; the contract wants nothing for a foreign origin, and its preflight refused.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins)
  const siteCors = cors({
    origin: [...origins],
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['Content-Disposition', 'Retry-After'],
    maxAge: 600,
  })
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && allowed.has(origin)) return siteCors(c, next)
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined
    if (preflight) return c.json({ message: t(c.var.locale, 'cors_forbidden') }, 403, { Vary: 'Origin' })
    await next()
    c.header('Vary', 'Origin', { append: true })
  }
}
