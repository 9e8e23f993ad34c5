/** Paths that are never localized: the download redirect, server functions, assets. */
const BYPASS = [
  '/_serverFn',
  '/forms/',
  '/_app/',
  '/_build',
  '/assets/',
  '/share/',
  '/images/',
  '/favicon',
  '/icons/',
  '/manifest.webmanifest',
  '/robots.txt',
  '/sitemap.xml',
]

export function isBypassedPath(pathname: string): boolean {
  return BYPASS.some((p) => pathname.startsWith(p))
}

/**
 * A page path without its trailing slash (`/faq/` → `/faq`, `/ru/` → `/ru`), or null when it
 * has none. Such paths are served in place, never redirected (R2: only `/` redirects).
 */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/') || isBypassedPath(pathname)) return null
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}
