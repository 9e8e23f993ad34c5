import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { authMachine } from '#machines/auth.ts'
import {
  AUTH_STORAGE_KEYS,
  analyticsToken,
  bearerHeader,
  canRefresh,
  DEFAULT_TOKEN_MAX_AGE_S,
  EXPIRED_SESSION_MESSAGE,
  ExpiredAuthSessionError,
  restoredExpiresAt,
  tokenExpiresAt,
  tokenStatus,
} from '#machines/rules/token.ts'

const NOW = 1_700_000_000_000

describe('R4, R9: token status with a 500 ms margin', () => {
  it('is unknown without a token or without an expiry', () => {
    expect(tokenStatus(null, NOW + 10_000, NOW)).toBe('unknown')
    expect(tokenStatus('', NOW + 10_000, NOW)).toBe('unknown')
    expect(tokenStatus('t', null, NOW)).toBe('unknown')
    expect(tokenStatus('t', Number.NaN, NOW)).toBe('unknown')
    expect(tokenStatus('t', undefined, NOW)).toBe('unknown')
    expect(tokenStatus('t', Number.POSITIVE_INFINITY, NOW)).toBe('unknown')
  })
  it('is valid until 500 ms before the expiry, expired from then on', () => {
    const expiresAt = NOW + 10_000
    expect(tokenStatus('t', expiresAt, expiresAt - 501)).toBe('valid')
    expect(tokenStatus('t', expiresAt, expiresAt - 500)).toBe('expired')
    expect(tokenStatus('t', expiresAt, expiresAt - 499)).toBe('expired')
    expect(tokenStatus('t', expiresAt, expiresAt + 1)).toBe('expired')
  })
})

describe('R9: token maxAge', () => {
  it('defaults to 1800 s when the token has no expiry', () => {
    expect(DEFAULT_TOKEN_MAX_AGE_S).toBe(1800)
    expect(tokenExpiresAt(NOW)).toBe(NOW + 1_800_000)
    expect(tokenExpiresAt(NOW, null)).toBe(NOW + 1_800_000)
    expect(tokenExpiresAt(NOW, 0)).toBe(NOW + 1_800_000)
    expect(tokenExpiresAt(NOW, -5)).toBe(NOW + 1_800_000)
    expect(tokenExpiresAt(NOW, Number.POSITIVE_INFINITY)).toBe(NOW + 1_800_000)
    expect(tokenExpiresAt(NOW, Number.NaN)).toBe(NOW + 1_800_000)
  })
  it('uses the given max age in seconds, as milliseconds', () => {
    expect(tokenExpiresAt(NOW, 60)).toBe(NOW + 60_000)
  })
  it('stores under the auth prefix', () => {
    for (const key of Object.values(AUTH_STORAGE_KEYS)) expect(key.startsWith('auth.')).toBe(true)
  })
})

describe('R9: a stored token without an expiry lives 1800 s, on the server and in the browser alike', () => {
  const TOKEN = 'abcdefghijklmnop0123456789'
  it('the restored expiry is the stored one, else now + 1800 s; none without a token', () => {
    expect(restoredExpiresAt('t', NOW + 5_000, NOW)).toBe(NOW + 5_000)
    expect(restoredExpiresAt('t', null, NOW)).toBe(NOW + 1_800_000)
    expect(restoredExpiresAt('t', undefined, NOW)).toBe(NOW + 1_800_000)
    expect(restoredExpiresAt('t', Number.NaN, NOW)).toBe(NOW + 1_800_000)
    expect(restoredExpiresAt('t', Number.POSITIVE_INFINITY, NOW)).toBe(NOW + 1_800_000)
    expect(restoredExpiresAt(null, NOW + 5_000, NOW)).toBeNull()
    expect(tokenStatus('t', restoredExpiresAt('t', null, NOW), NOW)).toBe('valid')
  })
  it('the auth machine: the same token restores logged in, with now + 1800 s, the same on the server and in the browser', () => {
    const server = createActor(authMachine, { input: { now: NOW, token: TOKEN, expiresAt: null, user: { id: 7 } } })
    const browser = createActor(authMachine, { input: { now: NOW, token: TOKEN, expiresAt: null, user: { id: 7 } } })
    expect(server.getSnapshot().value).toEqual({ loggedIn: 'active' })
    expect(server.getSnapshot().context.expiresAt).toBe(NOW + 1_800_000)
    expect(browser.getSnapshot().context).toEqual(server.getSnapshot().context)
  })
  it('the auth machine stores that expiry back under the auth prefix once started (in the browser)', () => {
    const stored: unknown[] = []
    const actor = createActor(authMachine.provide({ actions: { storeSession: (_, params) => void stored.push(params) } }), {
      input: { now: NOW, token: TOKEN, expiresAt: null, user: { id: 7 } },
    })
    expect(stored).toEqual([])
    actor.start()
    expect(stored).toEqual([{ token: TOKEN, expiresAt: NOW + 1_800_000, refreshToken: null, refreshExpiresAt: null }])
    actor.stop()
  })
})

describe('R4: refresh possible', () => {
  it('needs a refresh token that is not itself expired', () => {
    expect(canRefresh(null, null, NOW)).toBe(false)
    expect(canRefresh('r', null, NOW)).toBe(true)
    expect(canRefresh('r', NOW + 1000, NOW)).toBe(true)
    expect(canRefresh('r', NOW + 400, NOW)).toBe(false)
  })
})

describe('R3, R6: bearer token on requests and analytics', () => {
  it('adds the Bearer prefix once', () => {
    expect(bearerHeader('abc')).toBe('Bearer abc')
    expect(bearerHeader('Bearer abc')).toBe('Bearer abc')
    expect(bearerHeader(null)).toBeNull()
  })
  it('gives analytics the token without the prefix, only when logged in', () => {
    expect(analyticsToken(true, 'Bearer abc')).toBe('abc')
    expect(analyticsToken(true, 'abc')).toBe('abc')
    expect(analyticsToken(false, 'Bearer abc')).toBeNull()
    expect(analyticsToken(true, null)).toBeNull()
  })
})

describe('R8: expired session error', () => {
  it('has the name and message of the catalogue', () => {
    const error = new ExpiredAuthSessionError()
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ExpiredAuthSessionError')
    expect(error.message).toBe('Both token and refresh token have expired. Your request was aborted.')
    expect(EXPIRED_SESSION_MESSAGE).toBe(error.message)
  })
})
