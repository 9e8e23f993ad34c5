/**
 * Spec 4, 7: the account area's actions. Cancelling the subscription and resetting the bound
 * device ask for confirmation in a modal first; changing the e-mail or the password runs at
 * once. Each call ends with a success or error toast (the backend's own message) and the
 * refreshed user. One action at a time.
 */
import { assign, fromPromise, setup } from 'xstate'

export type ConfirmKind = 'cancel' | 'reset'

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
}

export type AccountEvent =
  | { type: 'account.cancelSubscription' }
  | { type: 'account.resetDevice' }
  | { type: 'account.confirm' }
  | { type: 'account.dismiss' }
  | { type: 'account.changeEmail'; email: string }
  | { type: 'account.changePassword'; password: string; passwordConfirm: string }

export interface ToastParams { kind: 'success' | 'error'; text: string }
export interface ConfirmParams { kind: ConfirmKind }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
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
function errorParams({ event }: { event: { error: unknown } }) {
  return { error: event.error }
}
function emailInput({ event }: { event: AccountEvent }) {
  return { email: event.type === 'account.changeEmail' ? event.email : '' }
}
function passwordInput({ event }: { event: AccountEvent }) {
  return event.type === 'account.changePassword' ? { password: event.password, passwordConfirm: event.passwordConfirm } : { password: '', passwordConfirm: '' }
}

const call = (name: string) =>
  fromPromise<AccountResult, any>(async () => {
    throw new Error(`account: actor "${name}" not provided`)
  })

const finished = (target: string) => ({
  onDone: {
    target,
    actions: [
      { type: 'toast' as const, params: successToast },
      { type: 'updateUser' as const, params: done },
      'closeConfirm' as const,
    ],
  },
  onError: {
    target,
    actions: [
      { type: 'assignError' as const, params: errorParams },
      { type: 'toast' as const, params: errorToast },
      { type: 'logError' as const, params: errorParams },
      'closeConfirm' as const,
    ],
  },
})

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent },
  actors: {
    cancelSubscription: call('cancelSubscription'),
    resetDevice: call('resetDevice'),
    changeEmail: call('changeEmail'),
    changePassword: call('changePassword'),
  },
  actions: {
    assignConfirm: assign((_, params: ConfirmParams) => ({ confirming: params.kind, error: null })),
    clearConfirm: assign({ confirming: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    /** Opens the confirmation modal (the app renders it through the modal machine). */
    openConfirm: (_, _params: ConfirmParams) => {},
    closeConfirm: () => {},
    toast: (_, _params: ToastParams) => {},
    /** Hands the refreshed user to the auth machine. */
    updateUser: (_, _params: AccountResult) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isCancelConfirmation: ({ context }) => context.confirming === 'cancel',
  },
}).createMachine({
  id: 'account',
  context: { confirming: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'account.cancelSubscription': {
          target: 'confirming',
          actions: [{ type: 'assignConfirm', params: { kind: 'cancel' } }, { type: 'openConfirm', params: { kind: 'cancel' } }],
        },
        'account.resetDevice': {
          target: 'confirming',
          actions: [{ type: 'assignConfirm', params: { kind: 'reset' } }, { type: 'openConfirm', params: { kind: 'reset' } }],
        },
        'account.changeEmail': { target: 'changingEmail', actions: 'clearError' },
        'account.changePassword': { target: 'changingPassword', actions: 'clearError' },
      },
    },
    confirming: {
      on: {
        'account.confirm': [
          { guard: 'isCancelConfirmation', target: 'cancelling' },
          { target: 'resetting' },
        ],
        'account.dismiss': { target: 'idle', actions: ['clearConfirm', 'closeConfirm'] },
      },
    },
    cancelling: { tags: 'busy', exit: 'clearConfirm', invoke: { id: 'cancelSubscription', src: 'cancelSubscription', ...finished('idle') } },
    resetting: { tags: 'busy', exit: 'clearConfirm', invoke: { id: 'resetDevice', src: 'resetDevice', ...finished('idle') } },
    changingEmail: { tags: 'busy', invoke: { id: 'changeEmail', src: 'changeEmail', input: emailInput, ...finished('idle') } },
    changingPassword: { tags: 'busy', invoke: { id: 'changePassword', src: 'changePassword', input: passwordInput, ...finished('idle') } },
  },
})

export type AccountMachine = typeof accountMachine
