/**
 * A fast `expect` for the machine models: the matchers they use, with vitest's meaning, checked
 * with plain comparisons; only a failure goes through vitest's own `expect`, for its message and
 * diff. The models check hundreds of thousands of steps, and a mutation run checks them again for
 * every mutant (decision 070).
 */
import { expect as vitestExpect } from 'vitest'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** vitest's `toEqual`: recursive, properties whose value is undefined count as absent. */
export function equals(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!equals(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  if (a instanceof Error || b instanceof Error) return a instanceof Error && b instanceof Error && a.name === b.name && a.message === b.message
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const key of keys) if (!equals(a[key], b[key])) return false
    return true
  }
  // Anything else (actor refs, dates, class instances) is left to vitest.
  return (() => {
    try {
      vitestExpect(a).toEqual(b)
      return true
    } catch {
      return false
    }
  })()
}

/** vitest's `toMatchObject`: every property of the expected object, recursively, in the actual one. */
function matches(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual) && (typeof actual !== 'object' || actual === null)) return false
    for (const [key, value] of Object.entries(expected)) if (!matches((actual as Record<string, unknown>)[key], value)) return false
    return true
  }
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e))
  return equals(actual, expected)
}

type Matchers = {
  toBe(expected: unknown): void
  toEqual(expected: unknown): void
  toMatchObject(expected: unknown): void
  toContain(item: unknown): void
  toContainEqual(item: unknown): void
  toBeNull(): void
  toBeUndefined(): void
  toBeDefined(): void
  toBeTruthy(): void
  toBeFalsy(): void
  toHaveLength(length: number): void
  toBeGreaterThan(n: number): void
  toBeGreaterThanOrEqual(n: number): void
  toBeLessThan(n: number): void
  toBeLessThanOrEqual(n: number): void
}

function make(actual: unknown, message: string | undefined, negated: boolean): Matchers {
  const assert = (pass: boolean, name: keyof Matchers, ...args: unknown[]) => {
    if (pass !== negated) return
    const target = negated ? vitestExpect(actual, message).not : vitestExpect(actual, message)
    ;(target[name] as (...a: unknown[]) => void)(...args)
    // vitest agreed the check holds: ours is stricter somewhere; say so rather than pass silently.
    throw new Error(`${message ?? ''} ${negated ? 'not.' : ''}${name}(${JSON.stringify(args)}) failed on ${JSON.stringify(actual)}`)
  }
  return {
    toBe: (e) => assert(Object.is(actual, e), 'toBe', e),
    toEqual: (e) => assert(equals(actual, e), 'toEqual', e),
    toMatchObject: (e) => assert(matches(actual, e), 'toMatchObject', e),
    toContain: (item) =>
      assert((Array.isArray(actual) || typeof actual === 'string') && (actual as unknown[] & string).includes(item as never), 'toContain', item),
    toContainEqual: (item) => assert(Array.isArray(actual) && actual.some((a) => equals(a, item)), 'toContainEqual', item),
    toBeNull: () => assert(actual === null, 'toBeNull'),
    toBeUndefined: () => assert(actual === undefined, 'toBeUndefined'),
    toBeDefined: () => assert(actual !== undefined, 'toBeDefined'),
    toBeTruthy: () => assert(Boolean(actual), 'toBeTruthy'),
    toBeFalsy: () => assert(!actual, 'toBeFalsy'),
    toHaveLength: (n) => assert((actual as { length?: number } | null)?.length === n, 'toHaveLength', n),
    toBeGreaterThan: (n) => assert((actual as number) > n, 'toBeGreaterThan', n),
    toBeGreaterThanOrEqual: (n) => assert((actual as number) >= n, 'toBeGreaterThanOrEqual', n),
    toBeLessThan: (n) => assert((actual as number) < n, 'toBeLessThan', n),
    toBeLessThanOrEqual: (n) => assert((actual as number) <= n, 'toBeLessThanOrEqual', n),
  }
}

export function expect(actual: unknown, message?: string): Matchers & { not: Matchers } {
  return Object.assign(make(actual, message, false), { not: make(actual, message, true) })
}
