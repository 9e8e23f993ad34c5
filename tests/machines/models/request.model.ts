/**
 * R4, R7, R8: one backend call a page makes on its own (the confirmation of an e-mail by its
 * link, the premium plans, a referral code): idle until started, loading, then done with the
 * result or failed with the backend's message (logged, and told to the visitor once); a
 * failure can be retried. A call the server already made is handed over as it ended.
 */

import { requestMachine } from '#machines/request.ts'
import { expect } from '../check.ts'
import type { MachineModel, Property, Snap, Step, TestEvent } from '../harness.ts'
import { actions, ctx, IGNORED_EVENTS_CHANGE_NOTHING, startsByInput, stops, trace } from '../harness.ts'

type RequestCtx = { result: unknown; error: string | null; failure: unknown }

const CONFIRMED = { message: 'Your e-mail address is confirmed.' }
const PLANS = { subscriptions: [{ id: 1, name: 'Trial', days: 3 }], currencies: ['RUB'], country_group_id: 1 }
const EXPIRED = new Error('The confirmation link has expired.')

interface Start {
  state: 'idle' | 'done' | 'failed'
  context: RequestCtx
}

/** Each input, with how the page starts from it. */
const { variant, startOf } = startsByInput<Start>()

const inputs = [
  variant('a page that makes the call itself (no input)', undefined, { state: 'idle', context: { result: null, error: null, failure: null } }),
  variant('a page that makes the call itself (nothing settled)', {}, { state: 'idle', context: { result: null, error: null, failure: null } }),
  variant('a confirmation the server made', { settled: { result: CONFIRMED } }, { state: 'done', context: { result: CONFIRMED, error: null, failure: null } }),
  variant('a plan list the server loaded', { settled: { result: PLANS } }, { state: 'done', context: { result: PLANS, error: null, failure: null } }),
  variant(
    'a call the server made that failed with an error',
    { settled: { error: EXPIRED } },
    {
      state: 'failed',
      context: { result: null, error: 'The confirmation link has expired.', failure: EXPIRED },
    },
  ),
  variant(
    'a call the server made that failed with a bare message',
    { settled: { error: 'Service unavailable' } },
    {
      state: 'failed',
      context: { result: null, error: 'Service unavailable', failure: 'Service unavailable' },
    },
  ),
]

const TOO_MANY = new Error('Too many attempts, try again later.')
const ANSWER = { message: 'Confirmed.' }

/** The events of the page and of the call, with the message a failure is to show. */
const events: TestEvent[] = [
  { type: 'request.start' },
  { type: 'request.retry' },
  { type: 'xstate.done.actor.run', output: ANSWER, actorId: 'run' },
  { type: 'xstate.done.actor.run', output: PLANS, actorId: 'run' },
  { type: 'xstate.error.actor.run', error: TOO_MANY, actorId: 'run', message: 'Too many attempts, try again later.' },
  { type: 'xstate.error.actor.run', error: 'Network down', actorId: 'run', message: 'Network down' },
]

/** The named actions of a step, in order, with their parameters. */
const named = (s: Step) => actions(s).map((a) => ({ type: a.type, params: a.params }))
const state = (s: Snap): string => String(s.value)
const from = (s: Step, value: string, type: string) => s.event.type === type && s.before !== null && state(s.before) === value

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts idle until started, or as the call the server made ended (a failure reported once)',
    requirement: 'R8.2, R8.12',
    when: (s) => s.index === 0,
    check: (s) => {
      const start = startOf(s)
      expect(state(s.after)).toBe(start.state)
      expect(ctx(s.after)).toEqual(start.context)
      if (start.state === 'failed') {
        expect(ctx<RequestCtx>(s.after).failure).toBe(start.context.failure)
        expect(trace(s)).toEqual(['reportFailure'])
        expect(named(s)).toEqual([{ type: 'reportFailure', params: { error: start.context.failure } }])
        expect((named(s)[0]!.params as { error: unknown }).error).toBe(start.context.failure)
      } else {
        expect(s.effects).toEqual([])
      }
    },
  },
  {
    name: 'busy exactly while loading, and the call runs exactly then',
    requirement: 'R8.2',
    check: (s) => {
      expect(s.after.hasTag('busy')).toBe(state(s.after) === 'loading')
      expect(Object.keys(s.after.children)).toEqual(state(s.after) === 'loading' ? ['run'] : [])
    },
  },
  {
    name: 'a call under way is waited for: its answer and its failure are both taken',
    requirement: 'R8.2',
    when: (s) => state(s.after) === 'loading',
    check: (s) => {
      expect(s.after.can({ type: 'xstate.done.actor.run', actorId: 'run', output: ANSWER } as never)).toBe(true)
      expect(s.after.can({ type: 'xstate.error.actor.run', actorId: 'run', error: TOO_MANY } as never)).toBe(true)
    },
  },
  {
    name: 'done holds a result and no error; failed holds the error message',
    requirement: 'R8.2',
    check: (s) => {
      const c = ctx<RequestCtx>(s.after)
      if (state(s.after) === 'done') {
        expect(c.result).not.toBeNull()
        expect([c.error, c.failure]).toEqual([null, null])
      }
      if (state(s.after) === 'failed') expect(typeof c.error).toBe('string')
    },
  },
  {
    name: 'start (from idle) and retry (after a failure) run the call, and change nothing else',
    requirement: 'R8.2',
    when: (s) => from(s, 'idle', 'request.start') || from(s, 'failed', 'request.retry'),
    check: (s) => {
      expect(state(s.after)).toBe('loading')
      expect(s.effects).toEqual([{ kind: 'start', id: 'run', src: 'run', input: undefined }])
      expect(ctx(s.after)).toEqual(ctx(s.before))
    },
  },
  {
    name: 'an answer: done with the result (no error), the call ends, then the page uses the result',
    requirement: 'R8.2',
    when: (s) => from(s, 'loading', 'xstate.done.actor.run'),
    check: (s) => {
      expect(state(s.after)).toBe('done')
      expect(ctx(s.after)).toEqual({ result: s.event.output, error: null, failure: null })
      expect(ctx<RequestCtx>(s.after).result).toBe(s.event.output)
      expect(named(s)).toEqual([{ type: 'succeeded', params: s.event.output }])
      expect(stops(s)).toEqual(['run'])
    },
  },
  {
    name: 'a failure: failed with the message, logged to the console, then told to the visitor',
    requirement: 'R8.2, R8.9',
    when: (s) => from(s, 'loading', 'xstate.error.actor.run'),
    check: (s) => {
      expect(state(s.after)).toBe('failed')
      const c = ctx<RequestCtx>(s.after)
      expect(c.error).toBe(s.event.message)
      expect(c.failure).toBe(s.event.error)
      expect(c.result).toEqual(ctx<RequestCtx>(s.before).result)
      expect(named(s)).toEqual([
        { type: 'logError', params: { error: s.event.error } },
        { type: 'reportFailure', params: { error: s.event.error } },
      ])
      expect(stops(s)).toEqual(['run'])
    },
  },
  {
    name: 'the page uses a result only when the call answers, and reports a failure only when one happens',
    requirement: 'R8.2',
    when: (s) => s.index > 0 && !from(s, 'loading', 'xstate.done.actor.run') && !from(s, 'loading', 'xstate.error.actor.run'),
    check: (s) => expect(trace(s).filter((t) => t !== 'start:run')).toEqual([]),
  },
]

export const requestModel: MachineModel = {
  name: 'request',
  machine: requestMachine,
  inputs,
  events: () => events,
  properties,
}
