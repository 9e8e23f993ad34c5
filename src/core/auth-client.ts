/**
 * The one way the rest of the site talks to the auth machine: an event, then the machine's
 * answer once it is settled (`isSettled`: no longer busy). Sign-in forms, the confirmation, the
 * account, the payment's user refresh and every request's token go through here.
 */
import { type ActorRefFrom, type SnapshotFrom, waitFor } from 'xstate'
import type { AuthMachine } from '#machines/auth.ts'
import { isLoggedIn, isSettled, selectAuthorization } from '#machines/auth-selectors.ts'
import type { AuthEvent } from '#machines/auth-types.ts'
import { BEARER_PREFIX, ExpiredAuthSessionError } from '#machines/rules/token.ts'

export type AuthRef = ActorRefFrom<AuthMachine>
export type AuthSnapshot = SnapshotFrom<AuthMachine>

/** How long a call may keep the auth machine busy (a sign-in, a refresh) before it is given up. */
export const AUTH_SETTLE_TIMEOUT_MS = 30_000

/** Sends `event` once the machine is free, and answers the machine's state once it has handled it. */
export async function askAuth(auth: AuthRef, event: AuthEvent): Promise<AuthSnapshot> {
  await waitFor(auth, isSettled, { timeout: AUTH_SETTLE_TIMEOUT_MS })
  auth.send(event)
  return waitFor(auth, isSettled, { timeout: AUTH_SETTLE_TIMEOUT_MS })
}

/**
 * R4, R6, R8: the bearer token a request goes with. A guest's request has none. Otherwise the
 * machine checks the token first: a valid one goes; an expired one is refreshed first while the
 * request waits; when neither works the session is reset and the request aborted.
 */
export async function requestToken(auth: AuthRef): Promise<string | null> {
  if (!isLoggedIn(auth.getSnapshot())) return null
  const settled = await askAuth(auth, { type: 'token.check', now: Date.now() })
  const header = selectAuthorization(settled)
  if (!header) throw new ExpiredAuthSessionError()
  return header.slice(BEARER_PREFIX.length)
}

let pageAuth: AuthRef | null = null

/** The page's auth machine, for route loaders (set by the auth provider in the browser). */
export function registerPageAuth(auth: AuthRef | null): void {
  pageAuth = auth
}

/**
 * A route loader that calls the server with the session waits until the page's auth machine is
 * settled: a refresh it started (the token check before every navigation) has written the new
 * session into the cookies the call carries, so the server never refreshes the same token again.
 */
export async function whenAuthSettled(): Promise<void> {
  if (pageAuth) await waitFor(pageAuth, isSettled, { timeout: AUTH_SETTLE_TIMEOUT_MS })
}
