/**
 * Every actor a story creates reports here (the frame passes this as `inspect`); flow pages
 * listen. Components start their actors in effects that run before the flow page's own
 * effect subscribes, so the latest snapshot of each actor is kept and replayed to a new listener.
 */
import type { InspectionEvent } from 'xstate'

type Listener = (event: InspectionEvent) => void
const listeners = new Set<Listener>()
const latest = new Map<string, InspectionEvent>()

export function inspect(event: InspectionEvent): void {
  if (event.type === '@xstate.snapshot') {
    // A stopped actor (its component unmounted, e.g. the frame rendered anew in another
    // language) is no longer part of the page: it is not replayed to a new listener.
    if (isStopped(event)) latest.delete(event.actorRef.sessionId)
    else latest.set(event.actorRef.sessionId, event)
  }
  for (const listener of listeners) listener(event)
}
export function isStopped(event: InspectionEvent): boolean {
  return event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status === 'stopped'
}
export function onInspection(listener: Listener): () => void {
  for (const event of latest.values()) listener(event)
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/** A new story: forget the previous story's actors. */
export function resetInspection(): void {
  latest.clear()
}
