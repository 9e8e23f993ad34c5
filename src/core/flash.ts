/**
 * What a form sent without JavaScript comes back with (decision 063): the next step and its
 * notice, the values typed, the errors in the page's language. The form's endpoint writes it
 * into a short-lived cookie and answers with a redirect to the page (post, redirect, get); the
 * page reads it once and removes it.
 */
import { type } from 'arktype'
import { COOKIES, cookieAttributes, readCookie } from '#app/core/cookies.ts'

/** Long enough for the redirect that follows, no longer. */
export const FLASH_MAX_AGE_S = 60

const Text = type('string <= 2000')
export const Flash = type({
  /** The form to show (`sign-in-code` after the code was sent). */
  form: 'string <= 64',
  'values?': type({ '[string]': Text }),
  /** Per-field messages. */
  'errors?': type({ '[string]': Text }),
  /** The form's own message (the backend's words). */
  'error?': Text,
  /** What went right (the backend's words). */
  'notice?': Text,
  /** When another code may be asked for (ms). */
  'resendAt?': 'number.integer',
})
export type Flash = typeof Flash.infer

export function flashCookie(flash: Flash, crossOrigin = false): string {
  return `${COOKIES.flash}=${encodeURIComponent(JSON.stringify(flash))}; Max-Age=${FLASH_MAX_AGE_S}; HttpOnly; ${cookieAttributes(crossOrigin)}`
}

export function clearFlashCookie(crossOrigin = false): string {
  return `${COOKIES.flash}=; Max-Age=0; HttpOnly; ${cookieAttributes(crossOrigin)}`
}

/** The flash in a Cookie header, checked; anything else is none. */
export function readFlash(cookieHeader: string | null | undefined): Flash | null {
  const raw = readCookie(cookieHeader, COOKIES.flash)
  if (!raw) return null
  try {
    const parsed = Flash(JSON.parse(raw))
    return parsed instanceof type.errors ? null : parsed
  } catch {
    return null
  }
}
