import { describe, expect, it } from 'vitest'
import { downloadLink, internalDownloadHref } from '~/lib/marketing/download-link'

const none = { externalDownloadUrl: null, cs2DownloadUrl: null }
const both = { externalDownloadUrl: 'https://mirror.example/launcher.exe', cs2DownloadUrl: 'https://cdn.example/cs2-setup.exe' }

describe('spec 2: the download link', () => {
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

  it('for any version id other than 2 is the direct CS2 executable, else the internal route', () => {
    for (const locale of ['en', 'ru', 'de'] as const) {
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 1, config: both })).toEqual({ href: both.cs2DownloadUrl, kind: 'cs2-direct' })
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 3, config: both }).kind).toBe('cs2-direct')
      expect(downloadLink({ locale, prefix: `/${locale}`, versionId: 1, config: { ...both, cs2DownloadUrl: null } })).toEqual({ href: `/${locale}/download`, kind: 'internal' })
    }
  })
})
