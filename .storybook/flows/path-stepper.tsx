/**
 * Decision 122: a product owner steps through the machine's generated paths on its flow page. The
 * paths are `docs/flows/<machine>.walk.json` (`npm run flows`, the default cover, in the tester's
 * words where the machine has a browser binding); once a path or a step is chosen, the diagram
 * outlines the step's states in blue (dashed), over the live states of the component beside it
 * (red), and each step shows its words, what the visitor sees and the requirements its checks
 * stand for.
 */
import { useState } from 'react'
import type { Walkthrough } from '../../scripts/paths/walkthrough.ts'

/** The outline colour of a stepped state; tests read it back from the diagram. */
export const STEP_STROKE = 'rgb(31, 111, 235)'

const WALKS = import.meta.glob<string>('../../docs/flows/*.walk.json', { eager: true, query: '?raw', import: 'default' })

/** The walkthrough `npm run flows` wrote for a machine, or null. */
export function walkthroughOf(name: string): Walkthrough | null {
  const text = WALKS[`../../docs/flows/${name}.walk.json`]
  return text ? (JSON.parse(text) as Walkthrough) : null
}

export function PathStepper({ name }: { name: string }) {
  const walk = walkthroughOf(name)
  const [path, setPath] = useState(0)
  const [at, setAt] = useState(0)
  // Until the owner picks a path or a step, the diagram shows only the component's live states.
  const [stepping, setStepping] = useState(false)
  if (!walk || walk.paths.length === 0) return null
  const steps = walk.paths[path]!.steps
  const step = steps[at]!
  const outline = step.active.map((id) => `.flow-view .flow-view__machine .flow-diagram [data-id="${CSS.escape(id)}"] > rect`).join(',\n')
  const choose = (n: number) => {
    setPath(n)
    setAt(0)
    setStepping(true)
  }
  const go = (n: number) => {
    setAt(n)
    setStepping(true)
  }
  return (
    <section className="flow-stepper" aria-label="Generated paths" data-testid="flow-stepper">
      <h3>Generated paths</h3>
      {stepping ? <style>{`${outline} { stroke: ${STEP_STROKE} !important; stroke-width: 4 !important; stroke-dasharray: 6 3; }`}</style> : null}
      <label>
        Path{' '}
        <select value={path} onChange={(e) => choose(Number(e.currentTarget.value))} data-testid="flow-stepper-path">
          {walk.paths.map((p, i) => (
            <option key={p.number} value={i}>
              {p.title} ({p.steps.length - 1} {p.steps.length === 2 ? 'step' : 'steps'})
            </option>
          ))}
        </select>
      </label>
      <div className="flow-stepper__buttons">
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>
          Previous step
        </button>
        <span data-testid="flow-stepper-position">{at === 0 ? 'Start' : `Step ${at} of ${steps.length - 1}`}</span>
        <button type="button" onClick={() => go(at + 1)} disabled={at === steps.length - 1}>
          Next step
        </button>
      </div>
      <dl className="flow-stepper__step" data-testid="flow-stepper-step">
        <dt>{at === 0 ? 'Begins' : 'Happens'}</dt>
        <dd data-testid="flow-stepper-words">{step.words}</dd>
        {step.sees ? (
          <>
            <dt>The visitor sees</dt>
            <dd data-testid="flow-stepper-sees">{step.sees}</dd>
          </>
        ) : null}
        <dt>State</dt>
        <dd>
          <code data-testid="flow-stepper-state">{step.state}</code> <small>after {step.event}</small>
        </dd>
        <dt>Requirements checked</dt>
        <dd data-testid="flow-stepper-requirements">{step.requirements.join(', ')}</dd>
      </dl>
    </section>
  )
}
