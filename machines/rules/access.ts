/**
 * R2, R4, R9: who may see a page. The auth machine and the route guards ask the same rule
 * about the same stored session (token, expiry, refresh token and its expiry), so a guard never
 * lets through what the machine then throws out, nor the other way round.
 */
import { canRefresh, tokenStatus } from './token.ts'

/** R2: a page is open to everyone, to guests only, or protected. */
export type Access = 'public' | 'guests' | 'protected'

/** The session as stored under the `auth` prefix (R3, R9); times in milliseconds. */
export interface SessionFacts {
  token: string | null
  expiresAt: number | null
  refreshToken: string | null
  refreshExpiresAt: number | null
}

export const NO_SESSION: SessionFacts = Object.freeze({ token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null })

/**
 * R4: `signedIn` while the token is valid; `refreshable` when it has expired (500 ms margin)
 * but the refresh token still works; `signedOut` otherwise. A token without a known expiry is
 * taken as valid: R9 gives it 1800 s from now.
 */
export type SessionState = 'signedIn' | 'refreshable' | 'signedOut'

export function sessionState(session: SessionFacts, now: number): SessionState {
  if (!session.token) return 'signedOut'
  if (session.expiresAt === null || tokenStatus(session.token, session.expiresAt, now) === 'valid') return 'signedIn'
  return canRefresh(session.refreshToken, session.refreshExpiresAt, now) ? 'refreshable' : 'signedOut'
}

export type AccessDecision =
  | { kind: 'allow' }
  /** R2: a signed-in visitor on a guests-only page goes home. */
  | { kind: 'home' }
  /** R2: a signed-out visitor on a protected page goes to login, and the page is remembered. */
  | { kind: 'login'; redirect: string }

/** R2: a session that can be refreshed counts as signed in (the auth machine refreshes it). */
export function accessDecision(access: Access, state: SessionState, target: string): AccessDecision {
  const signedIn = state !== 'signedOut'
  if (access === 'guests' && signedIn) return { kind: 'home' }
  if (access === 'protected' && !signedIn) return { kind: 'login', redirect: target }
  return { kind: 'allow' }
}
