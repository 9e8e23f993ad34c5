import { describe, expect, it } from 'vitest'
import { deadlineToStorage, generateDeadline, isDeadlineValid, parseDeadline, timeLeft } from '#machines/rules/deadline'

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)
const HOUR = 3_600_000

describe('spec 3, 9: deadline validity', () => {
  it('accepts an ISO date-time at least one hour ahead', () => {
    expect(isDeadlineValid(new Date(NOW + HOUR).toISOString(), NOW)).toBe(true)
    expect(isDeadlineValid(new Date(NOW + 20 * HOUR).toISOString(), NOW)).toBe(true)
    expect(isDeadlineValid('2025-01-16T08:00:00+03:00', NOW)).toBe(true)
  })
  it('rejects missing, invalid or near values', () => {
    expect(isDeadlineValid(null, NOW)).toBe(false)
    expect(isDeadlineValid(undefined, NOW)).toBe(false)
    expect(isDeadlineValid('', NOW)).toBe(false)
    expect(isDeadlineValid('tomorrow', NOW)).toBe(false)
    expect(isDeadlineValid('1736942400000', NOW)).toBe(false)
    expect(isDeadlineValid('2025-13-45T99:00:00Z', NOW)).toBe(false)
    expect(isDeadlineValid(new Date(NOW + HOUR - 1).toISOString(), NOW)).toBe(false)
    expect(isDeadlineValid(new Date(NOW - HOUR).toISOString(), NOW)).toBe(false)
  })
  it('parses to milliseconds', () => {
    expect(parseDeadline(deadlineToStorage(NOW + 5000))).toBe(NOW + 5000)
  })
})

describe('spec 9: deadline generation from a random source', () => {
  it('is 16 to 23 whole hours ahead plus 0-59 minutes and 0-59 seconds', () => {
    expect(generateDeadline(NOW, { hours: 0, minutes: 0, seconds: 0 })).toBe(NOW + 16 * HOUR)
    const max = generateDeadline(NOW, { hours: 0.999999, minutes: 0.999999, seconds: 0.999999 })
    expect(max).toBe(NOW + 23 * HOUR + 59 * 60_000 + 59_000)
    expect(generateDeadline(NOW, { hours: 0.5, minutes: 0.5, seconds: 0.5 })).toBe(NOW + 20 * HOUR + 30 * 60_000 + 30_000)
  })
  it('stays in range for any random numbers, even out-of-range ones', () => {
    for (const r of [-1, 0, 0.3, 0.7, 1, 2, Number.NaN]) {
      const d = generateDeadline(NOW, { hours: r, minutes: r, seconds: r })
      expect(d - NOW).toBeGreaterThanOrEqual(16 * HOUR)
      expect(d - NOW).toBeLessThan(24 * HOUR)
      expect(isDeadlineValid(deadlineToStorage(d), NOW)).toBe(true)
    }
  })
})

describe('spec 9: time left', () => {
  it('splits into hours, minutes, seconds and stops at zero', () => {
    expect(timeLeft(NOW + 20 * HOUR + 61_500, NOW)).toEqual({ hours: 20, minutes: 1, seconds: 1 })
    expect(timeLeft(NOW, NOW + 5000)).toEqual({ hours: 0, minutes: 0, seconds: 0 })
  })
})
