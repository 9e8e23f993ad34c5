import { type } from 'arktype'

/** An e-mail address, trimmed and lower-cased before the format check. */
export const Email = type('string <= 254').pipe((s) => s.trim().toLowerCase(), type('string.email'))
export const Password = type('8 <= string <= 128')
export const SixDigits = type(/^\d{6}$/)
/** Link codes and tokens: 32 random bytes in base64url. */
export const LongCode = type(/^[A-Za-z0-9_-]{43}$/)
export const ReferralCode = type(/^[A-Za-z0-9_-]{1,64}$/)
/** R5: redirect targets are local paths of letters, digits and @ - % _ ~ with optional query and fragment. */
export const Redirect = type(/^\/(?!\/)[A-Za-z0-9@\-%_~/.]*(\?[A-Za-z0-9@\-%_~/.=&+]*)?(#[A-Za-z0-9@\-%_~/.=&+]*)?$/).and('string <= 512')
export const Id = type('1 <= number.integer <= 2147483647')
export const IdParam = type(/^\d{1,9}$/).pipe((s) => Number(s), Id)
export const Service = type("'cloudpayments' | 'payselection'")

/** Characters PostgreSQL text cannot hold or that no form produces: controls (NUL included) and lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** A string that can be stored as is. */
export const CleanText = type('string').narrow((s, ctx) => !UNSTORABLE.test(s) || ctx.mustBe('text without control characters'))
