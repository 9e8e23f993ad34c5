/**
 * R2: which address a download button points to. Pure: the locale, the path prefix the
 * visitor is on, the selected game version and the two configured addresses are arguments.
 */

import { joinPrefix } from '#app/core/locale.ts'
import type { PublicConfig } from '#constants'
import type { Locale } from '#machines/rules/locale.ts'

/** R3: the game version whose id selects the standard link (CS:GO). */
export const LEGACY_VERSION_ID = 2

export type DownloadLinkKind = 'external' | 'internal' | 'cs2-direct'

export interface DownloadLink {
  href: string
  kind: DownloadLinkKind
}

export interface DownloadLinkInput {
  locale: Locale
  /** The prefix the visitor is on: '', '/en', '/ru' or '/de'. */
  prefix: string
  /** The selected game version id; null when no version is involved (the generic link). */
  versionId: number | null
  config: Pick<PublicConfig, 'externalDownloadUrl' | 'cs2DownloadUrl'>
}

/** The internal download route under the current prefix: the server redirects it to the launcher. */
export function internalDownloadHref(prefix: string): string {
  return joinPrefix(prefix, '/download')
}

/**
 * R2, in this order:
 * 1. the first-version link (any selected version id other than 2) is the direct download of
 *    the Windows executable for CS2, when a CS2 executable address is configured;
 * 2. otherwise the general rule: the external address when it is configured and the language
 *    is Russian, else the internal download route.
 */
export function downloadLink(input: DownloadLinkInput): DownloadLink {
  if (input.versionId !== null && input.versionId !== LEGACY_VERSION_ID && input.config.cs2DownloadUrl) {
    return { href: input.config.cs2DownloadUrl, kind: 'cs2-direct' }
  }
  if (input.config.externalDownloadUrl && input.locale === 'ru') {
    return { href: input.config.externalDownloadUrl, kind: 'external' }
  }
  return { href: internalDownloadHref(input.prefix), kind: 'internal' }
}
