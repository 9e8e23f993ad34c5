import { CONSTANTS } from '../../app.constants'
import { readCookie, COOKIES } from '~/lib/cookies'
import { setCookieString } from './cookies'
import { sanitizeReferrerCode } from '#machines/rules/referrer'

/** The referral code a visitor came with (R7: passed on to the launcher download and sign-up). */
export function readReferrerCode(cookieHeader: string | null | undefined): string | null {
  return sanitizeReferrerCode(readCookie(cookieHeader, COOKIES.referrer))
}

export function referrerCookie(code: string, crossOrigin = false): string {
  return setCookieString(COOKIES.referrer, code, CONSTANTS.trackingCookieMaxAgeSeconds, crossOrigin)
}
