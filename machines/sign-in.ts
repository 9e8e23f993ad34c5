/**
 * Spec 4, 7: passwordless sign-in. The visitor gives an e-mail, the backend mails a code and a
 * link (`requestCode`: GET /users/auth), the visitor types the code (`verifyCode`: the app
 * hands it to the auth machine, which performs the login). A resend is possible once the
 * backend's wait is over. Errors stay on the form with what the visitor typed.
 */
import { assign, fromPromise, setup } from 'xstate'

export interface SignInInput {
  email?: string
}

export interface CodeRequested {
  /** The backend's own (translated) message. */
  message: string
  /** Seconds until another code may be requested. */
  resendIn: number
}

export interface SignInContext {
  email: string
  code: string
  notice: string | null
  error: string | null
  /** When another code may be requested (ms); null until a code was sent. */
  resendAt: number | null
}

export type SignInEvent =
  | { type: 'signin.submit'; email: string; now: number }
  | { type: 'signin.verify'; code: string }
  | { type: 'signin.resend'; now: number }
  | { type: 'signin.changeEmail' }

export interface RequestCodeInput { email: string; now: number }
export interface VerifyCodeInput { email: string; code: string }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
function requestInput({ context, event }: { context: SignInContext; event: SignInEvent }): RequestCodeInput {
  return { email: context.email, now: 'now' in event ? event.now : 0 }
}
function verifyInput({ context }: { context: SignInContext }): VerifyCodeInput {
  return { email: context.email, code: context.code }
}
function errorParams({ event }: { event: { error?: unknown } }) {
  return { error: event.error }
}

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent, input: {} as SignInInput },
  actors: {
    requestCode: fromPromise<CodeRequested & { now: number }, RequestCodeInput>(async () => {
      throw new Error('sign-in: actor "requestCode" not provided')
    }),
    verifyCode: fromPromise<unknown, VerifyCodeInput>(async () => {
      throw new Error('sign-in: actor "verifyCode" not provided')
    }),
  },
  actions: {
    assignEmail: assign(({ event }) => (event.type === 'signin.submit' ? { email: event.email.trim(), error: null } : {})),
    assignCode: assign(({ event }) => (event.type === 'signin.verify' ? { code: event.code.trim(), error: null } : {})),
    assignSent: assign((_, sent: CodeRequested & { now: number }) => ({
      notice: sent.message,
      error: null,
      resendAt: sent.now + Math.max(0, sent.resendIn) * 1000,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearNotice: assign({ notice: null, error: null, code: '' }),
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    canResend: ({ context, event }) => event.type === 'signin.resend' && context.resendAt !== null && event.now >= context.resendAt,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ email: input.email ?? '', code: '', notice: null, error: null, resendAt: null }),
  initial: 'email',
  states: {
    email: {
      on: { 'signin.submit': { target: 'requesting', actions: 'assignEmail' } },
    },
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: requestInput,
        onDone: { target: 'code', actions: { type: 'assignSent', params: ({ event }) => event.output } },
        onError: {
          target: 'email',
          actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }],
        },
      },
    },
    code: {
      on: {
        'signin.verify': { target: 'verifying', actions: 'assignCode' },
        'signin.resend': { guard: 'canResend', target: 'requesting' },
        'signin.changeEmail': { target: 'email', actions: 'clearNotice' },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: verifyInput,
        onDone: { target: 'signedIn' },
        onError: {
          target: 'code',
          actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }],
        },
      },
    },
    signedIn: { type: 'final' },
  },
})

export type SignInMachine = typeof signInMachine

// --- e-mail confirmation ------------------------------------------------------------------

/**
 * Spec 7: the confirmation form (POST /users/confirm: email, code, password), which also signs
 * in. A guest is signed in as the confirmed account. A visitor signed in as that same account
 * just confirms: the session is renewed and the user fetched again (the auth machine does it),
 * with a success toast. A visitor signed in as another account is told so and offered to sign
 * out first; nothing is sent for them.
 */
export interface ConfirmCredentials {
  email: string
  code: string
  password: string
}

export interface ConfirmContext {
  /** The address being confirmed (as typed, trimmed). */
  email: string
  /** The e-mail of the other account the visitor is signed in as, while that blocks confirming. */
  signedInAs: string | null
  error: string | null
}

export type ConfirmEvent =
  /** `signedInAs`: the e-mail of the account the visitor is signed in as, null for a guest. */
  | ({ type: 'confirm.submit'; signedInAs: string | null } & ConfirmCredentials)
  /** Signed in as another account: sign out (and stay on the form) to confirm. */
  | { type: 'confirm.logout' }
  /** Back to the form without signing out. */
  | { type: 'confirm.edit' }

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

function confirmInput({ event }: { event: ConfirmEvent }): ConfirmCredentials {
  return event.type === 'confirm.submit'
    ? { email: event.email.trim(), code: event.code.trim(), password: event.password }
    : { email: '', code: '', password: '' }
}

export const confirmMachine = setup({
  types: { context: {} as ConfirmContext, events: {} as ConfirmEvent },
  actors: {
    /** Hands the credentials to the auth machine (sign-in, or renewal for the same account). */
    confirm: fromPromise<unknown, ConfirmCredentials>(async () => {
      throw new Error('confirm: actor "confirm" not provided')
    }),
  },
  actions: {
    assignSubmit: assign(({ event }) => (event.type === 'confirm.submit' ? { email: event.email.trim(), signedInAs: null, error: null } : {})),
    assignOtherAccount: assign(({ event }) =>
      event.type === 'confirm.submit' ? { email: event.email.trim(), signedInAs: event.signedInAs, error: null } : {},
    ),
    clearOtherAccount: assign({ signedInAs: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Signs out through the auth machine, staying on the page. */
    logout: () => {},
    /** Spec 8: the success toast. */
    notifyConfirmed: () => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isSignedInAsAnother: ({ event }) => event.type === 'confirm.submit' && event.signedInAs !== null && !sameEmail(event.signedInAs, event.email),
  },
}).createMachine({
  id: 'confirm',
  context: { email: '', signedInAs: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'confirm.submit': [
          { guard: 'isSignedInAsAnother', target: 'otherAccount', actions: 'assignOtherAccount' },
          { target: 'confirming', actions: 'assignSubmit' },
        ],
      },
    },
    otherAccount: {
      on: {
        'confirm.logout': { target: 'editing', actions: ['logout', 'clearOtherAccount'] },
        'confirm.edit': { target: 'editing', actions: 'clearOtherAccount' },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: confirmInput,
        onDone: { target: 'confirmed', actions: 'notifyConfirmed' },
        onError: { target: 'editing', actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }] },
      },
    },
    confirmed: { type: 'final' },
  },
})

export type ConfirmMachine = typeof confirmMachine
