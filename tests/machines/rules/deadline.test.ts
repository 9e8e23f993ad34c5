import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deadlineToStorage, generateDeadline, isDeadlineValid, parseDeadline, timeLeft } from '#machines/rules/deadline.ts'

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)
const HOUR = 3_600_000

describe('R3, R9: deadline validity', () => {
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

describe('R9: deadline generation from a random source', () => {
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

describe('R9: time left', () => {
  it('splits into hours, minutes, seconds and stops at zero', () => {
    expect(timeLeft(NOW + 20 * HOUR + 61_500, NOW)).toEqual({ hours: 20, minutes: 1, seconds: 1 })
    expect(timeLeft(NOW, NOW + 5000)).toEqual({ hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('R3, R9: the stored value is an ISO date-time, whatever the engine parses', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('reads the forms the engine reads: with or without seconds and fractions, Z or an offset with or without its colon', () => {
    expect(parseDeadline('2025-01-16T08:00:00.000Z')).toBe(Date.UTC(2025, 0, 16, 8, 0, 0))
    expect(parseDeadline('2025-01-16T08:00Z')).toBe(Date.UTC(2025, 0, 16, 8, 0, 0))
    expect(parseDeadline('2025-01-16T08:00:00.5Z')).toBe(Date.UTC(2025, 0, 16, 8, 0, 0, 500))
    expect(parseDeadline('2025-01-16T08:00:00+03:00')).toBe(Date.UTC(2025, 0, 16, 5, 0, 0))
    expect(parseDeadline('2025-01-16T08:00:00+0300')).toBe(Date.UTC(2025, 0, 16, 5, 0, 0))
    expect(parseDeadline('2025-01-16T08:00:00-05:30')).toBe(Date.UTC(2025, 0, 16, 13, 30, 0))
  })

  it('refuses what the engine would read but is no ISO date-time with its zone: a date alone, a local time, a mail date, an expanded year', () => {
    // Date.parse takes each of these; a deadline is never written so.
    for (const value of ['2025-01-16', '2025-01-16T08:00:00', 'Thu, 16 Jan 2025 08:00:00 GMT', '+002025-01-16T08:00:00.000Z']) {
      expect(Number.isNaN(Date.parse(value)), value).toBe(false)
      expect(parseDeadline(value), value).toBeNull()
    }
  })

  it('the format alone decides, even where an engine parses anything (as a lax browser might)', () => {
    const PARSED = Date.UTC(2030, 5, 1)
    vi.spyOn(Date, 'parse').mockImplementation(() => PARSED)
    const accepted = [
      '2025-01-16T08:00:00Z',
      '2025-01-16T08:00Z',
      '2025-01-16T08:00:00.1Z',
      '2025-01-16T08:00:00.123456789Z',
      '2025-01-16T08:00:00+03:00',
      '2025-01-16T08:00:00+0300',
      '2025-01-16T08:00:00-05:30',
      '0999-12-31T23:59:59.999Z',
    ]
    for (const value of accepted) expect(parseDeadline(value), value).toBe(PARSED)
    const refused = [
      '',
      'tomorrow',
      '2025-01-16',
      '2025-01-16T08:00:00',
      '2025-01-16T08Z',
      '2025-01-16T08:00:00.Z',
      '2025-01-16T08:00:00.1234567890Z',
      '2025-01-16 08:00:00Z',
      '2025-01-16t08:00:00Z',
      '2025-01-16T08:00:00z',
      '25-01-16T08:00:00Z',
      '02025-01-16T08:00:00Z',
      '2025-1-16T08:00:00Z',
      '2025-01-6T08:00:00Z',
      '2025-01-16T8:00:00Z',
      '2025-01-16T08:0:00Z',
      '2025-01-16T08:00:0Z',
      '2025-01-16T08:00:00+3:00',
      '2025-01-16T08:00:00+03',
      '2025-01-16T08:00:00+03:0',
      '2025-01-16T08:00:00*03:00',
      '2025-01-16T08:00:00ZZ',
      '2025-01-16T08:00:00Z junk',
      'x2025-01-16T08:00:00Z',
      '+002025-01-16T08:00:00.000Z',
      ' 2025-01-16T08:00:00Z',
      '2025-01-16T08:00:00Z ',
      '2025-01-16T08:00:00.000Z\n',
      'ab25-01-16T08:00:00Z',
      '2025-01-16T08:00:00+ab:cd',
    ]
    for (const value of refused) expect(parseDeadline(value), JSON.stringify(value)).toBeNull()
  })

  it('a date-time the engine cannot place in time is none', () => {
    vi.spyOn(Date, 'parse').mockImplementation(() => Number.NaN)
    expect(parseDeadline('2025-01-16T08:00:00Z')).toBeNull()
    vi.spyOn(Date, 'parse').mockImplementation(() => Number.POSITIVE_INFINITY)
    expect(parseDeadline('2025-01-16T08:00:00Z')).toBeNull()
  })
})

// Times from 1950 to 2100 (before 1970 too: a clock may be wrong), as the site writes them.
const MIN_TIME = Date.UTC(1950, 0, 1)
const MAX_TIME = Date.UTC(2100, 0, 1)
const time = fc.integer({ min: MIN_TIME, max: MAX_TIME })
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })

describe('R9: a stored deadline is kept exactly when at least one hour remains (any time)', () => {
  it('for any time and any deadline within two days of it', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: -48 * HOUR, max: 48 * HOUR }), (now, ahead) => {
        expect(isDeadlineValid(new Date(now + ahead).toISOString(), now)).toBe(ahead >= HOUR)
      }),
    )
  })
  it('the boundary: one hour exactly is kept, a millisecond less is not', () => {
    fc.assert(
      fc.property(time, (now) => {
        expect(isDeadlineValid(new Date(now + HOUR).toISOString(), now)).toBe(true)
        expect(isDeadlineValid(new Date(now + HOUR - 1).toISOString(), now)).toBe(false)
      }),
    )
  })
  it('nothing stored, or not a date-time: never kept, whatever the time', () => {
    fc.assert(
      fc.property(time, fc.constantFrom(null, undefined, '', 'tomorrow', 'null', '2025-01-16'), (now, stored) => {
        expect(isDeadlineValid(stored, now)).toBe(false)
      }),
    )
  })
})

describe('R9: a new deadline is 16 to 23 hours, 0 to 59 minutes and 0 to 59 seconds ahead', () => {
  it('for any time and any random numbers: whole seconds, in range, each part in its own range', () => {
    fc.assert(
      fc.property(time, unit, unit, unit, (now, hours, minutes, seconds) => {
        const ahead = generateDeadline(now, { hours, minutes, seconds }) - now
        expect(ahead % 1000).toBe(0)
        const h = Math.floor(ahead / HOUR)
        const m = Math.floor((ahead % HOUR) / 60_000)
        const s = (ahead % 60_000) / 1000
        expect(h).toBeGreaterThanOrEqual(16)
        expect(h).toBeLessThanOrEqual(23)
        expect(m).toBeLessThanOrEqual(59)
        expect(s).toBeLessThanOrEqual(59)
        expect(isDeadlineValid(deadlineToStorage(now + ahead), now)).toBe(true)
      }),
    )
  })
  it('each random number spreads its part evenly over the whole range', () => {
    const at = (hours: number, minutes: number, seconds: number) => (generateDeadline(NOW, { hours, minutes, seconds }) - NOW) / 1000
    // Eight hours (16 to 23): an eighth of the random range each.
    expect([0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875].map((r) => at(r, 0, 0) / 3600)).toEqual([16, 17, 18, 19, 20, 21, 22, 23])
    expect(at(0.124999, 0, 0) / 3600).toBe(16)
    expect(at(0.999999, 0, 0) / 3600).toBe(23)
    // Sixty minutes and sixty seconds: a sixtieth each.
    expect(at(0, 1 / 60, 0)).toBe(16 * 3600 + 60)
    expect(at(0, 59 / 60, 0)).toBe(16 * 3600 + 59 * 60)
    expect(at(0, 0, 1 / 60)).toBe(16 * 3600 + 1)
    expect(at(0, 0, 59 / 60)).toBe(16 * 3600 + 59)
    expect(at(0, 0.999999, 0.999999)).toBe(16 * 3600 + 59 * 60 + 59)
  })
  it('random numbers out of [0, 1) are held to its ends; no number counts as 0', () => {
    expect(generateDeadline(NOW, { hours: 1, minutes: 1, seconds: 1 })).toBe(NOW + 23 * HOUR + 59 * 60_000 + 59_000)
    expect(generateDeadline(NOW, { hours: 5, minutes: 2, seconds: 1.5 })).toBe(NOW + 23 * HOUR + 59 * 60_000 + 59_000)
    expect(generateDeadline(NOW, { hours: -0.5, minutes: -3, seconds: -1 })).toBe(NOW + 16 * HOUR)
    expect(generateDeadline(NOW, { hours: Number.NaN, minutes: Number.POSITIVE_INFINITY, seconds: Number.NEGATIVE_INFINITY })).toBe(NOW + 16 * HOUR)
  })
})

describe('R9: the time left in whole hours, minutes and seconds', () => {
  it('for any deadline and time: the whole seconds left, split, never below zero', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: -48 * HOUR, max: 48 * HOUR }), (now, ahead) => {
        const left = timeLeft(now + ahead, now)
        expect(left.minutes).toBeLessThan(60)
        expect(left.seconds).toBeLessThan(60)
        const seconds = left.hours * 3600 + left.minutes * 60 + left.seconds
        expect(seconds).toBe(ahead <= 0 ? 0 : Math.floor(ahead / 1000))
      }),
    )
  })
  it('literally', () => {
    expect(timeLeft(NOW + 23 * HOUR + 59 * 60_000 + 59_999, NOW)).toEqual({ hours: 23, minutes: 59, seconds: 59 })
    expect(timeLeft(NOW + 999, NOW)).toEqual({ hours: 0, minutes: 0, seconds: 0 })
    expect(timeLeft(NOW + 1000, NOW)).toEqual({ hours: 0, minutes: 0, seconds: 1 })
    expect(timeLeft(NOW + HOUR, NOW)).toEqual({ hours: 1, minutes: 0, seconds: 0 })
    expect(timeLeft(NOW + 100 * HOUR, NOW)).toEqual({ hours: 100, minutes: 0, seconds: 0 })
    expect(timeLeft(NOW - 1, NOW)).toEqual({ hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('R3: the stored form', () => {
  it('is the ISO date-time in UTC with milliseconds', () => {
    expect(deadlineToStorage(Date.UTC(2025, 0, 16, 4, 0, 0))).toBe('2025-01-16T04:00:00.000Z')
    expect(deadlineToStorage(Date.UTC(2025, 0, 16, 5, 30, 0, 250))).toBe('2025-01-16T05:30:00.250Z')
  })
  it('reads back as itself, for any time', () => {
    fc.assert(
      fc.property(time, (t) => {
        expect(parseDeadline(deadlineToStorage(t))).toBe(t)
      }),
    )
  })
})
