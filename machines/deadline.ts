/**
 * R3, R9: the countdown. Starts `idle` (server and first client render agree); after
 * hydration the app sends `deadline.hydrate` with the stored `deadline` value, the time and
 * three random numbers. A missing, invalid or near (under one hour) deadline is replaced by
 * a new one 16 to 23 hours ahead plus random minutes and seconds, and stored.
 * While running, the `ticker` actor sends `deadline.tick` every second.
 */
import { assertEvent, assign, type EventObject, fromCallback, setup } from 'xstate'
import {
  DEADLINE_STORAGE_KEY,
  type DeadlineRandom,
  deadlineToStorage,
  generateDeadline,
  isDeadlineValid,
  parseDeadline,
  type TimeLeft,
  timeLeft,
} from '#machines/rules/deadline.ts'

export interface DeadlineContext {
  /** The deadline in milliseconds, null until hydrated. */
  deadline: number | null
  now: number
  left: TimeLeft
}

export type DeadlineEvent =
  | { type: 'deadline.hydrate'; stored: string | null; now: number; random: DeadlineRandom }
  /** Sent by the `ticker` actor. */
  | { type: 'deadline.tick'; now: number }

export interface TickerInput {
  intervalMs: number
}
export interface StoreDeadlineParams {
  key: string
  value: string
}

export const TICK_INTERVAL_MS = 1000
const ZERO: TimeLeft = { hours: 0, minutes: 0, seconds: 0 }

function tickerInput(): TickerInput {
  return { intervalMs: TICK_INTERVAL_MS }
}
function storeParams({ context }: { context: DeadlineContext }): StoreDeadlineParams {
  return { key: DEADLINE_STORAGE_KEY, value: deadlineToStorage(context.deadline ?? 0) }
}

export const deadlineMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
  types: {
    context: {} as DeadlineContext,
    events: {} as DeadlineEvent,
  },
  actors: {
    /** Sends `{ type: 'deadline.tick', now }` every `intervalMs`; stops when the actor stops. */
    ticker: fromCallback<EventObject, TickerInput>(() => {}),
  },
  actions: {
    assignStored: assign(({ event }) => {
      assertEvent(event, 'deadline.hydrate')
      const deadline = parseDeadline(event.stored) ?? event.now
      return { deadline, now: event.now, left: timeLeft(deadline, event.now) }
    }),
    assignGenerated: assign(({ event }) => {
      assertEvent(event, 'deadline.hydrate')
      const deadline = generateDeadline(event.now, event.random)
      return { deadline, now: event.now, left: timeLeft(deadline, event.now) }
    }),
    assignTick: assign(({ context, event }) => {
      assertEvent(event, 'deadline.tick')
      return { now: event.now, left: timeLeft(context.deadline ?? event.now, event.now) }
    }),
    /** Writes the ISO date-time under `deadline` in local storage. */
    storeDeadline: (_, _params: StoreDeadlineParams) => {},
  },
  guards: {
    isStoredDeadlineValid: ({ event }) => {
      assertEvent(event, 'deadline.hydrate')
      return isDeadlineValid(event.stored, event.now)
    },
    /** A countdown without a deadline never finishes. */
    isDeadlineReached: ({ context, event }) => {
      assertEvent(event, 'deadline.tick')
      return event.now >= (context.deadline ?? Number.POSITIVE_INFINITY)
    },
  },
}).createMachine({
  id: 'deadline',
  context: { deadline: null, now: 0, left: ZERO },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'deadline.hydrate': [
          { guard: 'isStoredDeadlineValid', target: 'running', actions: 'assignStored' },
          { target: 'running', actions: ['assignGenerated', { type: 'storeDeadline', params: storeParams }] },
        ],
      },
    },
    running: {
      invoke: { id: 'ticker', src: 'ticker', input: tickerInput },
      on: {
        'deadline.tick': [{ guard: 'isDeadlineReached', target: 'finished', actions: 'assignTick' }, { actions: 'assignTick' }],
      },
    },
    /** The deadline passed while the page was open; the next visit makes a new one. */
    finished: {},
  },
})

export type DeadlineMachine = typeof deadlineMachine
