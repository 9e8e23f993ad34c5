/**
 * The SVG diagrams of a machine, laid out with ELK (the Eclipse Layout Kernel, `elkjs`) and
 * drawn here, so that every edge starts on its source's box and ends on its target's: the
 * geometry is ELK's, and nothing is placed by a second renderer.
 *
 * A machine that fits in {@link MAX_WIDTH} px is one diagram, `<name>.svg`. A wider one is an
 * overview, `<name>.svg`, with its compound states drawn collapsed, plus one diagram per
 * collapsed state, `<name>.<state path>.svg`, linked from the overview; the same rule applies
 * inside each of those. In a compound state's diagram, the states outside it that its
 * transitions reach are drawn as dashed boxes.
 *
 * The SVG names what it draws, for the geometry test (tests/machines/flows-svg.test.ts) and for
 * anyone reading the file: `data-machine` and `data-scope` on the root, `data-id` (the state
 * path joined by `__`, as in the Mermaid text) and `data-label` on each state's group, and
 * `data-from`, `data-to`, `data-label` on each transition's polyline.
 *
 * What a diagram shows is decided in svg-boxes.ts, its geometry in svg-layout.ts, and its markup
 * written in svg-draw.ts; here a machine is cut into diagrams that fit.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { childrenOf } from './graph.ts'
import { partFile, type View } from './svg-boxes.ts'
import { type Diagram, render } from './svg-draw.ts'
import { layout } from './svg-layout.ts'

/** No canvas is wider (issue 36: a diagram a product owner reads on a screen). */
export const MAX_WIDTH = 2000

/** Left to right reads best; a long chain of states that way is too wide, and top to bottom may fit. */
async function draw(view: View): Promise<Diagram> {
  let narrowest: Diagram | null = null
  for (const direction of ['RIGHT', 'DOWN'] as const) {
    const { laid, root, lines } = await layout(view, direction)
    const diagram = render(view, laid, root, lines)
    if (diagram.width <= MAX_WIDTH) return diagram
    if (!narrowest || diagram.width < narrowest.width) narrowest = diagram
  }
  return narrowest as Diagram
}

/** The compound states directly below a state (or the machine's root) that have children of their own. */
function compoundChildren(node: AnyStateNode): AnyStateNode[] {
  return childrenOf(node).filter((child) => childrenOf(child).length > 0)
}

/** The diagrams of one machine: one if it fits, else an overview and a diagram per collapsed state. */
export async function machineDiagrams(name: string, machine: AnyStateMachine): Promise<Diagram[]> {
  const drawScope = async (scope: AnyStateNode | null, file: string): Promise<Diagram[]> => {
    const whole = await draw({ name, machine, file, scope, collapsed: new Set() })
    if (whole.width <= MAX_WIDTH) return [whole]
    const folded = compoundChildren(scope ?? (machine.root as AnyStateNode))
    if (folded.length === 0) throw new Error(`${file}: ${whole.width} px wide with nothing to collapse`)
    const overview = await draw({ name, machine, file, scope, collapsed: new Set(folded) })
    if (overview.width > MAX_WIDTH) throw new Error(`${file}: the overview is ${overview.width} px wide`)
    const parts = await Promise.all(folded.map((node) => drawScope(node, partFile(name, node))))
    return [overview, ...parts.flat()]
  }
  return drawScope(null, `${name}.svg`)
}
