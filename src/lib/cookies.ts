/**
 * R9: the attributes of every cookie the site writes: path `/`, and `SameSite=Lax`, or
 * `SameSite=None; Secure` when the site runs cross-origin (`COOKIES_CROSS_ORIGIN`).
 */
export function cookieAttributes(crossOrigin: boolean): string {
  return crossOrigin ? 'Path=/; SameSite=None; Secure' : 'Path=/; SameSite=Lax'
}

/** A cookie that lives `maxAgeSeconds`. */
export function setCookieString(name: string, value: string, maxAgeSeconds: number, crossOrigin: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${cookieAttributes(crossOrigin)}`
}
