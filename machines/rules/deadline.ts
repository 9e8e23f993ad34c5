/** R3, R9: the countdown deadline. Pure functions: time and randomness are arguments. */

/** R3: the local storage key holding the deadline as an ISO date-time. */
export const DEADLINE_STORAGE_KEY = 'deadline'
/** R9: a stored deadline closer than this is replaced. */
export const DEADLINE_MIN_REMAINING_MS = 60 * 60 * 1000
export const DEADLINE_MIN_HOURS = 16
export const DEADLINE_MAX_HOURS = 23

/** Three independent numbers in [0, 1), as `Math.random()` gives. */
export interface DeadlineRandom {
  hours: number
  minutes: number
  seconds: number
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/u

/** The stored value as milliseconds, or null when it is not an ISO date-time (nothing around it). */
export function parseDeadline(stored: string | null | undefined): number | null {
  // Nothing stored reads as "null" or "undefined": no date-time either.
  const value = String(stored)
  if (!ISO_DATE_TIME.test(value)) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

/** R9: usable when it parses and at least one hour remains. */
export function isDeadlineValid(stored: string | null | undefined, now: number): boolean {
  const ms = parseDeadline(stored)
  return ms !== null && ms - now >= DEADLINE_MIN_REMAINING_MS
}

function pick(random: number, count: number): number {
  const r = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1 - Number.EPSILON) : 0
  return Math.floor(r * count)
}

/** R9: 16 to 23 whole hours ahead, plus 0-59 minutes and 0-59 seconds, all random. */
export function generateDeadline(now: number, random: DeadlineRandom): number {
  const hours = DEADLINE_MIN_HOURS + pick(random.hours, DEADLINE_MAX_HOURS - DEADLINE_MIN_HOURS + 1)
  const minutes = pick(random.minutes, 60)
  const seconds = pick(random.seconds, 60)
  return now + ((hours * 60 + minutes) * 60 + seconds) * 1000
}

export interface TimeLeft {
  hours: number
  minutes: number
  seconds: number
}

/** Whole hours, minutes and seconds left; zero once the deadline has passed. */
export function timeLeft(deadline: number, now: number): TimeLeft {
  const total = Math.max(0, Math.floor((deadline - now) / 1000))
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 }
}

/** The value written to storage. */
export function deadlineToStorage(deadline: number): string {
  return new Date(deadline).toISOString()
}
