import type { AnyStateMachine, EventObject } from 'xstate'
import type { EffectOracle, Fakes, Snap, TestEvent } from '../harness'

export interface MachineModel {
  name: string
  /** The spec sections it implements (for the describe names). */
  spec: string
  machine: AnyStateMachine
  fakes: Fakes
  oracle: EffectOracle
  /** One traversal per input. */
  inputs: { label: string; input?: unknown; startAt?: number }[]
  /** Events offered in each state for the shortest paths. */
  events: (snapshot: Snap) => TestEvent[]
  /** A smaller event set for simple paths (all orderings), to keep their number bounded. */
  simpleEvents?: (snapshot: Snap) => TestEvent[]
}
