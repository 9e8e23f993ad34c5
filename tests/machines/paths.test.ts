import { afterAll, describe, expect, it } from 'vitest'
import { Coverage, describePath, generatePaths, printCoverage, replayPath } from './harness'
import { authModel } from './models/auth'
import { deadlineModel } from './models/deadline'
import { localeModel } from './models/locale'
import { paymentModel } from './models/payment'
import { lightboxModel, menuModel, modalModel } from './models/ui'
import { accountModel, fieldModel, requestModel, signInModel } from './models/forms'
import { confirmModel } from './models/sign-in-confirm'
import type { MachineModel } from './models/types'

const models: MachineModel[] = [authModel, localeModel, paymentModel, deadlineModel, menuModel, modalModel, lightboxModel, fieldModel, signInModel, confirmModel, accountModel, requestModel]
const coverages = new Map<string, Coverage>(models.map((m) => [m.name, new Coverage(m.name, m.machine)]))

for (const model of models) {
  describe(`${model.spec} (generated paths)`, () => {
    for (const variant of model.inputs) {
      const { shortest, transitions, simple } = generatePaths(model.machine, {
        input: variant.input,
        events: model.events,
        simpleEvents: model.simpleEvents,
      })
      describe(`from ${variant.label}`, () => {
        for (const [kind, paths] of [['shortest', shortest], ['transition', transitions], ['simple', simple]] as const) {
          it(`${kind} paths: ${paths.length}`, async () => {
            expect(paths.length).toBeGreaterThan(0)
            for (const path of paths) {
              const replay = await replayPath(model.machine, path, model.fakes, {
                input: variant.input,
                coverage: coverages.get(model.name),
                startAt: variant.startAt,
              })
              const name = describePath(path)
              for (let i = 0; i < replay.snapshots.length; i++) {
                const expected = replay.snapshots[i]!
                const actual = replay.actual[i]!
                const step = path.steps[i]!
                expect(actual.value, `${name}: state after step ${i}`).toEqual(expected.value)
                expect(actual.context, `${name}: context after step ${i}`).toEqual(expected.context)
                const before = i === 0 ? null : replay.snapshots[i - 1]!
                // An event the state does not take (unhandled, or its guard says no) causes nothing.
                const taken = before === null || before.can(step.event)
                expect(replay.effects[i], `${name}: side effects of step ${i} (${step.event.type})`).toEqual(
                  taken ? model.oracle(before, step.event, expected, variant.input) : [],
                )
              }
            }
          })
        }
      })
    }
  })
}

describe('spec 3, 4: every state and transition of every machine is exercised', () => {
  for (const model of models) {
    it(`${model.name}: 100% of states and transitions`, () => {
      const report = coverages.get(model.name)!.report()
      expect(report.states.missing, `${model.name}: states never entered`).toEqual([])
      expect(report.transitions.missing, `${model.name}: transitions never taken: ${report.transitions.missing.join(', ')}`).toEqual([])
      expect(report.states.covered).toBe(report.states.total)
      expect(report.transitions.covered).toBe(report.transitions.total)
    })
  }
})

afterAll(() => {
  console.log(printCoverage([...coverages.values()].map((c) => c.report())))
})
