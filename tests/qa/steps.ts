/**
 * The steps of the features `npm run paths -- --format gherkin --out DIR` writes for a machine with
 * a browser binding (decision 122), for playwright-bdd. A scenario tagged `@path:N` of a feature
 * tagged `@machine:NAME` walks path N of the `NAME.paths.json` written beside it: each `When` must be
 * the step the machine's path takes there, in the binding's words, and is taken in the page; each
 * `Then` checks what the page shows. A failure names the state expected and the machine's rules that
 * speak about the step.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { test as bddTest, createBdd, type DataTable } from 'playwright-bdd'
import { modelNamed } from '../../scripts/paths/models.ts'
import { PathsFile } from '../../scripts/paths/schema.ts'
import { decode } from '../../scripts/paths/values.ts'
import type { MachineModel, Step, TestEvent } from '../machines/harness.ts'
import { stepsAlong } from '../machines/harness.ts'
import { type Binding, stepWords, type World } from './binding.ts'
import { BINDINGS } from './bindings/index.ts'
import { worldOn } from './fixtures.ts'
import { checkState, openStart, rulesAt, takeStep } from './walk.ts'

/** Where a scenario is on its machine's path. */
interface Walk {
  start: string
  model: MachineModel
  binding: Binding
  steps: Step[]
  events: TestEvent[]
  /** How many of the path's events have been taken. */
  taken: number
}

const tag = (tags: readonly string[], name: string) => tags.find((t) => t.startsWith(`@${name}:`))?.slice(name.length + 2)

export const test = bddTest.extend<{ world: World; walk: { current: Walk | null } }>({
  world: async ({ page, request }, use) => {
    await use(await worldOn(page, request))
  },
  // biome-ignore lint/correctness/noEmptyPattern: a fixture that needs no other
  walk: async ({}, use) => {
    await use({ current: null })
  },
})

const { Given, When, Then } = createBdd(test)

/** The path a scenario walks: its feature's machine, its own number, from the `.paths.json` beside the feature. */
function pathOf(featureUri: string, tags: readonly string[]): Walk {
  const machine = tag(tags, 'machine')
  const number = Number(tag(tags, 'path'))
  const model = machine ? modelNamed(machine) : undefined
  const binding = machine ? BINDINGS[machine] : undefined
  if (!machine || !model || !binding) throw new Error(`the feature names no machine with a browser binding (@machine:NAME): ${machine ?? 'none'}`)
  const file = join(dirname(featureUri), `${machine}.paths.json`)
  const saved = PathsFile.assert(JSON.parse(readFileSync(file, 'utf8'))).machines.find((m) => m.machine === machine)
  const path = saved?.paths.find((p) => p.number === number)
  if (!path)
    throw new Error(`${file} has no path ${number} of ${machine}: export the feature and its paths again (npm run paths -- --format gherkin --out DIR)`)
  const events = path.steps.map((s) => decode(s.event) as TestEvent)
  return { start: path.start, model, binding, events, steps: stepsAlong(model, decode(path.input), events), taken: 0 }
}

Given(/^the rules of the ([\w-]+) machine hold at every step:$/u, async ({ $tags }, machine: string, rules: DataTable) => {
  // The machine tests check them; the feature lists them, once, for its reader: they must be the machine's.
  const model = modelNamed(machine)
  if (tag($tags, 'machine') !== machine || !model) throw new Error(`the feature is of the ${tag($tags, 'machine')} machine, not ${machine}`)
  const unknown = rules.hashes().filter((row) => !model.properties.some((p) => p.name === row.rule))
  if (unknown.length) throw new Error(`the ${machine} machine has no rule ${unknown.map((r) => `"${r.rule}"`).join(', ')}: export the feature again`)
})

Given(/^(?!the rules of )(.+)$/u, async ({ world, walk, $tags, $bddContext }, words: string) => {
  walk.current = pathOf(resolve($bddContext.featureUri), $tags)
  const start = walk.current.binding.starts[walk.current.start]
  const expected = start && !('unreachable' in start) ? start.words : walk.current.start
  if (expected !== words) throw new Error(`the feature begins "${words}", and the machine's path begins "${expected}": export the feature again`)
  await openStart(world, walk.current.binding, walk.current.start)
})

When(/^(.+)$/u, async ({ world, walk }, words: string) => {
  const w = walk.current!
  const event = w.events[w.taken]
  if (!event) throw new Error(`the machine's path ends before "${words}"`)
  const expected = stepWords(w.binding, event)
  if (expected !== words) throw new Error(`the feature says "${words}", and the machine's path takes "${expected}" here: export the feature again`)
  await takeStep(world, w.binding, w.events, w.taken, w.steps[w.taken]!.after)
  w.taken++
})

Then(/^(.+)$/u, async ({ world, walk }, words: string) => {
  const w = walk.current!
  // A visitor's step followed by the world's answer shows its outcome after the answer.
  const next = w.events[w.taken]
  const bound = next ? w.binding.events[next.type] : undefined
  if (bound && !('unreachable' in bound) && bound.by === 'world' && w.taken > 0) return
  const step = w.steps[w.taken]!
  const view = w.binding.view(step.after, step.event)
  if (view.words !== words)
    throw new Error(`the feature says the visitor sees "${words}", and the machine's state shows "${view.words}" here: export the feature again`)
  await checkState(world, step.after, view, rulesAt(w.model, step))
})
