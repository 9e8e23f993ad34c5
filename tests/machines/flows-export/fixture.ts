/**
 * A small machine with what the site's machines do not all have (a parallel state, final states
 * and a compound state's completion, a delay, a history state, a combined guard, an invoke, entry
 * and exit actions, a re-entering transition), for the tests of scripts/flows/.
 */
import { and, fromPromise, not, setup } from 'xstate'

export const fixtureMachine = setup({
  actions: { start: () => {}, stop: () => {}, log: () => {} },
  guards: { isReady: () => true, isLate: () => false },
  actors: { load: fromPromise(async () => 1) },
}).createMachine({
  id: 'fixture',
  initial: 'idle',
  states: {
    idle: { on: { go: { target: 'busy', guard: and(['isReady', not('isLate')]) } } },
    busy: {
      type: 'parallel',
      entry: 'start',
      exit: ['stop', 'log'],
      onDone: 'done',
      states: {
        timer: {
          initial: 'waiting',
          states: {
            waiting: { after: { 1000: 'over' }, on: { poke: { target: 'waiting', reenter: true } } },
            over: { type: 'final' },
            back: { type: 'history' },
          },
        },
        work: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: { target: 'loaded', actions: 'log' } } },
            loaded: { type: 'final' },
          },
        },
      },
    },
    done: { always: { target: 'idle', actions: 'log' } },
  },
})
