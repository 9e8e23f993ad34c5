/** R3: the user's id is the analytics user id (the tag manager reads `user_id`). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

describe('R3: the analytics user id', () => {
  let layer: Record<string, unknown>[]
  beforeEach(() => {
    layer = []
    vi.stubGlobal('window', { dataLayer: layer })
    // R9.23: the visitor has allowed marketing (the tag manager).
    vi.stubGlobal('document', { cookie: 'cookie_consent=2.marketing.2026-11-27' })
    vi.resetModules()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('R9.23: without marketing allowed nothing reaches the data layer', async () => {
    vi.stubGlobal('document', { cookie: 'cookie_consent=2.analytics-chat.2026-11-27' })
    const { identifyUser, pushEvent } = await import('#app/core/data-layer.ts')
    identifyUser(4821)
    pushEvent('download')
    expect(layer).toEqual([])
  })

  it('a guest sets nothing; a signed-in user sets their id, once; signing out clears it', async () => {
    const { identifyUser } = await import('#app/core/data-layer.ts')
    identifyUser(null)
    expect(layer).toEqual([])
    identifyUser(4821)
    identifyUser(4821)
    expect(layer).toEqual([{ event: 'user_id', user_id: '4821' }])
    identifyUser(null)
    expect(layer).toEqual([
      { event: 'user_id', user_id: '4821' },
      { event: 'user_id', user_id: null },
    ])
  })

  it('another user on the same page replaces the id', async () => {
    const { identifyUser } = await import('#app/core/data-layer.ts')
    identifyUser('a-17')
    identifyUser(4821)
    expect(layer.map((entry) => entry.user_id)).toEqual(['a-17', '4821'])
  })
})
