import { type Type, type } from 'arktype'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Db } from './db.ts'
import type { BackendEnv } from './env.ts'
import { type Locale, type MessageKey, t } from './i18n.ts'
import type { Logger } from './log.ts'
import type { Metrics } from './metrics.ts'
import type { MoneyReturns } from './returns.ts'
import type { SandboxProvider } from './sandbox-provider.ts'
import type { UserRow } from './users.ts'

/** What every handler receives besides the request. */
export interface Deps {
  db: Db
  env: BackendEnv
  /** The clock; tests move it to check expiry rules. */
  now: () => Date
  /** The sandbox payment provider behind the sandbox widgets. */
  sandbox: SandboxProvider
  /** Gives refused payments' money back through the providers' APIs (decision 117). */
  returns: MoneyReturns
  /** The backend's log (a line about a request names its `reqId`). */
  log: Logger
  metrics: Metrics
}

export type AppEnv = {
  Variables: {
    locale: Locale
    deps: Deps
    user: UserRow
    /** The request's id (request-log.ts), for every line written about it. */
    reqId: string
  }
}

export type Ctx = Context<AppEnv>

/** An answer with a translated `message`; thrown by handlers, rendered by the app's error handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(key)
    this.name = 'ApiError'
  }
}

export function errorBody(locale: Locale, err: ApiError) {
  return { message: t(locale, err.key, err.vars), ...err.extra }
}

/** Checks data against an arktype schema; bad data is a 422 naming the fields. */
export function validate<S extends Type>(schema: S, data: unknown): S['infer'] {
  const out = schema(data)
  if (out instanceof type.errors) {
    const errors: Record<string, string> = {}
    for (const e of out) errors[e.propString || '(body)'] ??= e.message
    throw new ApiError(422, 'invalid_input', {}, { errors })
  }
  return out as S['infer']
}

/** Reads a JSON body: 415 when it is not JSON, 400 when it cannot be parsed. */
export async function readJson(c: Ctx): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) throw new ApiError(415, 'unsupported_media')
  const text = await c.req.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiError(400, 'malformed_json')
  }
}

export const MAX_BODY_BYTES = 16 * 1024

/**
 * The site address links in e-mails open: the domain the visitor used. The browser's `Origin` when it
 * is one of the site's origins; else `X-Site-Origin`, which the site's own server sends when it calls
 * on a visitor's behalf (a form posted without JavaScript), when that is one of them; else SITE_URL.
 */
export function siteBase(c: Ctx): string {
  const { siteOrigins, siteUrl } = c.var.deps.env
  for (const header of ['origin', 'x-site-origin']) {
    const value = c.req.header(header)?.trim()
    if (!value) continue
    let origin: string
    try {
      origin = new URL(value).origin
    } catch {
      continue
    }
    if (siteOrigins.includes(origin) && value.replace(/\/$/, '') === origin) return origin
  }
  return siteUrl
}
