/**
 * The JSON of `npm run paths --format json` (version 2): what a path is, with everything the
 * replay needs (the machine, the start's label and input, every event with its payload and the
 * state after it). Events and inputs are JSON with three markers for what JSON cannot hold
 * (`{ "$error": "message" }`, `{ "$undefined": true }`, `{ "$actor": "id" }`; see values.ts).
 */
import { type } from 'arktype'

/** A property checked, and what it checks: requirement numbers (`R4.5`), then decisions (`decision 053`). */
const Property = type({ name: 'string', requirements: 'string[]' })

const StateAt = type({
  /** The state value as text: `paying.charging`; parallel regions `(a.x, b.y)`. */
  state: 'string',
  /** What the visitor sees there, in a tester's words. */
  'sees?': 'string',
  tags: 'string[]',
  /** The properties the machine tests checked at this step (and that held). */
  properties: Property.array(),
})

const Event = type({ type: 'string', '[string]': 'unknown' })

const Step = StateAt.and({
  step: 'number.integer >= 1',
  event: Event,
  /** The visitor's action or the world's answer, in a tester's words; the event beside it for whoever wants it. */
  'words?': 'string',
  'by?': "'visitor' | 'world'",
})

const Path = type({
  number: 'number.integer >= 1',
  /** The label of the model's start input. */
  start: 'string',
  /** How the visit begins, in a tester's words. */
  'startWords?': 'string',
  /** The start input itself (absent when the machine starts without one). */
  'input?': 'unknown',
  initial: StateAt,
  steps: Step.array(),
  /** Every property checked on the path. */
  properties: Property.array(),
})

const Count = type({ covered: 'number', reachable: 'number', keys: 'string[]', missing: 'string[]' })

const Summary = type({
  states: Count,
  transitions: Count.and({ total: 'number', unreachable: 'string[]' }),
  paths: 'number',
  steps: 'number',
  properties: { checked: 'number', total: 'number', checks: Property.and({ count: 'number' }).array() },
  starts: 'string[]',
  inputs: 'number',
})

const Machine = type({
  /** The model's name (`npm run paths -- --machine NAME`). */
  machine: 'string',
  cover: "'transitions' | 'states' | 'shortest' | 'simple'",
  paths: Path.array(),
  summary: Summary,
  /** In the browser: the transitions no path a browser can take takes, with the reason. */
  'browser?': { notInBrowser: type({ transition: 'string', reason: 'string' }).array() },
})

/** The version of the file's shape: 2 since properties name their requirements as a list. */
export const PATHS_FILE_VERSION = 2

/** A file of `--format json`: one machine per file with `--out`, every machine on stdout. */
export const PathsFile = type({
  version: '2',
  machines: Machine.array(),
})

export type PathsFile = typeof PathsFile.infer
