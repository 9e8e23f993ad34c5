import { COOKIES, readCookie, setCookieString } from '#app/core/cookies.ts'
import { CONSTANTS } from '#constants'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'

/** The referral code a visitor came with (R7: passed on to the launcher download and sign-up). */
export function readReferrerCode(cookieHeader: string | null | undefined): string | null {
  return sanitizeReferrerCode(readCookie(cookieHeader, COOKIES.referrer))
}

export function referrerCookie(code: string, crossOrigin = false): string {
  return setCookieString(COOKIES.referrer, code, CONSTANTS.trackingCookieMaxAgeSeconds, crossOrigin)
}
