import type { Locale } from '#machines/rules/locale.ts'

/**
 * R7: the launcher download is a browser redirect to {backend}/{locale}/launcher/download,
 * with referrer_link_code when the visitor came through a referral link.
 */
export function launcherDownloadUrl(apiBrowserBase: string, locale: Locale, referrerCode: string | null): string {
  const url = new URL(`${apiBrowserBase.replace(/\/+$/, '')}/${locale}/launcher/download`)
  if (referrerCode) url.searchParams.set('referrer_link_code', referrerCode)
  return url.href
}
