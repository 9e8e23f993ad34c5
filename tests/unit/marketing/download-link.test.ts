import { describe, expect, it } from 'vitest'
import { downloadLink, internalDownloadHref } from '#app/features/marketing/download-link.ts'

const none = { externalDownloadUrl: null, cs2DownloadUrl: null }
const both = { externalDownloadUrl: 'https://mirror.example/launcher.exe', cs2DownloadUrl: 'https://cdn.example/cs2-setup.exe' }
const externalOnly = { ...both, cs2DownloadUrl: null }
const cs2Only = { ...both, externalDownloadUrl: null }

describe('R2: the download link', () => {
  it('is the internal route under the current prefix', () => {
    expect(internalDownloadHref('')).toBe('/download')
    expect(internalDownloadHref('/ru')).toBe('/ru/download')
    expect(downloadLink({ locale: 'de', prefix: '/de', versionId: null, config: none })).toEqual({ href: '/de/download', kind: 'internal' })
  })

  it('is the external address only for Russian when it is configured', () => {
    expect(downloadLink({ locale: 'ru', prefix: '/ru', versionId: null, config: both })).toEqual({ href: both.externalDownloadUrl, kind: 'external' })
    expect(downloadLink({ locale: 'ru', prefix: '/ru', versionId: 2, config: both })).toEqual({ href: both.externalDownloadUrl, kind: 'external' })
    expect(downloadLink({ locale: 'en', prefix: '', versionId: 2, config: both })).toEqual({ href: '/download', kind: 'internal' })
    expect(downloadLink({ locale: 'de', prefix: '/de', versionId: 2, config: both })).toEqual({ href: '/de/download', kind: 'internal' })
    expect(downloadLink({ locale: 'ru', prefix: '/ru', versionId: 2, config: none })).toEqual({ href: '/ru/download', kind: 'internal' })
  })

  it('for any version id other than 2 is the direct CS2 executable when one is configured', () => {
    for (const locale of ['en', 'ru', 'de'] as const) {
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 1, config: both })).toEqual({ href: both.cs2DownloadUrl, kind: 'cs2-direct' })
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 1, config: cs2Only })).toEqual({ href: both.cs2DownloadUrl, kind: 'cs2-direct' })
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 3, config: both }).kind).toBe('cs2-direct')
      // Version 2 never takes the CS2 executable.
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 2, config: cs2Only })).toEqual({ href: `/${locale}/download`, kind: 'internal' })
    }
  })

  it('without a CS2 executable, CS2 follows the general rule: external for Russian, else internal', () => {
    expect(downloadLink({ locale: 'ru', prefix: '/ru', versionId: 1, config: externalOnly })).toEqual({ href: both.externalDownloadUrl, kind: 'external' })
    expect(downloadLink({ locale: 'ru', prefix: '', versionId: 1, config: externalOnly })).toEqual({ href: both.externalDownloadUrl, kind: 'external' })
    expect(downloadLink({ locale: 'en', prefix: '/en', versionId: 1, config: externalOnly })).toEqual({ href: '/en/download', kind: 'internal' })
    expect(downloadLink({ locale: 'de', prefix: '/de', versionId: 1, config: externalOnly })).toEqual({ href: '/de/download', kind: 'internal' })
    for (const locale of ['en', 'ru', 'de'] as const) {
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 1, config: none })).toEqual({ href: `/${locale}/download`, kind: 'internal' })
    }
  })
})
