import { CONSTANTS } from '../../app.constants'
import { readCookie } from './locale'
import { setCookieString } from './cookies'
import { sanitizeReferrerCode } from '#machines/rules/referrer'

/** The referral code a visitor came with (R7: passed on to the launcher download and sign-up). */
export function readReferrerCode(cookieHeader: string | null | undefined): string | null {
  return sanitizeReferrerCode(readCookie(cookieHeader, CONSTANTS.referrerCookie))
}

export function referrerCookie(code: string, crossOrigin = false): string {
  return setCookieString(CONSTANTS.referrerCookie, code, CONSTANTS.trackingCookieMaxAgeSeconds, crossOrigin)
}
