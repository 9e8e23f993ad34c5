import { type EventObject, fromCallback } from 'xstate'

/** A machine's clock: sends `{ type, now }` every `intervalMs` until the machine stops it. */
export function ticker(type: string) {
  return fromCallback<EventObject, { intervalMs: number }>(({ sendBack, input }) => {
    const id = window.setInterval(() => sendBack({ type, now: Date.now() }), input.intervalMs)
    return () => window.clearInterval(id)
  })
}
