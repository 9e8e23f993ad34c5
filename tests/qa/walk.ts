/**
 * Walks one path of a machine's model in the browser (decision 122): the binding opens the start,
 * takes each step as the visitor or the world, and checks after each one that the page shows what
 * the machine's state promises. The snapshots come from the machine tests' harness (`stepsAlong`,
 * the same machine with inert effects), so every check is the state the model says the site is in.
 * Each step is a `test.step` in a tester's words; a failed check says which state was expected, the
 * rules of the machine that speak about that step, and what the page showed, with a screenshot.
 */
import { test } from '@playwright/test'
import { stateText } from '../../scripts/paths/values.ts'
import { appliesAt, type MachineModel, type Snap, type Step, stepsAlong, type TestEvent } from '../machines/harness.ts'
import type { Binding, StateView, World } from './binding.ts'

export interface WalkedPath {
  /** The model's start label. */
  start: string
  input: unknown
  events: readonly TestEvent[]
}

const read = (world: World, selector: string, lines: number) =>
  world.page
    .locator(selector)
    .first()
    .ariaSnapshot({ timeout: 2_000 })
    .then((tree) => tree.split('\n').slice(0, lines).join('\n'))
    .catch(() => null)

/**
 * What the page showed, for a failure's message: its address, the start of its main content's
 * accessibility tree (what a visitor is offered there) and the toasts on screen.
 */
async function pageShowed(world: World): Promise<string> {
  const main = (await read(world, 'main', 30)) ?? (await read(world, 'body', 30)) ?? '(the page could not be read)'
  const toasts = await read(world, '[data-sonner-toaster]', 10)
  return `${world.page.url()}:\n${main}${toasts ? `\ntoasts:\n${toasts}` : ''}`
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error))

/** The rules of a model that speak about a step, for a failure's message. */
export function rulesAt(model: MachineModel, step: Step): string[] {
  return model.properties.filter((p) => appliesAt(p, step)).map((p) => `"${p.name}" (${p.requirement})`)
}

/** Checks that the page shows a state; a failure names the state, the rules at the step and what the page showed. */
export async function checkState(world: World, state: Snap, view: StateView, rules: readonly string[] = []): Promise<void> {
  try {
    await view.see(world)
  } catch (error) {
    await test.info().attach('the page when the check failed', { body: await world.page.screenshot({ fullPage: true }), contentType: 'image/png' })
    const broke = rules.length ? `; the rules at this step: ${rules.join(', ')}` : ''
    throw new Error(`expected the state "${stateText(state.value)}" (${view.words})${broke}; the page showed ${await pageShowed(world)}\n${firstLine(error)}`)
  }
}

/** Opens a start; a failure says what could not begin and what the page showed. */
export async function openStart(world: World, binding: Binding, label: string): Promise<string> {
  const start = binding.starts[label]
  if (!start || 'unreachable' in start) throw new Error(`${binding.machine}: no browser opens the start "${label}"`)
  if (binding.timeout && binding.timeout > test.info().timeout) test.setTimeout(binding.timeout)
  await world.page.setViewportSize(binding.viewport)
  try {
    await start.open(world)
  } catch (error) {
    throw new Error(`could not begin: ${start.words}; the page showed ${await pageShowed(world)}\n${firstLine(error)}`)
  }
  return start.words
}

/**
 * Takes event `i` of a path in the page: a visitor's step is taken after the world's answers that
 * follow it are set up; a world's answer was set up before, and only shows its outcome.
 */
export async function takeStep(world: World, binding: Binding, events: readonly TestEvent[], i: number, before: Snap): Promise<void> {
  const event = events[i]!
  const bound = binding.events[event.type]
  if (!bound || 'unreachable' in bound) throw new Error(`${binding.machine}: no browser causes "${event.type}" (step ${i + 1})`)
  if (bound.by === 'world') return
  for (let j = i + 1; j < events.length; j++) {
    const next = binding.events[events[j]!.type]
    if (!next || 'unreachable' in next || next.by !== 'world') break
    await next.arrange?.(world, events[j]!)
  }
  await bound.act(world, event, before)
}

/** Takes the path in the page: the start, then each step with its check. */
export async function walk(world: World, model: MachineModel, binding: Binding, path: WalkedPath): Promise<void> {
  const steps = stepsAlong(model, path.input, [...path.events])
  const first = steps[0]!.after
  const words = binding.starts[path.start]
  await test.step(`Given ${words && !('unreachable' in words) ? words.words : path.start}`, async () => {
    await openStart(world, binding, path.start)
    await checkState(world, first, binding.view(first, steps[0]!.event), rulesAt(model, steps[0]!))
  })
  for (let i = 0; i < path.events.length; i++) {
    const event = path.events[i]!
    const bound = binding.events[event.type]
    const after = steps[i + 1]!.after
    const view = binding.view(after, event)
    const said =
      bound && !('unreachable' in bound) ? (bound.by === 'visitor' ? `When the visitor ${bound.words(event)}` : `When ${bound.words(event)}`) : event.type
    await test.step(`${said}, then ${view.words}`, async () => {
      await takeStep(world, binding, path.events, i, steps[i]!.after)
      // A visitor's step followed by the world's answer shows its outcome after the answer.
      const next = path.events[i + 1] ? binding.events[path.events[i + 1]!.type] : undefined
      const answered = next !== undefined && !('unreachable' in next) && next.by === 'world'
      if (!answered) await checkState(world, after, view, rulesAt(model, steps[i + 1]!))
    })
  }
}
