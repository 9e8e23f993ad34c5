/**
 * The shapes of the sign-in and confirmation machines: their input, context and events, the answer
 * of a code request, and what their calls take.
 */
import type { FormSubmittedEvent } from './form.ts'

export interface SignInInput {
  /** The address typed before the page was interactive, or the one a code was sent to. */
  email?: string
  /** The code typed before the page was interactive. */
  code?: string
  /** The code step, when the server already asked for the code (a form sent without JavaScript). */
  step?: 'email' | 'code'
  /** What the server said when it sent the code, and when another may be asked for (ms). */
  notice?: string | null
  resendAt?: number | null
  /** A form sent before the page was interactive: carried out at once. */
  submitOnStart?: boolean
  /** Where to go after signing in (the login page's remembered target). */
  redirectTo?: string | null
  now: number
}

export interface CodeRequested {
  /** The backend's own (translated) message. */
  message: string
  /** Seconds until another code may be requested. */
  resendIn: number
  /** When the backend answered (ms): the wait is counted from then, not from when the page loaded. */
  at: number
}

export interface SignInContext {
  email: string
  code: string
  notice: string | null
  error: string | null
  /** When another code may be requested (ms); null until a code was sent. */
  resendAt: number | null
  /** The time of the last tick. */
  now: number
  redirectTo: string | null
  submitOnStart: boolean
}

export type SignInEvent =
  | FormSubmittedEvent
  | { type: 'signin.resend'; now: number }
  | { type: 'signin.changeEmail' }
  /** From the ticker. */
  | { type: 'clock.tick'; now: number }

export interface RequestCodeInput {
  email: string
  redirectTo: string | null
}
export interface VerifyCodeInput {
  email: string
  code: string
  redirectTo: string | null
}
export interface TickerInput {
  intervalMs: number
}

// --- e-mail confirmation ------------------------------------------------------------------

export interface ConfirmCredentials {
  email: string
  code: string
  password: string
}

export interface ConfirmInput {
  email?: string
  code?: string
  /** The e-mail of the signed-in account, null for a guest; undefined: not known yet. */
  signedInAs?: string | null
  submitOnStart?: boolean
}

export interface ConfirmContext {
  /** What was submitted last (the address trimmed, as typed). */
  credentials: ConfirmCredentials
  /** Who the auth machine says is signed in now (null: a guest); undefined until it says. */
  signedInAs: string | null | undefined
  /** The other account, while that blocks confirming. */
  otherAccount: string | null
  error: string | null
  submitOnStart: boolean
}

export type ConfirmEvent =
  | FormSubmittedEvent
  /** The auth machine's session changed: who is signed in now (null: a guest, undefined: still finding out). */
  | { type: 'auth.changed'; signedInAs: string | null | undefined }
  /** Signed in as another account: sign out to confirm. */
  | { type: 'confirm.logout' }
  /** Back to the form without signing out. */
  | { type: 'confirm.edit' }
