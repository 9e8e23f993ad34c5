/**
 * R4, R5, R7: signing in without a password. The visitor gives an e-mail, the backend mails a
 * code and a link (`requestCode`: GET /users/auth), the visitor types the code (`verifyCode`:
 * the auth machine performs the login). Each step is a form (its fields, rules and validation
 * gate in a form machine); a code can be sent again once the backend's wait is over, and the
 * machine counts that wait down. Errors stay on the form with what the visitor typed.
 */
import { assertEvent, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import { formMachine } from './form.ts'
import { assignAndLogError, type ErrorParams, type MachineEffects, notProvided, outputParams } from './shared.ts'
import { confirmContextActions, initialConfirmContext, initialSignInContext, signInContextActions } from './sign-in-context.ts'
import { CONFIRM_FORM, codeFormInput, confirmFormInput, emailFormInput, SIGN_IN_CODE_FORM, SIGN_IN_EMAIL_FORM, submittedBy } from './sign-in-forms.ts'
import type {
  CodeRequested,
  ConfirmContext,
  ConfirmCredentials,
  ConfirmEvent,
  ConfirmInput,
  RequestCodeInput,
  SignInContext,
  SignInEvent,
  SignInInput,
  TickerInput,
  VerifyCodeInput,
} from './sign-in-types.ts'

/** Seconds between two ticks of the resend countdown. */
export const TICK_MS = 1000

function requestInput({ context }: { context: SignInContext }): RequestCodeInput {
  return { email: context.email, redirectTo: context.redirectTo }
}
function verifyInput({ context }: { context: SignInContext }): VerifyCodeInput {
  return { email: context.email, code: context.code, redirectTo: context.redirectTo }
}
/** A failed call: the form stays, with what the visitor typed and the error. */
const failedOnForm = { target: 'editing', actions: assignAndLogError } as const

const signInActors = {
  form: formMachine,
  requestCode: fromPromise<CodeRequested, RequestCodeInput>(async () => notProvided('sign-in', 'requestCode')),
  /** Hands the code to the auth machine and resolves once it signed in. */
  verifyCode: fromPromise<unknown, VerifyCodeInput>(async () => notProvided('sign-in', 'verifyCode')),
  /** Sends `{ type: 'clock.tick', now }` every `intervalMs`. */
  ticker: fromCallback<EventObject, TickerInput>(() => {}),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const signInEffectActions = {
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What the app gives the sign-in machine: its forms, its calls and its actions outside the machine. */
export type SignInEffects = MachineEffects<typeof signInActors, typeof signInEffectActions>

/**
 * The sign-in machine, with the app's effects when given: built once, with them, when the
 * sign-in form first renders (decision 022); `signInMachine` is the machine as defined.
 */
export function createSignInMachine(effects: SignInEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as SignInContext, events: {} as SignInEvent, input: {} as SignInInput, tags: {} as 'busy' },
    actors: { ...signInActors, ...effects.actors },
    actions: { ...signInContextActions, ...signInEffectActions, ...effects.actions },
    guards: {
      isEmailForm: submittedBy(SIGN_IN_EMAIL_FORM),
      isCodeForm: submittedBy(SIGN_IN_CODE_FORM),
      /** The code step always knows when another code may be asked for. */
      canResend: ({ context, event }) => {
        assertEvent(event, 'signin.resend')
        return event.now >= context.resendAt!
      },
      startsAtCode: ({ context }) => context.resendAt !== null,
    },
  }).createMachine({
    id: 'sign-in',
    context: initialSignInContext,
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'startsAtCode', target: 'code' }, { target: 'email' }],
      },
      email: {
        invoke: { id: SIGN_IN_EMAIL_FORM, src: 'form', input: emailFormInput },
        initial: 'editing',
        states: {
          editing: {
            on: { 'form.submitted': { guard: 'isEmailForm', target: 'requesting', actions: 'assignEmail' } },
          },
          requesting: {
            tags: 'busy',
            invoke: {
              id: 'requestCode',
              src: 'requestCode',
              input: requestInput,
              onDone: { target: '#sign-in.code', actions: { type: 'assignSent', params: outputParams } },
              onError: failedOnForm,
            },
          },
        },
      },
      code: {
        invoke: [
          { id: SIGN_IN_CODE_FORM, src: 'form', input: codeFormInput },
          { id: 'ticker', src: 'ticker', input: { intervalMs: TICK_MS } },
        ],
        on: { 'clock.tick': { actions: 'assignNow' } },
        initial: 'editing',
        states: {
          editing: {
            on: {
              'form.submitted': { guard: 'isCodeForm', target: 'verifying', actions: 'assignCode' },
              'signin.resend': { guard: 'canResend', target: 'resending', actions: 'assignNow' },
              'signin.changeEmail': { target: '#sign-in.email', actions: 'clearNotice' },
            },
          },
          verifying: {
            tags: 'busy',
            invoke: {
              id: 'verifyCode',
              src: 'verifyCode',
              input: verifyInput,
              onDone: { target: '#sign-in.signedIn' },
              onError: failedOnForm,
            },
          },
          resending: {
            tags: 'busy',
            invoke: {
              id: 'resendCode',
              src: 'requestCode',
              input: requestInput,
              onDone: { target: 'editing', actions: { type: 'assignSent', params: outputParams } },
              onError: failedOnForm,
            },
          },
        },
      },
      signedIn: { type: 'final' },
    },
  })
}

