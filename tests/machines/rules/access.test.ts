import { describe, expect, it } from 'vitest'
import { accessDecision, NO_SESSION, type SessionFacts, sessionState } from '#machines/rules/access.ts'

// R4: a token counts as expired 500 ms before its expiry.
const NOW = 1_700_000_000_000
const TOKEN = 'token-aaaaaaaaaaaaaaaa'
const REFRESH = 'refresh-bbbbbbbbbbbbbbbb'
const session = (facts: Partial<SessionFacts>): SessionFacts => ({ ...NO_SESSION, ...facts })

describe('R4, R9: the state of a stored session', () => {
  it('no token: signed out, whatever else is stored', () => {
    expect(sessionState(NO_SESSION, NOW)).toBe('signedOut')
    expect(sessionState(session({ expiresAt: NOW + 60_000, refreshToken: REFRESH, refreshExpiresAt: NOW + 60_000 }), NOW)).toBe('signedOut')
  })
  it('a token without its expiry is signed in (R9 gives it 1800 s from now)', () => {
    expect(sessionState(session({ token: TOKEN }), NOW)).toBe('signedIn')
  })
  it('a token valid for more than 500 ms is signed in; at 500 ms it has expired', () => {
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW + 501 }), NOW)).toBe('signedIn')
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW + 500 }), NOW)).toBe('signedOut')
  })
  it('an expired token with a working refresh token is refreshable', () => {
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW - 1, refreshToken: REFRESH, refreshExpiresAt: NOW + 60_000 }), NOW)).toBe('refreshable')
    // A refresh token without a known expiry is tried.
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW - 1, refreshToken: REFRESH }), NOW)).toBe('refreshable')
  })
  it('both expired, or no refresh token: signed out', () => {
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW - 1, refreshToken: REFRESH, refreshExpiresAt: NOW + 500 }), NOW)).toBe('signedOut')
    expect(sessionState(session({ token: TOKEN, expiresAt: NOW - 1 }), NOW)).toBe('signedOut')
  })
  it('the empty session holds nothing', () => {
    expect(NO_SESSION).toEqual({ token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null })
    expect(Object.isFrozen(NO_SESSION)).toBe(true)
  })
})

describe('R2: who may see a page', () => {
  // access × session state → decision, as R2 words it.
  it.each([
    ['public', 'signedIn', { kind: 'allow' }],
    ['public', 'refreshable', { kind: 'allow' }],
    ['public', 'signedOut', { kind: 'allow' }],
    ['guests', 'signedIn', { kind: 'home' }],
    // A session the auth machine will refresh counts as signed in.
    ['guests', 'refreshable', { kind: 'home' }],
    ['guests', 'signedOut', { kind: 'allow' }],
    ['protected', 'signedIn', { kind: 'allow' }],
    ['protected', 'refreshable', { kind: 'allow' }],
    ['protected', 'signedOut', { kind: 'login', redirect: '/ru/account?tab=1' }],
  ] as const)('%s page, %s: %j', (access, state, decision) => {
    expect(accessDecision(access, state, '/ru/account?tab=1')).toEqual(decision)
  })
})
