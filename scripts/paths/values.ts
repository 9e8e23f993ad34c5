/**
 * Values of `npm run paths` as text: a state value as one string, and events and inputs as JSON
 * that the replay rebuilds. JSON has no Error, no undefined and no actor; these are written as
 * one-key objects:
 *
 * - an Error: `{ "$error": "its message" }` (and `"$name"` when it is not a plain `Error`),
 * - undefined, where a key is present with it: `{ "$undefined": true }`,
 * - an actor (an address a machine answers, such as the modal's `replyTo`): `{ "$actor": "its id" }`,
 *   rebuilt as the harness's inert `addressRef`.
 *
 * Anything else that is not JSON (a function, a class instance, a number that is not finite) stops
 * the export: the replay could not rebuild it.
 */
import type { StateValue } from 'xstate'
import { addressRef } from '../../tests/machines/harness.ts'

/**
 * A state value as text: `idle`, `paying.charging` (nested states dotted), and the regions of a
 * parallel state in parentheses, sorted by name: `(edit.pristine, touch.untouched, validation.idle)`.
 */
export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value
  const keys = Object.keys(value).sort()
  const parts = keys.map((key) => {
    const child = value[key]
    if (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)) return key
    return `${key}.${stateText(child)}`
  })
  return parts.length === 1 ? parts[0]! : `(${parts.join(', ')})`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function isActorRef(value: unknown): value is { id: string } {
  const v = value as { id?: unknown; send?: unknown; sessionId?: unknown; getSnapshot?: unknown }
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.send === 'function' && typeof v.getSnapshot === 'function'
}

const MARKERS = ['$error', '$undefined', '$actor']

/** A value as JSON the replay can rebuild (see the module's comment). */
export function encode(value: unknown, at = 'the value'): unknown {
  if (value === undefined) return { $undefined: true }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${at} is ${value}, which JSON cannot hold`)
    return value
  }
  if (value instanceof Error) return value.name === 'Error' ? { $error: value.message } : { $error: value.message, $name: value.name }
  if (isActorRef(value)) return { $actor: value.id }
  if (Array.isArray(value)) return value.map((item, i) => encode(item, `${at}[${i}]`))
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      if (MARKERS.includes(key)) throw new Error(`${at} has a key ${key}, which the paths' JSON keeps for its own markers`)
      out[key] = encode(item, `${at}.${key}`)
    }
    return out
  }
  throw new Error(`${at} is a ${typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value}, which JSON cannot hold`)
}

/** The value `encode` wrote, rebuilt. */
export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode)
  if (!isPlainObject(value)) return value
  if (typeof value.$error === 'string') {
    const error = new Error(value.$error)
    if (typeof value.$name === 'string') error.name = value.$name
    return error
  }
  if (value.$undefined === true) return undefined
  if (typeof value.$actor === 'string') return addressRef(value.$actor)
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decode(item)]))
}

/** One line of JSON: the event or input exactly as sent (two different values never read the same). */
export function json(value: unknown): string {
  return JSON.stringify(encode(value))
}
