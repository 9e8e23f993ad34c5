import { deadlineMachine, type DeadlineContext } from '#machines/deadline'
import { deadlineToStorage } from '#machines/rules/deadline'
import type { EventObject, SimulatedClock } from 'xstate'
import type { EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0)
const HOUR = 3600_000
export const RANDOM = { hours: 0.5, minutes: 0.25, seconds: 0.75 }

const hydrations = [
  { type: 'deadline.hydrate', stored: new Date(T0 + 20 * HOUR).toISOString(), now: T0, random: RANDOM },
  { type: 'deadline.hydrate', stored: null, now: T0, random: RANDOM },
  { type: 'deadline.hydrate', stored: 'next tuesday', now: T0, random: RANDOM },
  { type: 'deadline.hydrate', stored: new Date(T0 + 30 * 60_000).toISOString(), now: T0, random: RANDOM },
]

const events = (snapshot: Snap): TestEvent[] => {
  const ctx = snapshot.context as DeadlineContext
  const ticks: TestEvent[] = []
  if (ctx.deadline !== null) {
    if (ctx.now < T0 + 2000) ticks.push({ type: 'deadline.tick', now: ctx.now + 1000 })
    ticks.push({ type: 'deadline.tick', now: ctx.deadline + 1000 })
  }
  return [...hydrations, ...ticks]
}

/** The app's ticker, on the simulated clock: a tick every `intervalMs`. */
function ticker(sendBack: (event: TestEvent) => void, clock: SimulatedClock, input: unknown): () => void {
  const { intervalMs } = input as { intervalMs: number }
  let id = -1
  const arm = () => {
    id = clock.setTimeout(() => {
      sendBack({ type: 'deadline.tick', now: clock.now() })
      arm()
    }, intervalMs)
  }
  arm()
  return () => clock.clearTimeout(id)
}

/** Spec 3, 9: the side effects each step must cause. */
const oracle: EffectOracle = (before, event: TestEvent, after) => {
  const a = after.context as DeadlineContext
  switch (event.type) {
    case 'xstate.init':
      return []
    case 'deadline.hydrate': {
      const stored = event.stored as string | null
      const kept = stored !== null && a.deadline === Date.parse(stored)
      return [
        ...(kept ? [] : [{ type: 'storeDeadline', params: { key: 'deadline', value: deadlineToStorage(a.deadline!) } }]),
        { type: 'invoke', id: 'ticker', input: { intervalMs: 1000 } },
      ]
    }
    case 'deadline.tick':
      return after.matches('finished') && !before!.matches('finished') ? [{ type: 'stop', id: 'ticker' }] : []
    default:
      throw new Error(`deadline oracle: unexpected event ${event.type}`)
  }
}

export const deadlineModel: MachineModel = {
  name: 'deadline',
  spec: 'spec 3, 9: deadline countdown',
  machine: deadlineMachine,
  fakes: {
    actions: ['storeDeadline'],
    clockActors: { ticker },
    clockEvents: ['deadline.tick'],
    timedEvents: ['deadline.hydrate'],
  },
  oracle,
  inputs: [{ label: 'a fresh page' }],
  events,
}
