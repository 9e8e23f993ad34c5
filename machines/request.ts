/**
 * Spec 4, 7: one backend call a page makes on its own (registering a referral code,
 * confirming an e-mail by link): idle until started, loading, then done or failed with the
 * backend's message; a failure can be retried. Started by the app after hydration, so the
 * server and the first browser render agree on `idle`.
 */
import { assign, fromPromise, setup } from 'xstate'

export interface RequestContext {
  result: unknown
  error: string | null
}

export type RequestEvent = { type: 'request.start' } | { type: 'request.retry' }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function outputParams({ event }: { event: { output?: unknown } }): unknown {
  return event.output
}
function errorParams({ event }: { event: { error?: unknown } }) {
  return { error: event.error }
}

export const requestMachine = setup({
  types: { context: {} as RequestContext, events: {} as RequestEvent },
  actors: {
    /** The call; resolves with its result or rejects with an error carrying the backend's message. */
    run: fromPromise<unknown, void>(async () => {
      throw new Error('request: actor "run" not provided')
    }),
  },
  actions: {
    assignResult: assign((_, result: unknown) => ({ result, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Whatever the page does with a result (store a cookie, refresh the user). */
    succeeded: (_, _result: unknown) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'request',
  context: { result: null, error: null },
  initial: 'idle',
  states: {
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
        onError: {
          target: 'failed',
          actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }],
        },
      },
    },
    done: {},
    failed: { on: { 'request.retry': { target: 'loading' } } },
  },
})

export type RequestMachine = typeof requestMachine
