/**
 * The auth machine's shapes: the user, a token grant, the credentials of each way to sign in, the
 * page on show, the machine's input, context and events, and the params of its session actions.
 */
import type { Access, SessionFacts } from '#machines/rules/access.ts'
import type { Locale } from '#machines/rules/locale.ts'

/** R3: the user is fetched as a whole object with an id. */
export interface AuthUser {
  id: string | number
  [key: string]: unknown
}

/** What a sign-in or a refresh answers. Lifetimes in seconds; none means 1800 s (R9). */
export interface TokenGrant {
  token: string
  expiresIn?: number | null
  refreshToken?: string | null
  refreshExpiresIn?: number | null
}

/** R7: how a visitor signs in. Passwords are the desktop launcher's, never the site's. */
export type Credentials =
  /** PATCH /users/verify with the e-mailed 6-digit code. */
  | { kind: 'code'; email: string; code: string }
  /** GET /users/auth/{code}: the e-mailed sign-in link. */
  | { kind: 'link'; code: string }
  /** POST /users/confirm: the e-mail confirmed with its code (and the launcher password set). */
  | { kind: 'confirm'; email: string; code: string; password: string }

/** The page on show: how it may be seen (R2), its address and language. */
export interface PageInfo {
  access: Access
  href: string
  locale: Locale
}

export interface AuthInput extends Partial<SessionFacts> {
  /** The user when already known (else it is fetched when a token is present). */
  user?: AuthUser | null
  /** The request time, in milliseconds. */
  now: number
  page?: PageInfo
}

export interface AuthContext extends SessionFacts {
  user: AuthUser | null
  strategy: 'local'
  /** The time of the last check, from input or events. */
  now: number
  /** Where to go after login (a safe local path), else the root path. */
  redirectTo: string
  /** The message of the last auth error (logged, never thrown). */
  error: string | null
  page: PageInfo
}

export type AuthEvent =
  | { type: 'auth.login'; credentials: Credentials; now: number; redirectTo?: string | null }
  /** R2, R7: the login callback route received the provider's answer (its search params). */
  | { type: 'auth.callback'; params: Record<string, string>; now: number; redirectTo?: string | null }
  /**
   * R2, R7.3: sign-out. The backend is told to end the session (on this device, or on every
   * device with `everywhere`), and local state is cleared whatever it answers; then the root path.
   */
  | { type: 'auth.logout'; everywhere?: boolean }
  /** Fetch the user again (after a payment, an account change). */
  | { type: 'user.refresh' }
  /** Before each request and navigation: is the token still good at `now`? */
  | { type: 'token.check'; now: number }
  /** The router shows another page. */
  | { type: 'page.changed'; page: PageInfo }

export type StoreSessionParams = SessionFacts & { token: string; expiresAt: number }
/** R7.3: the session the backend is asked to end, and whether every session of the account ends with it. */
export interface EndSessionParams {
  token: string | null
  refreshToken: string | null
  everywhere: boolean
}
export interface ExpiredParams {
  message: string
}
