/** R3, R5, R7: the body of `POST /analytics/collect`. Pure. */

import type { Utm } from '#app/core/utm.ts'
import { pickUtm } from '#app/core/utm.ts'
import { clientIdNotFoundMessage, readClientId } from './client-id.ts'

export interface AnalyticsPayload {
  /** The host without its port. */
  domain: string
  /** The bearer token without its prefix when logged in, else null. */
  token: string | null
  client_id: string
  /** Only with source, medium and campaign; else null. */
  utm: Utm | null
}

export interface AnalyticsInput {
  /** `location.host` or the request host; the port is dropped. */
  host: string
  token: string | null
  cookieHeader: string | null | undefined
  /** `location.search` */
  search: string
  configuredCookie: string | null
}

export type AnalyticsPayloadResult = { ok: true; payload: AnalyticsPayload } | { ok: false; reason: '#1' | '#2'; message: string }

export function domainOf(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  return h.replace(/:\d+$/, '')
}

export function analyticsPayload(input: AnalyticsInput): AnalyticsPayloadResult {
  const id = readClientId(input.cookieHeader, input.configuredCookie)
  if (!id.ok) return { ok: false, reason: id.reason, message: clientIdNotFoundMessage(id.reason) }
  return {
    ok: true,
    payload: {
      domain: domainOf(input.host),
      token: input.token ? input.token.replace(/^Bearer\s+/i, '') || null : null,
      client_id: id.clientId,
      utm: pickUtm(input.search, input.cookieHeader),
    },
  }
}
