/** Paths that are never localized: the download redirect, server functions, assets. */
const BYPASS = ['/_serverFn', '/_app/', '/_build', '/assets/', '/share/', '/images/', '/favicon', '/robots.txt', '/sitemap.xml']

export function isBypassedPath(pathname: string): boolean {
  return BYPASS.some((p) => pathname.startsWith(p))
}
