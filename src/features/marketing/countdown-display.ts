/** R9: how the countdown shows the time left. Pure. */
import type { TimeLeft } from '#machines/rules/deadline.ts'

export interface CountdownDisplay {
  hours: string
  minutes: string
  seconds: string
  /** Whole seconds left, for tests and assistive text. */
  total: number
}

const pad = (n: number) => String(Math.max(0, Math.floor(n))).padStart(2, '0')

/** Two digits per unit; hours may have more (a deadline is at most 23 h 59 min 59 s ahead). */
export function countdownDisplay(left: TimeLeft): CountdownDisplay {
  return {
    hours: pad(left.hours),
    minutes: pad(left.minutes),
    seconds: pad(left.seconds),
    total: Math.max(0, left.hours * 3600 + left.minutes * 60 + left.seconds),
  }
}

/** What the server and the first client render: no time yet (the deadline lives in local storage). */
export const COUNTDOWN_PLACEHOLDER: CountdownDisplay = { hours: '--', minutes: '--', seconds: '--', total: 0 }
