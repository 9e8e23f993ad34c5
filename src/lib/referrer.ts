import { CONSTANTS } from '../../app.constants'
import { readCookie } from './locale'
import { sanitizeReferrerCode } from './download'

/** The referral code a visitor came with (spec 7: passed on to the launcher download and sign-up). */
export function readReferrerCode(cookieHeader: string | null | undefined): string | null {
  return sanitizeReferrerCode(readCookie(cookieHeader, CONSTANTS.referrerCookie))
}

export function referrerCookie(code: string, crossOrigin = false): string {
  const site = crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax'
  return `${CONSTANTS.referrerCookie}=${encodeURIComponent(code)}; Max-Age=${CONSTANTS.trackingCookieMaxAgeSeconds}; Path=/; ${site}`
}
