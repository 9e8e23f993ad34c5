/**
 * R9.23, R9.24 (decision 111): the cookie policy's list, written out, and what withdrawing a
 * category deletes: only its own cookies (a prefix takes every name that starts with it), never a
 * storage entry, never a necessary cookie.
 */
import { describe, expect, it } from 'vitest'
import { COOKIE_LIST, cookieList, cookiesToDelete } from '#machines/rules/cookie-list.ts'

const row = (e: (typeof COOKIE_LIST)[number]) =>
  [e.name, e.prefix ? 'prefix' : '', e.category, e.purpose, e.lifetime, e.provider ? 'provider' : 'site', e.storage ?? 'cookie'].join(' ')

describe('R9.23: every cookie and storage entry, its category, purpose and lifetime', () => {
  it('the list, in the policy’s order', () => {
    expect(COOKIE_LIST.map(row)).toEqual([
      'auth._token.local  necessary token session-token site cookie',
      'auth._token_expiration.local  necessary token_expiration session-token site cookie',
      'auth._refresh_token.local  necessary refresh_token session-token site cookie',
      'auth._refresh_token_expiration.local  necessary refresh_expiration session-token site cookie',
      'i18n_redirected  necessary locale days-365 site cookie',
      'referrer_link_code  necessary referrer year site cookie',
      'cookie_consent  necessary consent year site cookie',
      'form_flash  necessary flash minute site cookie',
      'openid_state  necessary openid minutes-10 site cookie',
      'premium.state  necessary checkout tab site session',
      'utm  analytics utm year site cookie',
      '_ga  analytics ga provider provider cookie',
      '_ga_ prefix analytics ga_session provider provider cookie',
      '_gcl_ prefix marketing gcl days-90 provider cookie',
      'chat_ prefix chat chat provider provider cookie',
    ])
  })

  it('a configured client-id cookie joins analytics, once', () => {
    expect(cookieList(null)).toBe(COOKIE_LIST)
    expect(cookieList('')).toBe(COOKIE_LIST)
    // A name already listed is not listed twice.
    expect(cookieList('_ga')).toBe(COOKIE_LIST)
    const withId = cookieList('sv_cid')
    expect(withId).toHaveLength(COOKIE_LIST.length + 1)
    expect(withId.slice(0, -1)).toEqual(COOKIE_LIST)
    expect(withId.at(-1)).toEqual({ name: 'sv_cid', category: 'analytics', purpose: 'client_id', lifetime: 'year' })
  })
})

describe("R9.24: a withdrawal deletes its categories' cookies, and nothing else", () => {
  const held = [
    'auth._token.local',
    'i18n_redirected',
    'cookie_consent',
    'premium.state',
    'utm',
    '_ga',
    '_ga_ABC123',
    'x_ga_',
    'sv_cid',
    '_gcl_au',
    '_gcl',
    'chat_visitor',
    'chat',
    'other',
  ]
  it.each([
    [['analytics'], ['utm', '_ga', '_ga_ABC123', 'sv_cid']],
    [['marketing'], ['_gcl_au']],
    [['chat'], ['chat_visitor']],
    [
      ['analytics', 'chat'],
      ['utm', '_ga', '_ga_ABC123', 'sv_cid', 'chat_visitor'],
    ],
    [[], []],
  ] as const)('%o → %o', (categories, deleted) => {
    expect(cookiesToDelete(held, categories, 'sv_cid')).toEqual(deleted)
  })

  it('without a configured client id, its cookie is not known, and stays', () => {
    expect(cookiesToDelete(['sv_cid', 'utm'], ['analytics'], null)).toEqual(['utm'])
  })

  it('a storage entry is never a cookie to delete, even when its category is withdrawn', () => {
    expect(cookiesToDelete(['premium.state'], ['analytics', 'marketing', 'chat'], null)).toEqual([])
  })
})
