/**
 * A machine's generated diagram (docs/flows/<name>.svg) beside the component that drives it,
 * with the machine's live state: every actor of that machine the story creates reports its
 * snapshots through the inspector; the active states are outlined in the diagram, and the
 * transitions taken so far are listed in order (quick ones too, which a glance at the diagram
 * would miss).
 */
import { type ReactNode, useEffect, useState } from 'react'
import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate'
import { isStopped, onInspection } from '../inspector.ts'
import { PathStepper } from './path-stepper.tsx'

/** `{ paying: 'charging' }` → `paying`, `paying__charging` (the diagram's node ids). */
export function activeIds(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`]
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...(child ? activeIds(child as StateValue, `${prefix}${key}__`) : [])])
}

function format(value: StateValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** `{ paying: 'charging' }` → `paying.charging`; parallel regions joined by `, `. */
export function dotted(value: StateValue): string {
  if (typeof value === 'string') return value
  return Object.entries(value)
    .map(([key, child]) => (child && (typeof child === 'string' || Object.keys(child).length) ? `${key}.${dotted(child as StateValue)}` : key))
    .join(', ')
}

/** The outline colour of an active state (the style below); tests read it back from the diagram. */
export const ACTIVE_STROKE = 'rgb(229, 83, 75)'

interface ActorState {
  id: string
  value: StateValue
  event: string
}
interface Step {
  key: number
  value: string
  event: string
}
const TRAIL_LENGTH = 20
let steps = 0

/**
 * `svg` is the machine's diagram, or its overview followed by the diagrams of its compound states
 * (docs/flows/<name>.<state>.svg, for a machine wider than one screen): each is shown and outlined.
 */
export function FlowView({ machineId, name, svg, children }: { machineId: string; name: string; svg: string | readonly string[]; children: ReactNode }) {
  const diagrams = typeof svg === 'string' ? [svg] : svg
  const [actors, setActors] = useState<Record<string, ActorState>>({})
  const [trail, setTrail] = useState<Step[]>([])
  useEffect(() => {
    // The last state seen per actor, in the order the inspector reports them.
    const last = new Map<string, string>()
    return onInspection((event: InspectionEvent) => {
      if (event.type !== '@xstate.snapshot') return
      const ref = event.actorRef as AnyActorRef & { logic?: { id?: string } }
      if (ref.logic?.id !== machineId) return
      if (isStopped(event)) {
        last.delete(ref.sessionId)
        setActors(({ [ref.sessionId]: _gone, ...rest }) => rest)
        return
      }
      const snapshot = event.snapshot as { value?: StateValue; status?: string }
      if (snapshot.value === undefined) return
      const value = snapshot.value
      if (last.get(ref.sessionId) !== format(value)) {
        last.set(ref.sessionId, format(value))
        const step = { key: steps++, value: dotted(value), event: event.event.type }
        setTrail((t) => [...t, step].slice(-TRAIL_LENGTH))
      }
      setActors((all) => ({ ...all, [ref.sessionId]: { id: ref.sessionId, value, event: event.event.type } }))
    })
  }, [machineId])
  const list = Object.values(actors)
  const active = new Set(list.flatMap((a) => activeIds(a.value)))
  const highlight = [...active]
    .map((id) => `.flow-diagram [data-id="${CSS.escape(id)}"] > rect, .flow-diagram [data-id="${CSS.escape(id)}"] > rect:first-child`)
    .join(',\n')
  return (
    <div className="flow-view">
      <section className="flow-view__component" aria-label="Component">
        {children}
      </section>
      <section className="flow-view__machine" aria-label={`The ${name} machine`}>
        <h2>
          Machine <code>{machineId}</code>
        </h2>
        <div role="status" aria-live="polite" data-testid="flow-state">
          {list.length === 0 ? (
            <p>Waiting for the component to start the machine…</p>
          ) : (
            <ul>
              {list.map((a) => (
                <li key={a.id}>
                  <code data-testid="flow-state-value">{format(a.value)}</code> <small>after {a.event}</small>
                </li>
              ))}
            </ul>
          )}
        </div>
        <style>{`${highlight || '.flow-none'} { stroke: ${ACTIVE_STROKE} !important; stroke-width: 4 !important; fill: #fff2e0 !important; }`}</style>
        {/* A wide diagram scrolls by keyboard; the SVG is our own, generated into docs/flows. */}
        {diagrams.map((diagram, index) => (
          <figure
            // The diagrams are fixed for the story: their order is their identity.
            key={index}
            className="flow-diagram"
            // A figure, not an image: an overview's collapsed states are links to their own diagrams.
            tabIndex={0}
            aria-label={index === 0 ? `State diagram of the ${name} machine` : `State diagram of the ${name} machine, part ${index}`}
            dangerouslySetInnerHTML={{ __html: diagram }}
          />
        ))}
        <p>
          Generated by <code>npm run flows</code> into <code>docs/flows/{name}.svg</code>
          {diagrams.length > 1 ? ' (the overview) and the diagrams of its compound states' : ''}.
        </p>
        <PathStepper name={name} />
        <h3>Transitions</h3>
        <ol className="flow-trail" data-testid="flow-trail">
          {trail.map((step) => (
            <li key={step.key}>
              <code data-testid="flow-trail-value">{step.value}</code> <small>after {step.event}</small>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
