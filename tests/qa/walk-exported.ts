/**
 * A path as `npm run paths -- --format playwright` writes it into a spec (its start, input and
 * events as the JSON export encodes them), walked with its machine's model and binding (decision 122).
 */

import { modelNamed } from '../../scripts/paths/models.ts'
import { decode } from '../../scripts/paths/values.ts'
import type { TestEvent } from '../machines/harness.ts'
import type { World } from './binding.ts'
import { BINDINGS } from './bindings/index.ts'
import { walk } from './walk.ts'

export interface ExportedWalk {
  start: string
  input?: unknown
  events: unknown[]
}

export async function walkExported(world: World, machine: string, path: ExportedWalk): Promise<void> {
  const model = modelNamed(machine)
  const binding = BINDINGS[machine]
  if (!model || !binding) throw new Error(`the machine "${machine}" has no model or no browser binding here`)
  await walk(world, model, binding, { start: path.start, input: decode(path.input), events: path.events.map((e) => decode(e) as TestEvent) })
}

/** The viewport of a machine's binding, for `test.use`. */
export function viewportOf(machine: string): { width: number; height: number } {
  const binding = BINDINGS[machine]
  if (!binding) throw new Error(`the machine "${machine}" has no browser binding`)
  return binding.viewport
}