/** The sign-in machine as defined: its calls fail and its effects do nothing. */
export const signInMachine = /* @__PURE__ */ createSignInMachine()

export type SignInMachine = typeof signInMachine

/** Whole seconds until another code may be asked for (0: now). */
export function selectResendWait(snapshot: { context: SignInContext }): number {
  const { resendAt, now } = snapshot.context
  // No code sent yet: nothing to wait for.
  return Math.max(0, Math.ceil(((resendAt ?? now) - now) / 1000))
}

// --- e-mail confirmation ------------------------------------------------------------------

/**
 * R7: the confirmation form (POST /users/confirm: email, code, password), which also signs
 * in. A guest is signed in as the confirmed account. A visitor signed in as that same account
 * just confirms: the session is renewed and the user fetched again (the auth machine does it),
 * with a success toast. A visitor signed in as another account is told so and offered to sign
 * out first; nothing is sent for them. Who is signed in is what the auth machine says at the
 * moment of the submit (`auth.changed` keeps it current), so a session that changed meanwhile
 * is never confirmed for.
 */

/** `b` is a submitted address, already trimmed. */
const sameEmail = (a: string, b: string) => !!a && a.trim().toLowerCase() === b.toLowerCase()

const confirmActors = {
  form: formMachine,
  /** Hands the credentials to the auth machine (sign-in, or renewal for the same account). */
  confirm: fromPromise<unknown, ConfirmCredentials>(async () => notProvided('confirm', 'confirm')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const confirmEffectActions = {
  /** Signs out through the auth machine (R2: then the root path). */
  logout: () => {},
  /** R8: the success toast. */
  notifyConfirmed: () => {},
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What the app gives the confirmation machine: its form, its call and its actions outside the machine. */
export type ConfirmEffects = MachineEffects<typeof confirmActors, typeof confirmEffectActions>

/**
 * The confirmation machine, with the app's effects when given: built once, with them, when the
 * confirmation form first renders (decision 022); `confirmMachine` is the machine as defined.
 */
export function createConfirmMachine(effects: ConfirmEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as ConfirmContext, events: {} as ConfirmEvent, input: {} as ConfirmInput, tags: {} as 'busy' },
    actors: { ...confirmActors, ...effects.actors },
    actions: { ...confirmContextActions, ...confirmEffectActions, ...effects.actions },
    guards: {
      isConfirmForm: submittedBy(CONFIRM_FORM),
      isSignedInAsAnother: ({ context }) => typeof context.signedInAs === 'string' && !sameEmail(context.signedInAs, context.credentials.email),
      isSessionKnown: ({ context }) => context.signedInAs !== undefined,
    },
  }).createMachine({
    id: 'confirm',
    context: initialConfirmContext,
    invoke: { id: CONFIRM_FORM, src: 'form', input: confirmFormInput },
    on: { 'auth.changed': { actions: 'assignSignedInAs' } },
    initial: 'editing',
    states: {
      editing: {
        on: { 'form.submitted': { guard: 'isConfirmForm', target: 'deciding', actions: 'assignSubmit' } },
      },
      /** Who is signed in decides; while the auth machine has not said yet, the submit waits for it. */
      deciding: {
        tags: 'busy',
        always: [
          { guard: 'isSignedInAsAnother', target: 'otherAccount', actions: 'assignOtherAccount' },
          { guard: 'isSessionKnown', target: 'confirming' },
        ],
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
          input: ({ context }) => context.credentials,
          onDone: { target: 'confirmed', actions: 'notifyConfirmed' },
          onError: failedOnForm,
        },
      },
      confirmed: { type: 'final' },
    },
  })
}

/** The confirmation machine as defined: its calls fail and its effects do nothing. */
export const confirmMachine = /* @__PURE__ */ createConfirmMachine()

export type ConfirmMachine = typeof confirmMachine
