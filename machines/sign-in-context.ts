/**
 * The sign-in and confirmation machines' contexts: how each begins, from the machine's input, and
 * the actions of the machine that change it (the actions outside the machines are the app's).
 */
import { assertEvent, assign } from 'xstate'
import { type ErrorParams, messageOf } from './shared.ts'
import type { CodeRequested, ConfirmContext, ConfirmEvent, ConfirmInput, SignInContext, SignInEvent, SignInInput } from './sign-in-types.ts'

/**
 * The sign-in context to start with: what was typed or sent before the page was interactive, at
 * the step the server reached.
 */
export function initialSignInContext({ input }: { input: SignInInput }): SignInContext {
  return {
    email: input.email ?? '',
    code: input.code ?? '',
    notice: input.notice ?? null,
    error: null,
    resendAt: input.step === 'code' ? (input.resendAt ?? input.now) : null,
    now: input.now,
    redirectTo: input.redirectTo ?? null,
    submitOnStart: input.submitOnStart ?? false,
  }
}

/** An assignment to the sign-in machine's context; written outside `setup`, it names the context and events itself. */
const assignSignIn = assign<SignInContext, SignInEvent, undefined, SignInEvent, never>

/** The sign-in machine's own actions: each changes its context. */
export const signInContextActions = {
  /** The early submit, if any, is used up by the first submit that gets through. */
  assignEmail: assignSignIn(({ event }) => {
    assertEvent(event, 'form.submitted')
    return { email: (event.values.email ?? '').trim(), error: null, submitOnStart: false }
  }),
  assignCode: assignSignIn(({ event }) => {
    assertEvent(event, 'form.submitted')
    return { code: (event.values.code ?? '').trim(), error: null, submitOnStart: false }
  }),
  assignSent: assign<SignInContext, SignInEvent, CodeRequested, SignInEvent, never>((_, sent) => ({
    notice: sent.message,
    error: null,
    code: '',
    now: sent.at,
    resendAt: sent.at + Math.max(0, sent.resendIn) * 1000,
  })),
  assignNow: assignSignIn(({ event }) => {
    assertEvent(event, ['clock.tick', 'signin.resend'])
    return { now: event.now }
  }),
  assignError: assign<SignInContext, SignInEvent, ErrorParams, SignInEvent, never>((_, params) => ({ error: messageOf(params.error) })),
  /** Back to the e-mail step: a submit made before the page was interactive was the code form's, never this one's. */
  clearNotice: assignSignIn({ notice: null, error: null, code: '', resendAt: null, submitOnStart: false }),
}

/** The confirmation context to start with: what was typed or linked, and who is signed in when known. */
export function initialConfirmContext({ input }: { input: ConfirmInput }): ConfirmContext {
  return {
    credentials: { email: input.email ?? '', code: input.code ?? '', password: '' },
    signedInAs: input.signedInAs,
    otherAccount: null,
    error: null,
    submitOnStart: input.submitOnStart ?? false,
  }
}

/** An assignment to the confirmation machine's context; written outside `setup`, it names the context and events itself. */
const assignConfirm = assign<ConfirmContext, ConfirmEvent, undefined, ConfirmEvent, never>

/** The confirmation machine's own actions: each changes its context. */
export const confirmContextActions = {
  assignSubmit: assignConfirm(({ event }) => {
    assertEvent(event, 'form.submitted')
    return {
      credentials: { email: (event.values.email ?? '').trim(), code: (event.values.code ?? '').trim(), password: event.values.password ?? '' },
      error: null,
    }
  }),
  assignOtherAccount: assignConfirm(({ context }) => ({ otherAccount: context.signedInAs ?? null })),
  clearOtherAccount: assignConfirm({ otherAccount: null }),
  assignSignedInAs: assignConfirm(({ event }) => {
    assertEvent(event, 'auth.changed')
    return { signedInAs: event.signedInAs }
  }),
  assignError: assign<ConfirmContext, ConfirmEvent, ErrorParams, ConfirmEvent, never>((_, params) => ({ error: messageOf(params.error) })),
}
