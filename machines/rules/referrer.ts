/** R7: referral codes, as the join page, sign-up and the launcher download take them. */
import { REFERRAL_CODE_PATTERN } from './fields.ts'

// ASCII letters, digits, `_` and `-` only: no flag changes what it matches.
const REFERRAL_CODE = new RegExp(`^${REFERRAL_CODE_PATTERN}$`)

/** A referral code as the backend issues it (1 to 64 letters, digits, `_`, `-`); anything else is none. */
export function sanitizeReferrerCode(value: string | null | undefined): string | null {
  return value && value.length <= 64 && REFERRAL_CODE.test(value) ? value : null
}

/**
 * R9.17, decision 120: an invitation counts for a new account only, fixed at its sign-up: to a
 * signed-in visitor it changes nothing, and the join page says so.
 */
export function invitationCountsFor(visitor: { signedIn: boolean }): boolean {
  return !visitor.signedIn
}
