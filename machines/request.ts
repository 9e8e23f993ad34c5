/**
 * R4, R7: one backend call a page makes on its own (registering a referral code,
 * confirming an e-mail by link, the premium plans): idle until started, loading, then done or
 * failed with the backend's message; a failure can be retried. Started by the app after
 * hydration, so the server and the first browser render agree on `idle`.
 *
 * A call the server already made (a route loader) is handed over as `settled` input: the
 * machine then starts `done` with its result, or `failed` with its error (reported once, in the
 * browser, like any other failure), and a retry runs the call in the browser.
 */
import { assign, fromPromise, setup } from 'xstate'
import { assignAndLogError, type ErrorParams, errorParams, type MachineEffects, messageOf, notProvided, outputParams } from './shared.ts'

export interface RequestContext {
  result: unknown
  /** The failure's message. */
  error: string | null
  /** The failure itself, for whatever the page tells the visitor. */
  failure: unknown
}

export interface RequestInput {
  /** The outcome of a call made before (on the server): its result, or its error. */
  settled?: { result: unknown } | { error: unknown }
}

export type RequestEvent = { type: 'request.start' } | { type: 'request.retry' }

function initialContext({ input }: { input: unknown }): RequestContext {
  const settled = (input as RequestInput | undefined)?.settled
  if (settled && 'error' in settled) return { result: null, error: messageOf(settled.error), failure: settled.error }
  if (settled && 'result' in settled) return { result: settled.result, error: null, failure: null }
  return { result: null, error: null, failure: null }
}

function failureParams({ context }: { context: RequestContext }): ErrorParams {
  return { error: context.failure }
}

const requestActors = {
  /** The call; resolves with its result or rejects with an error carrying the backend's message. */
  run: fromPromise<unknown, void>(async () => notProvided('request', 'run')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const requestEffectActions = {
  /** Whatever the page does with a result (store a cookie, refresh the user). */
  succeeded: (_: unknown, _result: unknown) => {},
  /** Whatever the page tells the visitor about a failure (a toast). */
  reportFailure: (_: unknown, _params: ErrorParams) => {},
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What a page gives its request machine: the call, and what it does with the outcome. */
export type RequestEffects = MachineEffects<typeof requestActors, typeof requestEffectActions>

/**
 * A request machine, with the page's effects when given: the browser builds it once, with its
 * effects, when the page first renders; `requestMachine` is the machine as defined (decision 022).
 */
export function createRequestMachine(effects: RequestEffects = {}) {
  return setup({
    // No declared input type: the input is optional (`RequestInput`), read by the context factory.
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as RequestContext, events: {} as RequestEvent },
    actors: { ...requestActors, ...effects.actors },
    actions: {
      assignResult: assign((_, result: unknown) => ({ result, error: null, failure: null })),
      assignError: assign((_, params: ErrorParams) => ({ error: messageOf(params.error), failure: params.error })),
      ...requestEffectActions,
      ...effects.actions,
    },
    guards: {
      settledWithError: ({ context }) => context.error !== null,
      settledWithResult: ({ context }) => context.result !== null,
    },
  }).createMachine({
    id: 'request',
    context: initialContext,
    initial: 'starting',
    states: {
      /** A call made before is taken as it ended; otherwise the machine waits to be started. */
      starting: {
        always: [
          { guard: 'settledWithError', target: 'failed', actions: { type: 'reportFailure', params: failureParams } },
          { guard: 'settledWithResult', target: 'done' },
          { target: 'idle' },
        ],
      },
      idle: { on: { 'request.start': { target: 'loading' } } },
      loading: {
        tags: 'busy',
        invoke: {
          id: 'run',
          src: 'run',
          onDone: {
            target: 'done',
            actions: [
              { type: 'assignResult', params: outputParams },
              { type: 'succeeded', params: outputParams },
            ],
          },
          onError: { target: 'failed', actions: [...assignAndLogError, { type: 'reportFailure', params: errorParams }] },
        },
      },
      done: {},
      failed: { on: { 'request.retry': { target: 'loading' } } },
    },
  })
}

/** The request machine as defined: its call fails and its effects do nothing. */
export const requestMachine = /* @__PURE__ */ createRequestMachine()

export type RequestMachine = typeof requestMachine
