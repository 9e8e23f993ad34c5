import { type Locale, localePath, stripLocale } from './locale.ts'

/**
 * R5: redirect targets must be local paths of letters, digits and `@ - % _ ~`
 * separated by `/`, with an optional query and fragment.
 */

const SEGMENT = String.raw`[\p{L}\p{N}@\-%_~]*`
const SAFE_PATH = new RegExp(String.raw`^\/(?:${SEGMENT}(?:\/${SEGMENT})*)(?:\?[^#\s\\]*)?(?:#[^\s\\]*)?$`, 'u')

/** Percent-decoding rounds a target may need; a path still encoded after them is refused. */
const MAX_DECODES = 5

function decodeRepeatedly(value: string): string | null {
  let current = value
  for (let i = 0; i < MAX_DECODES; i++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  // Nobody writes a path of ours encoded that deep: it is someone hiding what it decodes to.
  return null
}

/**
 * True for a local path such as `/ru/premium?plan=3#plans`.
 * Rejects protocol-relative (`//evil.example`), backslash (`/\evil`), schemes (`javascript:`),
 * dot segments that climb (`/..`), and the same tricks percent-encoded (`/%2F%2Fevil`, `%5C`).
 */
export function isSafeRedirect(target: unknown): target is string {
  // The empty string is no path: SAFE_PATH wants the leading slash.
  if (typeof target !== 'string' || target.length > 2048) return false
  if (!SAFE_PATH.test(target)) return false
  // Stryker disable next-line StringLiteral: split always yields a first part; the fallback is for the compiler (decision 070)
  const pathPart = target.split(/[?#]/u, 1)[0] ?? ''
  const decoded = decodeRepeatedly(pathPart)
  if (decoded === null) return false
  if (decoded.startsWith('//') || decoded.includes('\\')) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/u.test(decoded)) return false
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return false
  // Stryker disable next-line Regex: `//scheme:` is refused above, so one slash or more is the same test (decision 070)
  if (/^\/+[a-z][a-z0-9+.-]*:/iu.test(decoded)) return false
  // Encoded separators are never needed in our own paths.
  if (/%(?:2f|5c)/iu.test(pathPart)) return false
  return true
}

/** The target when it is safe, else the fallback (the root path by default). */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return isSafeRedirect(target) ? target : fallback
}

/**
 * R2, R3: the login page with the way back. The login page returns to its `redirect`
 * parameter; a path that is not the login page, or that already names its way back, is kept.
 */
export function loginHref(to: string, redirectAfterLoginTo: string | null): string {
  const path = to.split(/[?#]/u, 1)[0] ?? to
  if (!redirectAfterLoginTo || stripLocale(path) !== '/login' || /[?&]redirect=/u.test(to)) return to
  return `${to}${to.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirectAfterLoginTo)}`
}

/** R2: the login page of a language, remembering `target` when it is a safe local path. */
export function loginPath(locale: Locale, target: string | null = null): string {
  return loginHref(localePath(locale, '/login'), isSafeRedirect(target) ? target : null)
}

/**
 * R2.17: the page a visitor who opens sign-in from it returns to: the page itself (its query and
 * fragment kept), but never a sign-in page (the way back would be itself) nor the English root,
 * where signing in ends anyway. Null when nothing is to be remembered.
 */
export function signInReturn(publicHref: string): string | null {
  if (!isSafeRedirect(publicHref)) return null
  const bare = stripLocale(publicHref.split(/[?#]/u, 1)[0] ?? publicHref)
  if (bare === '/login' || bare.startsWith('/login/')) return null
  return publicHref === '/' ? null : publicHref
}

/**
 * R2.17: why the login page has a way back, as it tells the visitor: a page that needs an account
 * sent them (`refused`, the account and its receipts: the routes under `src/routes/_protected`),
 * the checkout sent them (`checkout`), or they opened sign-in themselves from another page and
 * nothing needs saying (null).
 */
export type LoginReason = 'refused' | 'checkout'

export function loginReason(redirect: string | null | undefined): LoginReason | null {
  if (!isSafeRedirect(redirect)) return null
  const bare = stripLocale(redirect.split(/[?#]/u, 1)[0] ?? redirect)
  if (bare === '/account' || bare.startsWith('/account/')) return 'refused'
  return bare === '/premium' ? 'checkout' : null
}
