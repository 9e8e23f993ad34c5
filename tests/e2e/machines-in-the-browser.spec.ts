/**
 * Decision 122: every machine with a browser binding, walked in Chromium along the paths of its
 * model that a browser can take, the default cover: the fewest that take every transition a
 * browser can reach. The transitions no browser can take are each listed with the reason.
 */
import { exportMachine } from '../../scripts/paths/cover.ts'
import { modelNamed } from '../../scripts/paths/models.ts'
import { BINDINGS } from '../qa/bindings/index.ts'
import { test } from '../qa/fixtures.ts'
import { walk } from '../qa/walk.ts'
import { expect } from './support/fixtures.ts'

/** What no browser can take, by machine, as the bindings say: written out, so that a lost step shows. */
const NOT_IN_BROWSER: Record<string, string[]> = {
  account: [],
  card: [],
  confirm: [],
  consent: [],
  deadline: [],
  join: [
    'join.registering xstate.done.actor.registerReferrer[0]',
    'join.registering xstate.done.actor.registerReferrer[1]',
    'join.registering xstate.error.actor.registerReferrer[0]',
    'join.starting always[3]',
  ],
  lightbox: ['lightbox.open lightbox.open[0]'],
  locale: ['locale.starting always[0]'],
  menu: [],
  modal: ['modal modal.openCustom[0]', 'modal.custom modal.answer[0]', 'modal.custom modal.close[0]', 'modal.standard modal.close[0]'],
  payment: [
    'payment auth.changed[0]',
    'payment.checkingService always[0]',
    'payment.checkingService always[2]',
    'payment.restoring agreement.set[0]',
    'payment.restoring offer.take[0]',
    'payment.restoring plan.select[0]',
    'payment.restoring plan.select[1]',
    'payment.restoring xstate.done.actor.readStoredState[0]',
    'payment.restoring xstate.error.actor.readStoredState[0]',
    'payment.selecting always[0]',
  ],
  'sign-in': [],
}

for (const [name, binding] of Object.entries(BINDINGS)) {
  const model = modelNamed(name)!
  const paths = exportMachine({ model, starts: model.inputs.map((_, i) => i), cover: 'transitions', binding })
  test.describe(`${name}, in the browser`, () => {
    test.use({ viewport: binding.viewport })
    test('every transition a browser can reach is taken; the others are listed with the reason', () => {
      expect(paths.browser!.notInBrowser.map((n) => n.transition)).toEqual(NOT_IN_BROWSER[name])
      for (const n of paths.browser!.notInBrowser) expect(n.reason.length).toBeGreaterThan(0)
    })
    for (const path of paths.paths) {
      test(`path ${path.number}: ${path.startWords}; ${path.steps.map((s) => s.words).join('; ')}`, async ({ world }) => {
        await walk(world, model, binding, { start: path.start, input: path.input, events: path.steps.map((s) => s.event) })
      })
    }
  })
}
