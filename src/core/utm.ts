/**
 * R3, R5, R9: the utm parameters, read from the address or the `utm` cookie, stored as a
 * cookie and put into the analytics payload. The current address wins when it carries a full
 * set (source, medium and campaign), else the `utm` cookie; anything less is null.
 */

import { COOKIES, readCookie, setCookieString } from '#app/core/cookies.ts'
import { CONSTANTS } from '#constants'

/** R3, R5: utm is sent only when source, medium and campaign are all present. */
export type Utm = {
  source: string
  medium: string
  campaign: string
  term?: string
  content?: string
}

const REQUIRED = ['source', 'medium', 'campaign'] as const
const OPTIONAL = ['term', 'content'] as const
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0

/**
 * Checked by hand rather than with a schema: this runs at the root of every page (the promo
 * middleware), and a schema library there would weigh on every page's JavaScript.
 */
function toUtm(value: unknown): Utm | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  if (!REQUIRED.every((k) => nonEmpty(record[k]))) return null
  const utm: Utm = { source: record.source as string, medium: record.medium as string, campaign: record.campaign as string }
  for (const k of OPTIONAL) {
    if (record[k] === undefined) continue
    if (!nonEmpty(record[k])) return null
    utm[k] = record[k]
  }
  return utm
}

export function utmFromSearch(search: Record<string, unknown>): Utm | null {
  const pick = (k: string) => {
    const v = search[`utm_${k}`]
    return typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : undefined
  }
  const candidate = Object.fromEntries(['source', 'medium', 'campaign', 'term', 'content'].map((k) => [k, pick(k)]).filter(([, v]) => v !== undefined))
  return toUtm(candidate)
}

export function parseUtmCookie(value: string | null): Utm | null {
  if (!value) return null
  try {
    return toUtm(JSON.parse(value))
  } catch {
    return null
  }
}

/**
 * R9: the utm and client-id cookies live 31536000 seconds on path /; SameSite=Lax, or
 * None and Secure when the site's cookies are cross-origin (COOKIES_CROSS_ORIGIN).
 */
export function trackingCookie(name: string, value: string, crossOrigin = false): string {
  return setCookieString(name, value, CONSTANTS.trackingCookieMaxAgeSeconds, crossOrigin)
}

/** R9: utm cookies live 31536000 seconds on path /. */
export function utmCookies(search: Record<string, unknown>, crossOrigin = false): string[] {
  const utm = utmFromSearch(search)
  if (!utm) return []
  return [trackingCookie(COOKIES.utm, JSON.stringify(utm), crossOrigin)]
}

/** `?utm_source=a&…` as the record `utmFromSearch` reads. */
export function searchRecord(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search))
}

export function pickUtm(search: string, cookieHeader: string | null | undefined): Utm | null {
  return utmFromSearch(searchRecord(search)) ?? parseUtmCookie(readCookie(cookieHeader, COOKIES.utm))
}

/** The cookie written when the address carries a full set: 31536000 s on path / (`trackingCookie`). */
export function utmCookieString(utm: Utm, crossOrigin = false): string {
  return trackingCookie(COOKIES.utm, JSON.stringify(utm), crossOrigin)
}

/** The cookie to store for this address, or null when it carries no full utm set (as the promo middleware). */
export function utmCookieForSearch(search: string, crossOrigin = false): string | null {
  return utmCookies(searchRecord(search), crossOrigin)[0] ?? null
}
