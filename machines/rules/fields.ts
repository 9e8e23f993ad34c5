/**
 * R5: the product's field rules (the requirements leave them to the product). Plain data:
 * the form machines hold them; the site's rule engine (`validation.ts`) checks them.
 */
import type { Rule } from './validation.ts'

/** The e-mail a code is sent to: an address, at most 254 characters. */
export const EMAIL_RULES: readonly Rule[] = [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }]
/** The e-mailed code: six digits, Latin or Arabic-Indic. */
export const CODE_RULES: readonly Rule[] = [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }]
/** The desktop launcher's password (decision 078): 8 to 128 characters. */
export const PASSWORD_RULES: readonly Rule[] = [{ rule: 'required' }, { rule: 'min', length: 8 }, { rule: 'max', length: 128 }]
/** The launcher password typed again. */
export const PASSWORD_CONFIRM_RULES: readonly Rule[] = [{ rule: 'required' }, { rule: 'confirmed', other: 'password' }]
/** A referral code as the backend issues it: letters, digits, `_` and `-`, at most 64. */
export const REFERRAL_CODE_PATTERN = '[A-Za-z0-9_\\-]+'
export const REFERRAL_CODE_RULES: readonly Rule[] = [{ rule: 'required' }, { rule: 'regex', pattern: REFERRAL_CODE_PATTERN }, { rule: 'max', length: 64 }]
