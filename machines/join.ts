/**
 * R2, R7: the join page. A referral code in the address is registered with the backend
 * (GET /referrer/link/{code}) and, when valid, kept in the referrer cookie for sign-up and the
 * launcher download. Only a code of the backend's form is taken; without one, the visitor types
 * the code a friend gave (a form) and goes to its join page.
 *
 * The server registers the code while it renders the page (so it works without JavaScript) and
 * hands its outcome over as `settled`; the browser then only keeps the cookie.
 */
import { assign, fromPromise, setup } from 'xstate'
import { REFERRAL_CODE_RULES } from '#machines/rules/fields.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'
import { type FormSubmittedEvent, formMachine } from './form.ts'
import { assignAndLogError, type ErrorParams, type MachineEffects, messageOf, type NavigateParams, notProvided, outputParams } from './shared.ts'

export const JOIN_FORM = 'join-code'

/** R7: what GET /referrer/link/{code} answers. */
export interface ReferrerResult {
  code: string
  valid: boolean
}

export interface JoinInput {
  locale: Locale
  /** The code in the address, as typed. */
  code?: string | null
  /** The registration made while the page was rendered: its answer, or its failure's message. */
  settled?: { result: ReferrerResult } | { error: string /** The backend's answer's status, null when none came. */; status?: number | null } | null
  /** The code typed into the form before the page was interactive, and whether it was sent then. */
  typed?: string
  submitOnStart?: boolean
}

/** R7: the code in the address was checked and the backend does not know it: the page says so, with its own title and a 404. */
export function isRefusedCode(settled: JoinInput['settled']): boolean {
  if (!settled) return false
  return 'result' in settled ? !settled.result.valid : settled.status === 404
}

export interface JoinContext {
  locale: Locale
  /** The code of the address when it has the backend's form, else null. */
  code: string | null
  result: ReferrerResult | null
  error: string | null
  typed: string
  submitOnStart: boolean
}

export type JoinEvent = FormSubmittedEvent

export interface CookieParams {
  code: string
}

/** Registered: the backend's answer is in, with the code as the backend spells it. */
function registeredCode({ context }: { context: JoinContext }): CookieParams {
  return { code: context.result!.code }
}
function joinPathParams({ context, event }: { context: JoinContext; event: JoinEvent }): NavigateParams {
  return { to: localePath(context.locale, `/join/${encodeURIComponent((event.values.code ?? '').trim())}`) }
}

const joinActors = {
  form: formMachine,
  /** R7: GET /referrer/link/{code}. */
  registerReferrer: fromPromise<ReferrerResult, { code: string }>(async () => notProvided('join', 'registerReferrer')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const joinEffectActions = {
  /** R7: the referrer cookie (a year, path /). */
  storeReferrerCookie: (_: unknown, _params: CookieParams) => {},
  navigate: (_: unknown, _params: NavigateParams) => {},
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What the app gives the join machine: its form, its call and its actions outside the machine. */
export type JoinEffects = MachineEffects<typeof joinActors, typeof joinEffectActions>

/**
 * The join machine, with the app's effects when given: built once, with them, when the join
 * page first renders (decision 022); `joinMachine` is the machine as defined.
 */
export function createJoinMachine(effects: JoinEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as JoinContext, events: {} as JoinEvent, input: {} as JoinInput, tags: {} as 'busy' },
    actors: { ...joinActors, ...effects.actors },
    actions: {
      assignResult: assign((_, result: ReferrerResult) => ({ result, error: null })),
      assignError: assign((_, params: ErrorParams) => ({ error: messageOf(params.error) })),
      ...joinEffectActions,
      ...effects.actions,
    },
    guards: {
      hasNoCode: ({ context }) => context.code === null,
      isSettledValid: ({ context }) => context.result?.valid === true,
      isSettled: ({ context }) => context.result !== null || context.error !== null,
      isValid: (_, result: ReferrerResult) => result.valid,
      isJoinForm: ({ event }) => event.form === JOIN_FORM,
    },
  }).createMachine({
    id: 'join',
    context: ({ input }) => {
      const settled = input.settled ?? null
      return {
        locale: input.locale,
        code: sanitizeReferrerCode(input.code),
        result: settled && 'result' in settled ? settled.result : null,
        error: settled && 'error' in settled ? settled.error : null,
        typed: input.typed ?? '',
        submitOnStart: input.submitOnStart ?? false,
      }
    },
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: 'hasNoCode', target: 'entering' },
          { guard: 'isSettledValid', target: 'registered', actions: { type: 'storeReferrerCookie', params: registeredCode } },
          { guard: 'isSettled', target: 'invalid' },
          { target: 'registering' },
        ],
      },
      entering: {
        invoke: {
          id: JOIN_FORM,
          src: 'form',
          input: ({ context }) => ({
            id: JOIN_FORM,
            fields: [{ name: 'code', value: context.typed, rules: REFERRAL_CODE_RULES }],
            submitOnStart: context.submitOnStart,
          }),
        },
        on: { 'form.submitted': { guard: 'isJoinForm', actions: { type: 'navigate', params: joinPathParams } } },
      },
      registering: {
        tags: 'busy',
        invoke: {
          id: 'registerReferrer',
          src: 'registerReferrer',
          // Registering: the address had a code of the backend's form (see `hasNoCode`).
          input: ({ context }) => ({ code: context.code! }),
          onDone: [
            {
              guard: { type: 'isValid', params: outputParams },
              target: 'registered',
              actions: [
                { type: 'assignResult', params: outputParams },
                { type: 'storeReferrerCookie', params: registeredCode },
              ],
            },
            { target: 'invalid', actions: { type: 'assignResult', params: outputParams } },
          ],
          onError: { target: 'invalid', actions: assignAndLogError },
        },
      },
      registered: {},
      invalid: {},
    },
  })
}

/** The join machine as defined: its call fails and its effects do nothing. */
export const joinMachine = /* @__PURE__ */ createJoinMachine()

export type JoinMachine = typeof joinMachine
