import { stripLocale } from '#machines/rules/locale'

/**
 * Spec 3: the login page with the way back. The payment machine names the login path and keeps
 * the premium page in `redirectAfterLoginTo`; the login page returns to its `redirect` parameter.
 */
export function loginHref(to: string, redirectAfterLoginTo: string | null): string {
  const path = to.split(/[?#]/u, 1)[0] ?? to
  if (!redirectAfterLoginTo || stripLocale(path) !== '/login' || /[?&]redirect=/u.test(to)) return to
  return `${to}${to.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirectAfterLoginTo)}`
}
