/**
 * R3, R9: the deadline countdown. Expected deadlines, stored values and times left are
 * written out literally below (R9's 16 to 23 hours, whole minutes and seconds, one hour
 * at least, the `deadline` storage key), never computed by machines/rules/deadline.
 */

import { deadlineMachine } from '#machines/deadline.ts'
import { expect } from '../check.ts'
import { ctx, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, type Snap, type Step, starts, stops, type TestEvent, trace } from '../harness.ts'

const HOUR = 3_600_000
/** 2025-01-15T12:00:00.000Z */
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)

type Left = { hours: number; minutes: number; seconds: number }
type DeadlineCtx = { deadline: number | null; now: number; left: Left }
const ZERO: Left = { hours: 0, minutes: 0, seconds: 0 }

interface HydrateExpectation {
  /** The deadline the countdown runs to. */
  deadline: number
  /** What is written under `deadline` in local storage; null: the stored value is kept, nothing is written. */
  written: string | null
  /** The time left shown at once. */
  left: Left
}

/** Hours, minutes and seconds: a time left, or the random draws for each. */
const hms = (hours: number, minutes: number, seconds: number): Left => ({ hours, minutes, seconds })

/** `deadline.hydrate` as the countdown sends it after hydration (what is stored, the clock, the random draws), with what the requirements say follows. */
function hydrate(stored: string | null, now: number, random: Left, expected: HydrateExpectation): TestEvent & { expected: HydrateExpectation } {
  return { type: 'deadline.hydrate', stored, now, random, expected }
}

const hydrates: readonly (TestEvent & { expected: HydrateExpectation })[] = [
  // Nothing stored: 16 hours ahead at the least.
  hydrate(null, NOW, hms(0, 0, 0), { deadline: Date.UTC(2025, 0, 16, 4, 0, 0), written: '2025-01-16T04:00:00.000Z', left: hms(16, 0, 0) }),
  // Not a date-time: 23 hours, 59 minutes and 59 seconds ahead at the most.
  hydrate('tomorrow', NOW, hms(0.999999, 0.999999, 0.999999), {
    deadline: Date.UTC(2025, 0, 16, 11, 59, 59),
    written: '2025-01-16T11:59:59.000Z',
    left: hms(23, 59, 59),
  }),
  // A millisecond less than an hour remains: regenerated.
  hydrate('2025-01-15T12:59:59.999Z', NOW, hms(0.5, 0.5, 0.5), {
    deadline: Date.UTC(2025, 0, 16, 8, 30, 30),
    written: '2025-01-16T08:30:30.000Z',
    left: hms(20, 30, 30),
  }),
  // Exactly an hour remains: kept.
  hydrate('2025-01-15T13:00:00.000Z', NOW, hms(0.5, 0.5, 0.5), { deadline: Date.UTC(2025, 0, 15, 13, 0, 0), written: null, left: hms(1, 0, 0) }),
  // An ISO date-time with an offset, 17 hours ahead: kept.
  hydrate('2025-01-16T08:00:00+03:00', NOW, hms(0, 0, 0), { deadline: Date.UTC(2025, 0, 16, 5, 0, 0), written: null, left: hms(17, 0, 0) }),
  // Two hours less half a second: kept, and the time left counts whole seconds.
  hydrate('2025-01-15T14:00:00.000Z', NOW + 500, hms(0, 0, 0), { deadline: Date.UTC(2025, 0, 15, 14, 0, 0), written: null, left: hms(1, 59, 59) }),
  // Passed: regenerated, 16 + floor(0.2 * 8) hours, 15 minutes, 45 seconds.
  hydrate('2025-01-14T12:00:00.000Z', NOW, hms(0.2, 0.25, 0.75), {
    deadline: Date.UTC(2025, 0, 16, 5, 15, 45),
    written: '2025-01-16T05:15:45.000Z',
    left: hms(17, 15, 45),
  }),
  // Milliseconds are not an ISO date-time: regenerated from a time with milliseconds.
  hydrate('1737000000000', NOW + 250, hms(0.125, 0.5, 0), {
    deadline: Date.UTC(2025, 0, 16, 5, 30, 0, 250),
    written: '2025-01-16T05:30:00.250Z',
    left: hms(17, 30, 0),
  }),
]

/** A second of the ticker, relative to the deadline, with the time left the whole units of R9 give. */
const ticks: readonly { before: number; left: Left; reached: boolean }[] = [
  { before: 3_661_000, left: { hours: 1, minutes: 1, seconds: 1 }, reached: false },
  { before: 1000, left: { hours: 0, minutes: 0, seconds: 1 }, reached: false },
  { before: 999, left: ZERO, reached: false },
  { before: 0, left: ZERO, reached: true },
  { before: -5000, left: ZERO, reached: true },
]

function tickEvents(snapshot: Snap): TestEvent[] {
  const deadline = ctx<DeadlineCtx>(snapshot).deadline
  // Before hydration no deadline exists: a stray tick then.
  if (deadline === null) return [{ type: 'deadline.tick', now: NOW + 1000, left: ZERO, reached: false }]
  return ticks.map((t) => ({ type: 'deadline.tick', now: deadline - t.before, left: t.left, reached: t.reached }))
}

