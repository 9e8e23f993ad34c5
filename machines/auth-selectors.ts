/**
 * What the site reads of the auth machine's snapshots: whether the visitor is signed in, whether
 * a call is under way, the token's status, the Authorization header and the analytics' token and user id.
 */
import { analyticsToken, bearerHeader, type TokenStatus, tokenStatus } from '#machines/rules/token.ts'
import type { AuthContext } from './auth-types.ts'

type AuthSnapshotLike = { matches: (value: 'loggedIn') => boolean; context: AuthContext; hasTag: (tag: 'busy') => boolean }

/** R3: `loggedIn`. */
export function isLoggedIn(snapshot: AuthSnapshotLike): boolean {
  return snapshot.matches('loggedIn')
}
/** R3: `busy`. */
export function isBusy(snapshot: AuthSnapshotLike): boolean {
  return snapshot.hasTag('busy')
}
/**
 * The one rule for waiting on the auth machine: a call made of it (a sign-in, a token check, a
 * user refresh) has its answer once the machine is no longer busy.
 */
export function isSettled(snapshot: AuthSnapshotLike): boolean {
  return !snapshot.hasTag('busy')
}
/** R4: the token status at the last check (`unknown` while logged out). */
export function selectTokenStatus(snapshot: AuthSnapshotLike): TokenStatus {
  return snapshot.matches('loggedIn') ? tokenStatus(snapshot.context.token, snapshot.context.expiresAt, snapshot.context.now) : 'unknown'
}
/** R4, R6: the Authorization header for requests, only when logged in. */
export function selectAuthorization(snapshot: AuthSnapshotLike): string | null {
  return snapshot.matches('loggedIn') ? bearerHeader(snapshot.context.token) : null
}
/** R3: the analytics payload's token. */
export function selectAnalyticsToken(snapshot: AuthSnapshotLike): string | null {
  return analyticsToken(snapshot.matches('loggedIn'), snapshot.context.token)
}
/** R3: the analytics user id: the signed-in user's id, else null. */
export function selectAnalyticsUserId(snapshot: AuthSnapshotLike): string | null {
  return snapshot.matches('loggedIn') && snapshot.context.user ? String(snapshot.context.user.id) : null
}
