/**
 * What the flow stories' play functions read back from a flow page and wait for: the states
 * outlined in the diagram and the transitions listed under it.
 */
import { expect, waitFor, within } from 'storybook/test'
import { ACTIVE_STROKE } from './flow-view.tsx'
import { STEP_STROKE } from './path-stepper.tsx'

/** The states outlined in the diagram in a colour (by node id, `paying__charging`), read back from the rendered SVG. */
function outlined(canvasElement: HTMLElement, stroke = ACTIVE_STROKE): string[] {
  return (
    Array.from(canvasElement.querySelectorAll<SVGGElement>('.flow-diagram [data-id]'))
      .filter((node) => {
        const rect = node.querySelector(':scope > rect')
        return rect !== null && getComputedStyle(rect).stroke === stroke
      })
      .map((node) => node.dataset.id ?? '')
      // A state drawn in the overview and in its part diagram (or outside a part) counts once.
      .filter((id, index, all) => all.indexOf(id) === index)
      .sort()
  )
}
/** The states the path stepper outlines (decision 122). */
export const stepped = (canvasElement: HTMLElement) => outlined(canvasElement, STEP_STROKE)

/** Waits until exactly these states are outlined. */
export const outlines = (canvasElement: HTMLElement, ...ids: string[]) => waitFor(() => expect(outlined(canvasElement)).toEqual([...ids].sort()))

/** The transitions listed under the diagram, oldest first (`paying.charging`). */
const trail = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByTestId('flow-trail-value')
    .map((e) => e.textContent ?? '')
/** Waits until the listed transitions contain these states in this order (others may come between). */
export const passedThrough = (canvasElement: HTMLElement, ...values: string[]) =>
  waitFor(() => {
    const taken = trail(canvasElement)
    let at = 0
    for (const value of taken) if (value === values[at]) at++
    if (at < values.length) throw new Error(`Transitions ${JSON.stringify(taken)} do not pass through ${JSON.stringify(values)} in order`)
  })
