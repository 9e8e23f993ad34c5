/**
 * Walks one path of a machine's model in the browser (decision 122): the binding opens the start,
 * takes each step as the visitor or the world, and checks after each one that the page shows what
 * the machine's state promises. The snapshots come from the machine tests' harness (`stepsAlong`,
 * the same machine with inert effects), so every check is the state the model says the site is in.
 * Each step is a `test.step` in a tester's words; a failed check says which state was expected and
 * what the page showed, with a screenshot.
 */
import { test } from '@playwright/test'
import { stateText } from '../../scripts/paths/values.ts'
import { type MachineModel, type Snap, stepsAlong, type TestEvent } from '../machines/harness.ts'
import type { Binding, StateView, World } from './binding.ts'

export interface WalkedPath {
  /** The model's start label. */
  start: string
  input: unknown
  events: readonly TestEvent[]
}

/** What the page showed, for a failure's message: its address and the start of its accessibility tree (what a visitor is offered). */
async function pageShowed(world: World): Promise<string> {
  const url = world.page.url()
  const tree = await world.page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch(() => '(the page could not be read)')
  return `${url}:\n${tree.split('\n').slice(0, 25).join('\n')}`
}

async function check(world: World, state: Snap, view: StateView): Promise<void> {
  try {
    await view.see(world)
  } catch (error) {
    const info = test.info()
    await info.attach('the page when the check failed', { body: await world.page.screenshot({ fullPage: true }), contentType: 'image/png' })
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new Error(`expected the state "${stateText(state.value)}" (${view.words}); the page showed ${await pageShowed(world)}\n${why}`)
  }
}

/** Takes the path in the page: the start, then each step with its check. */
export async function walk(world: World, model: MachineModel, binding: Binding, path: WalkedPath): Promise<void> {
  const start = binding.starts[path.start]
  if (!start || 'unreachable' in start) throw new Error(`${binding.machine}: no browser opens the start "${path.start}"`)
  const steps = stepsAlong(model, path.input, [...path.events])
  const first = steps[0]!.after
  await test.step(`Given ${start.words}`, async () => {
    try {
      await start.open(world)
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error)
      throw new Error(`could not begin: ${start.words}; the page showed ${await pageShowed(world)}\n${why}`)
    }
    await check(world, first, binding.view(first))
  })
  for (let i = 0; i < path.events.length; i++) {
    const event = path.events[i]!
    const bound = binding.events[event.type]
    if (!bound || 'unreachable' in bound) throw new Error(`${binding.machine}: no browser causes "${event.type}" (step ${i + 1})`)
    const before = steps[i]!.after
    const after = steps[i + 1]!.after
    const view = binding.view(after)
    if (bound.by === 'world') {
      // Arranged before the visitor's step that asked for it: the page shows its outcome now.
      await test.step(`And ${bound.words(event)}, so ${view.words}`, () => check(world, after, view))
      continue
    }
    await test.step(`When the visitor ${bound.words(event)}, then ${view.words}`, async () => {
      // The world's answers this action asks for are set up first.
      for (let j = i + 1; j < path.events.length; j++) {
        const next = binding.events[path.events[j]!.type]
        if (!next || 'unreachable' in next || next.by !== 'world') break
        await next.arrange?.(world, path.events[j]!)
      }
      await bound.act(world, event, before)
      // A world's answer that follows shows its own outcome; this step's is checked when none does.
      const next = path.events[i + 1] ? binding.events[path.events[i + 1]!.type] : undefined
      if (!next || 'unreachable' in next || next.by === 'visitor') await check(world, after, view)
    })
  }
}