const state = (s: Snap): string => String(s.value)
const hydratingFromIdle = (s: Step) => s.event.type === 'deadline.hydrate' && s.before !== null && state(s.before) === 'idle'
const tickWhileRunning = (s: Step) => s.event.type === 'deadline.tick' && s.before !== null && state(s.before) === 'running'
const expectation = (s: Step) => s.event.expected as HydrateExpectation

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts idle, with no deadline and nothing left, and does nothing (server and first render agree)',
    requirement: 'R9.10',
    when: (s) => s.index === 0,
    check: (s) => {
      expect(state(s.after)).toBe('idle')
      expect(ctx(s.after)).toEqual({ deadline: null, now: 0, left: ZERO })
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'idle has no deadline; running and finished have one',
    requirement: 'R9.10',
    check: (s) => {
      const { deadline } = ctx<DeadlineCtx>(s.after)
      if (state(s.after) === 'idle') expect(deadline).toBeNull()
      else expect(typeof deadline).toBe('number')
    },
  },
  {
    name: 'the time left is whole hours, minutes (0-59) and seconds (0-59), never negative',
    requirement: 'R1.9, R9.10',
    check: (s) => {
      const { left } = ctx<DeadlineCtx>(s.after)
      for (const n of [left.hours, left.minutes, left.seconds]) {
        expect(Number.isInteger(n)).toBe(true)
        expect(n).toBeGreaterThanOrEqual(0)
      }
      expect(left.minutes).toBeLessThan(60)
      expect(left.seconds).toBeLessThan(60)
    },
  },
  {
    name: 'the ticker runs exactly while the countdown runs',
    requirement: 'R1.9, R9.10',
    check: (s) => expect(Object.keys(s.after.children)).toEqual(state(s.after) === 'running' ? ['ticker'] : []),
  },
  {
    name: 'a finished countdown shows nothing left',
    requirement: 'R9.10',
    when: (s) => state(s.after) === 'finished',
    check: (s) => expect(ctx<DeadlineCtx>(s.after).left).toEqual(ZERO),
  },
  {
    name: 'hydration starts the countdown and its ticker, a tick every 1000 ms',
    requirement: 'R1.9, R9.10',
    when: hydratingFromIdle,
    check: (s) => {
      expect(state(s.after)).toBe('running')
      expect(starts(s)).toEqual([{ kind: 'start', id: 'ticker', src: 'ticker', input: { intervalMs: 1000 } }])
      expect(ctx<DeadlineCtx>(s.after).now).toBe(s.event.now)
    },
  },
  {
    name: 'a deadline set is at least one hour ahead',
    requirement: 'R9.10',
    when: hydratingFromIdle,
    check: (s) => expect(ctx<DeadlineCtx>(s.after).deadline! - (s.event.now as number)).toBeGreaterThanOrEqual(HOUR),
  },
  {
    name: 'a valid stored deadline (an ISO date-time at least one hour ahead) is kept and not written again',
    requirement: 'R3.11, R9.10',
    when: (s) => hydratingFromIdle(s) && expectation(s).written === null,
    check: (s) => {
      expect(ctx<DeadlineCtx>(s.after).deadline).toBe(expectation(s).deadline)
      expect(trace(s)).toEqual(['start:ticker'])
    },
  },
  {
    name: 'a missing, invalid or near (under one hour) deadline is regenerated 16 to 23 hours ahead plus random minutes and seconds',
    requirement: 'R9.10',
    when: (s) => hydratingFromIdle(s) && expectation(s).written !== null,
    check: (s) => {
      const deadline = ctx<DeadlineCtx>(s.after).deadline!
      const ahead = deadline - (s.event.now as number)
      expect(ahead).toBeGreaterThanOrEqual(16 * HOUR)
      expect(ahead).toBeLessThanOrEqual(23 * HOUR + 59 * 60_000 + 59_000)
      expect(ahead % 1000).toBe(0)
      expect(deadline).toBe(expectation(s).deadline)
    },
  },
  {
    name: 'a regenerated deadline is written as an ISO date-time under `deadline`, before the ticker starts',
    requirement: 'R3.11, R9.10',
    when: (s) => hydratingFromIdle(s) && expectation(s).written !== null,
    check: (s) => {
      expect(trace(s)).toEqual(['storeDeadline', 'start:ticker'])
      expect(s.effects[0]).toMatchObject({ kind: 'action', type: 'storeDeadline', params: { key: 'deadline', value: expectation(s).written } })
    },
  },
  {
    name: 'the time left is shown at once after hydration',
    requirement: 'R1.9, R9.10',
    when: hydratingFromIdle,
    check: (s) => expect(ctx<DeadlineCtx>(s.after).left).toEqual(expectation(s).left),
  },
  {
    name: 'a tick keeps the deadline, takes the time and shows the whole time left',
    requirement: 'R9.10',
    when: tickWhileRunning,
    check: (s) => {
      const before = ctx<DeadlineCtx>(s.before)
      const after = ctx<DeadlineCtx>(s.after)
      expect(after.deadline).toBe(before.deadline)
      expect(after.now).toBe(s.event.now)
      expect(after.left).toEqual(s.event.left)
    },
  },
  {
    name: 'the countdown finishes when the deadline is reached, and only then; the ticker stops with it',
    requirement: 'R9.10',
    when: tickWhileRunning,
    check: (s) => {
      expect(state(s.after)).toBe(s.event.reached ? 'finished' : 'running')
      expect(s.effects).toEqual(s.event.reached ? [{ kind: 'stop', id: 'ticker' }] : [])
    },
  },
  {
    name: 'nothing is written to storage except on hydration, and the ticker is only stopped by the deadline',
    requirement: 'R3.11, R9.10',
    when: (s) => !hydratingFromIdle(s),
    check: (s) => {
      expect(trace(s).filter((t) => t === 'storeDeadline')).toEqual([])
      if (!tickWhileRunning(s)) expect(stops(s)).toEqual([])
    },
  },
]

export const deadlineModel: MachineModel = {
  name: 'deadline',
  machine: deadlineMachine,
  inputs: [{ label: 'a page with the countdown' }],
  events: (snapshot) => [...hydrates, ...tickEvents(snapshot)],
  properties,
}
