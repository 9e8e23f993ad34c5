/**
 * R3, R5, R9: the utm part of the analytics payload. The current address wins when it
 * carries a full set (source, medium and campaign), else the `utm` cookie; anything less is null.
 */
import { readCookie } from '../locale'
import { parseUtmCookie, trackingCookie, utmCookies, utmFromSearch, type Utm } from '../utm'
import { COOKIES } from '~/lib/cookies'

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
