/**
 * R4, R7: the account area's actions. Cancelling the subscription (turning auto-renewal off)
 * and resetting the bound device ask for confirmation first: the machine opens the modal and
 * waits for its answer. Turning renewal back on runs at once. The e-mail change, the code that
 * confirms it and the launcher password are forms (each a form machine with its validation
 * gate). Each call ends with a success or error toast (the backend's own message) and the
 * refreshed user. One action at a time.
 */
import { type AnyActorRef, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate'
import { CODE_RULES, EMAIL_RULES, PASSWORD_CONFIRM_RULES, PASSWORD_RULES } from '#machines/rules/fields.ts'
import type { ToastParams } from '#machines/rules/toast.ts'
import { type FormInput, type FormSubmittedEvent, formMachine } from './form.ts'
import { type ErrorParams, errorParams, type MachineEffects, messageOf, notProvided } from './shared.ts'

export type ConfirmKind = 'cancel' | 'reset'

export const EMAIL_FORM = 'account-email'
export const EMAIL_CODE_FORM = 'account-email-code'
export const PASSWORD_FORM = 'account-password'

export interface AccountResult {
  /** The backend's (translated) message. */
  message: string
  /** The user as the backend answers it after the change. */
  user: unknown
}

export interface AccountContext {
  /** Which confirmation is open, if any. */
  confirming: ConfirmKind | null
  error: string | null
  /** R2.17: the page that sent the visitor here to add an e-mail (the checkout), to go back to once it is confirmed. */
  returnTo: string | null
}

export interface AccountInput {
  returnTo?: string | null
}

export interface AccountNavigateParams {
  to: string
}

export type AccountEvent =
  | FormSubmittedEvent
  | { type: 'account.cancelSubscription' }
  | { type: 'account.resumeRenewal' }
  | { type: 'account.resetDevice' }
  /** The modal's answer to a confirmation. */
  | { type: 'modal.answered'; answer: 'confirm' | 'dismiss' }

export interface OpenConfirmParams {
  kind: ConfirmKind
}

function done({ event }: { event: { output: AccountResult } }): AccountResult {
  return event.output
}
function successToast({ event }: { event: { output: AccountResult } }): ToastParams {
  return { kind: 'success', text: event.output.message }
}
function errorToast({ event }: { event: { error: unknown } }): ToastParams {
  return { kind: 'error', text: messageOf(event.error) }
}
function values({ event }: { event: AccountEvent }): Record<string, string> {
  assertEvent(event, 'form.submitted')
  return event.values
}
/** The e-mail change names the page to come back to, which the confirmation link then carries (R2.17). */
function emailValues({ context, event }: { context: AccountContext; event: AccountEvent }): Record<string, string> {
  return context.returnTo === null ? values({ event }) : { ...values({ event }), redirect: context.returnTo }
}
function returnParams({ context }: { context: AccountContext }): AccountNavigateParams {
  return { to: context.returnTo as string }
}
const submittedBy =
  (form: string) =>
  ({ event }: { event: AccountEvent }) => {
    assertEvent(event, 'form.submitted')
    return event.form === form
  }
const answered =
  (answer: 'confirm' | 'dismiss') =>
  ({ event }: { event: AccountEvent }) => {
    assertEvent(event, 'modal.answered')
    return event.answer === answer
  }

const form = (id: string, fields: FormInput['fields']) => ({ id, src: 'form' as const, input: { id, fields } })

type AfterDone = 'clearPassword' | 'clearEmail' | 'clearCode'

const succeeded = (extra: readonly AfterDone[]) => [{ type: 'toast' as const, params: successToast }, { type: 'updateUser' as const, params: done }, ...extra]

const finished = (extra: readonly AfterDone[] = []) => ({
  onDone: {
    target: 'idle',
    actions: succeeded(extra),
  },
  onError: {
    target: 'idle',
    actions: [
      { type: 'assignError' as const, params: errorParams },
      { type: 'toast' as const, params: errorToast },
      { type: 'logError' as const, params: errorParams },
    ],
  },
})

const call = (name: string) => fromPromise<AccountResult, Record<string, string>>(async () => notProvided('account', name))

const accountActors = {
  form: formMachine,
  /** R7: GET /users/subscription/cancel (auto-renewal off). */
  cancelSubscription: call('cancelSubscription'),
  /** GET /users/subscription/resume (auto-renewal on again). */
  resumeRenewal: call('resumeRenewal'),
  /** R7: DELETE /users/device/reset. */
  resetDevice: call('resetDevice'),
  /** R7: PUT /users/email `{ email }`. */
  changeEmail: call('changeEmail'),
  /** R7: POST /users/email/{code}. */
  confirmEmailCode: call('confirmEmailCode'),
  /** R7: POST /users/credentials `{ password, password_confirm }`. */
  changePassword: call('changePassword'),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const accountEffectActions = {
  /** Opens the confirmation in the modal, which answers this machine (`modal.answered`). */
  openConfirm: (_: { self: AnyActorRef }, _params: OpenConfirmParams) => {},
  toast: (_: unknown, _params: ToastParams) => {},
  /** Hands the refreshed user to the auth machine. */
  updateUser: (_: unknown, _params: AccountResult) => {},
  /** Goes to another page of the site. */
  navigate: (_: unknown, _params: AccountNavigateParams) => {},
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What the app gives the account machine: its forms, its backend calls and its actions outside the machine. */
export type AccountEffects = MachineEffects<typeof accountActors, typeof accountEffectActions>

/**
 * The account machine, with the app's effects when given. The browser builds it once, with its
 * effects, when the account page first renders; `accountMachine` is the machine as defined (the
 * tests). Building a machine makes every state node (decision 022).
 */
export function createAccountMachine(effects: AccountEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as AccountContext, events: {} as AccountEvent, input: {} as AccountInput | undefined, tags: {} as 'busy' },
    actors: { ...accountActors, ...effects.actors },
    actions: {
      assignConfirm: assign((_, params: { kind: ConfirmKind }) => ({ confirming: params.kind, error: null })),
      clearConfirm: assign({ confirming: null }),
      assignError: assign((_, params: ErrorParams) => ({ error: messageOf(params.error) })),
      clearError: assign({ error: null }),
      /** The password fields are emptied once the password is set. */
      clearPassword: sendTo(PASSWORD_FORM, { type: 'form.clear', names: ['password', 'password-confirm'] }),
      /** The new address and its code are emptied once the address is confirmed. */
      clearEmail: sendTo(EMAIL_FORM, { type: 'form.clear', names: ['new-email'] }),
      clearCode: sendTo(EMAIL_CODE_FORM, { type: 'form.clear', names: ['code'] }),
      ...accountEffectActions,
      ...effects.actions,
    },
    guards: {
      isCancelConfirmed: ({ context, event }) => answered('confirm')({ event }) && context.confirming === 'cancel',
      isConfirmed: answered('confirm'),
      isEmailForm: submittedBy(EMAIL_FORM),
      isEmailCodeForm: submittedBy(EMAIL_CODE_FORM),
      isPasswordForm: submittedBy(PASSWORD_FORM),
      hasReturn: ({ context }) => context.returnTo !== null,
    },
  }).createMachine({
    id: 'account',
    context: ({ input }) => ({ confirming: null, error: null, returnTo: input?.returnTo ?? null }),
    invoke: [
      form(EMAIL_FORM, [{ name: 'new-email', rules: EMAIL_RULES }]),
      form(EMAIL_CODE_FORM, [{ name: 'code', rules: CODE_RULES }]),
      form(PASSWORD_FORM, [
        { name: 'password', rules: PASSWORD_RULES },
        { name: 'password-confirm', rules: PASSWORD_CONFIRM_RULES },
      ]),
    ],
    initial: 'idle',
    states: {
      idle: {
        on: {
          'account.cancelSubscription': {
            target: 'confirming',
            actions: [
              { type: 'assignConfirm', params: { kind: 'cancel' } },
              { type: 'openConfirm', params: { kind: 'cancel' } },
            ],
          },
          'account.resetDevice': {
            target: 'confirming',
            actions: [
              { type: 'assignConfirm', params: { kind: 'reset' } },
              { type: 'openConfirm', params: { kind: 'reset' } },
            ],
          },
          'account.resumeRenewal': { target: 'resuming', actions: 'clearError' },
          'form.submitted': [
            { guard: 'isEmailForm', target: 'changingEmail', actions: 'clearError' },
            { guard: 'isEmailCodeForm', target: 'confirmingEmailCode', actions: 'clearError' },
            { guard: 'isPasswordForm', target: 'changingPassword', actions: 'clearError' },
          ],
        },
      },
      confirming: {
        on: {
          'modal.answered': [{ guard: 'isCancelConfirmed', target: 'cancelling' }, { guard: 'isConfirmed', target: 'resetting' }, { target: 'idle' }],
        },
        exit: 'clearConfirm',
      },
      cancelling: { tags: 'busy', invoke: { id: 'cancelSubscription', src: 'cancelSubscription', input: {}, ...finished() } },
      resetting: { tags: 'busy', invoke: { id: 'resetDevice', src: 'resetDevice', input: {}, ...finished() } },
      resuming: { tags: 'busy', invoke: { id: 'resumeRenewal', src: 'resumeRenewal', input: {}, ...finished() } },
      changingEmail: { tags: 'busy', invoke: { id: 'changeEmail', src: 'changeEmail', input: emailValues, ...finished() } },
      confirmingEmailCode: {
        tags: 'busy',
        invoke: {
          id: 'confirmEmailCode',
          src: 'confirmEmailCode',
          input: values,
          onError: finished().onError,
          // R2.17: the address confirmed, back to the page that asked for it (the checkout).
          onDone: [
            { guard: 'hasReturn', target: 'idle', actions: [...succeeded(['clearEmail', 'clearCode']), { type: 'navigate' as const, params: returnParams }] },
            { target: 'idle', actions: succeeded(['clearEmail', 'clearCode']) },
          ],
        },
      },
      changingPassword: { tags: 'busy', invoke: { id: 'changePassword', src: 'changePassword', input: values, ...finished(['clearPassword']) } },
    },
  })
}

/** The account machine as defined: its calls fail and its effects do nothing. */
export const accountMachine = /* @__PURE__ */ createAccountMachine()

export type AccountMachine = typeof accountMachine
