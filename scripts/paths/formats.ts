/** The formats of `npm run paths`: Markdown, JSON (schema.ts), CSV and Gherkin. */
import type { ExportedPath, MachinePaths, PropertyRef, StateAt } from './exported-paths.ts'
import { PATHS_FILE_VERSION, type PathsFile } from './schema.ts'
import { encode, json } from './values.ts'

export const FORMATS = ['md', 'json', 'csv', 'gherkin', 'playwright'] as const
export type Format = (typeof FORMATS)[number]
/** The file extension of a format (`--out`). */
export const EXTENSION: Record<Format, string> = { md: 'md', json: 'json', csv: 'csv', gherkin: 'feature', playwright: 'spec.mts' }

const COVER_TEXT = {
  transitions: 'the fewest of the machine tests’ paths that take every transition, state and property they reach',
  states: 'a shortest path to every state value',
  shortest: 'a shortest path to every vertex of the machine tests’ graph',
  simple: 'xstate/graph’s simple paths, as many as --limit',
}

const property = (p: PropertyRef) => `[${p.requirement}] ${p.name}`
/** Property names hold `;` and `,` but never `|`. */
const properties = (ps: readonly PropertyRef[]) => (ps.length ? ps.map(property).join(' | ') : 'none')

// --- Markdown ---------------------------------------------------------------------------------

function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``
}
const stateMd = (s: StateAt) => `${code(s.state)}${s.tags.length ? ` (tags: ${s.tags.join(', ')})` : ''}`

/** A step: the visitor's action or the world's answer and what the page shows, with the machine's event and state beside them. */
function stepMd(s: ExportedPath['steps'][number]): string {
  const machine = `${code(json(s.event))} → ${stateMd(s)}`
  return s.words === undefined ? machine : `${s.words} → ${s.sees} (${machine})`
}

function pathMd(p: ExportedPath): string[] {
  const input = p.input === undefined ? 'no input' : `input ${code(json(p.input))}`
  const start =
    p.startWords === undefined
      ? `“${p.start}” (${input}) → ${stateMd(p.initial)}`
      : `${p.startWords} → ${p.initial.sees} (“${p.start}”, ${input}, ${stateMd(p.initial)})`
  return [
    `## Path ${p.number}: from “${p.start}”, ${p.steps.length} ${p.steps.length === 1 ? 'step' : 'steps'}`,
    '',
    `Start: ${start}; checked: ${properties(p.initial.properties)}`,
    '',
    ...p.steps.map((s) => `${s.step}. ${stepMd(s)}; checked: ${properties(s.properties)}`),
    ...(p.steps.length ? [''] : []),
    `Checked on the path: ${properties(p.properties)}`,
    '',
  ]
}

export function markdown(m: MachinePaths): string {
  const s = m.summary
  return [
    `# ${m.machine}`,
    '',
    `Cover: ${m.cover} (${COVER_TEXT[m.cover]}).`,
    '',
    ...m.paths.flatMap(pathMd),
    `## Summary of ${m.machine}`,
    '',
    `- States: ${s.states.covered} of ${s.states.reachable} covered${s.states.missing.length ? `; not covered: ${s.states.missing.join(', ')}` : ''}`,
    `- Transitions: ${s.transitions.covered} of ${s.transitions.reachable} reachable covered (${s.transitions.total} in the machine)${s.transitions.missing.length ? `; not covered: ${s.transitions.missing.join(', ')}` : ''}`,
    `- Paths: ${s.paths}, steps: ${s.steps}`,
    `- Start inputs used: ${s.starts.length} of ${s.inputs}${s.starts.length ? `: ${s.starts.map((l) => `“${l}”`).join(', ')}` : ''}`,
    `- Properties checked: ${s.properties.checked} of ${s.properties.total}`,
    ...s.properties.checks.map((c) => `  - ${property(c)}: ${c.count} ${c.count === 1 ? 'check' : 'checks'}`),
    '',
  ].join('\n')
}

// --- JSON -------------------------------------------------------------------------------------

/** A property as the file names it: its requirements a list (`R4.3, R4.5, decision 053` → three items). */
const fileProperty = (p: PropertyRef) => ({ name: p.name, requirements: p.requirement.split(',').map((part) => part.trim()) })
const fileState = <S extends StateAt>(s: S) => ({ ...s, properties: s.properties.map(fileProperty) })

export function toFile(machines: readonly MachinePaths[]): PathsFile {
  return {
    version: PATHS_FILE_VERSION,
    machines: machines.map((m) => ({
      ...m,
      summary: {
        ...m.summary,
        properties: { ...m.summary.properties, checks: m.summary.properties.checks.map((c) => ({ ...fileProperty(c), count: c.count })) },
      },
      paths: m.paths.map((p) => ({
        number: p.number,
        start: p.start,
        ...(p.startWords === undefined ? {} : { startWords: p.startWords }),
        ...(p.input === undefined ? {} : { input: encode(p.input, 'the input') }),
        initial: fileState(p.initial),
        steps: p.steps.map((s) => ({ ...fileState(s), event: encode(s.event, 'the event') as { type: string } })),
        properties: p.properties.map(fileProperty),
      })),
    })),
  }
}

// --- CSV --------------------------------------------------------------------------------------

/** `action` and `sees`: the step and the state in a tester's words (empty without a browser binding, or with --model). */
const CSV_HEADER = ['machine', 'start', 'path', 'step', 'action', 'event', 'payload', 'state', 'sees', 'tags', 'properties']

function cell(value: string | number): string {
  const text = String(value)
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text
}

const csvProperties = (ps: readonly PropertyRef[]) => ps.map(property).join(' | ')

/** One row per step; step 0 is the start, its event `xstate.init` with the input as payload. */
export function csvRows(m: MachinePaths): string[] {
  return m.paths
    .flatMap((p) => [
      [
        m.machine,
        p.start,
        p.number,
        0,
        p.startWords ?? '',
        'xstate.init',
        json(p.input === undefined ? {} : { input: p.input }),
        p.initial.state,
        p.initial.sees ?? '',
        p.initial.tags.join(' '),
        csvProperties(p.initial.properties),
      ],
      ...p.steps.map((s) => {
        const { type, ...payload } = s.event
        return [m.machine, p.start, p.number, s.step, s.words ?? '', type, json(payload), s.state, s.sees ?? '', s.tags.join(' '), csvProperties(s.properties)]
      }),
    ])
    .map((row) => row.map(cell).join(','))
}

/** A byte-order mark first: spreadsheet programs then read the file as UTF-8 (Cyrillic and all). */
export const CSV_BOM = '\uFEFF'

export function csv(machines: readonly MachinePaths[]): string {
  return `${CSV_BOM}${[CSV_HEADER.join(','), ...machines.flatMap(csvRows)].join('\n')}\n`
}

// --- Gherkin ----------------------------------------------------------------------------------

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** An object as a data table, a key and its value (JSON) per row; anything else as a JSON doc string. */
function argument(value: unknown, indent: string): string[] {
  if (isPlainObject(value)) {
    const cellText = (text: string) => text.replace(/\\/gu, '\\\\').replace(/\|/gu, '\\|').replace(/\n/gu, '\\n')
    const rows = Object.entries(value).map(([key, item]) => [cellText(key), cellText(json(item))] as const)
    const width = Math.max(...rows.map(([key]) => key.length))
    return rows.map(([key, item]) => `${indent}| ${key.padEnd(width)} | ${item} |`)
  }
  // Compact JSON never holds three quotes in a row: the doc string needs no escaping.
  return [`${indent}"""json`, `${indent}${json(value)}`, `${indent}"""`]
}

const tagsText = (s: StateAt) => (s.tags.length ? ` with the tags ${s.tags.map((t) => `"${t}"`).join(', ')}` : '')

/** A table cell: `|` and backslashes escaped, as Gherkin reads them. */
const cellText = (text: string) => text.replace(/\\/gu, '\\\\').replace(/\|/gu, '\\|').replace(/\n/gu, '\\n')

/**
 * The machine's rules, stated once: a Background whose table lists every property the paths check,
 * with the requirements it checks (the machine tests check each on every step it speaks about).
 */
function rulesBackground(m: MachinePaths): string[] {
  const checked = m.summary.properties.checks.filter((c) => c.count > 0)
  const rows = checked.map((c) => [cellText(c.name), cellText(c.requirement)] as const)
  const width = Math.max('rule'.length, ...rows.map(([name]) => name.length))
  const second = Math.max('requirements'.length, ...rows.map(([, requirement]) => requirement.length))
  return [
    '  Background:',
    `    Given the rules of the ${m.machine} machine hold at every step:`,
    `      | ${'rule'.padEnd(width)} | ${'requirements'.padEnd(second)} |`,
    ...rows.map(([name, requirement]) => `      | ${name.padEnd(width)} | ${requirement.padEnd(second)} |`),
    '',
  ]
}

/** A path in a tester's words: the visitor's actions and the world's answers, and what the page shows after each. */
function browserScenario(p: ExportedPath): string[] {
  const actions = p.steps.map((s) => (s.words ?? '').replace(/^the visitor /u, ''))
  const lines = [`  @path:${p.number}`, `  Scenario: Path ${p.number}: ${actions.length ? actions.join(', ') : 'the start'}`]
  lines.push(`    Given ${p.startWords}`, `    Then ${p.initial.sees}`)
  for (const s of p.steps) lines.push(`    When ${s.words}`, `    Then ${s.sees}`)
  lines.push('')
  return lines
}

/** A path of the machine tests: the start and the events as sent, and the state after each. */
function modelScenario(p: ExportedPath): string[] {
  const lines = [`  Scenario: Path ${p.number}, from "${p.start}"`]
  lines.push(`    Given the start "${p.start}" in the state "${p.initial.state}"${tagsText(p.initial)}${p.input === undefined ? '' : ' with the input'}`)
  if (p.input !== undefined) lines.push(...argument(p.input, '      '))
  for (const s of p.steps) {
    const { type, ...payload } = s.event
    lines.push(`    When the event "${type}" is sent${Object.keys(payload).length ? ' with' : ''}`)
    if (Object.keys(payload).length) lines.push(...argument(payload, '      '))
    lines.push(`    Then the state is "${s.state}"${tagsText(s)}`)
  }
  lines.push(`    # Checked on the path: ${properties(p.properties)}`, '')
  return lines
}

/**
 * A `Feature` per machine, its rules stated once in a Background, a `Scenario` per path. With the
 * machine's browser binding the steps are the visitor's actions and the world's answers, and the
 * feature runs with `npm run qa -- DIR` beside the machine's `.paths.json`; without one they are the
 * machine tests' events.
 */
export function gherkin(m: MachinePaths): string {
  const inBrowser = m.paths.every((p) => p.startWords !== undefined)
  const lines = [
    ...(inBrowser ? [`@machine:${m.machine}`] : []),
    `Feature: ${m.machine}`,
    inBrowser
      ? `  The paths of the ${m.machine} machine a browser can take, cover ${m.cover}: ${COVER_TEXT[m.cover]} (npm run paths). A step whose page breaks a rule names it.`
      : `  The ${m.machine} machine's paths, cover ${m.cover}: ${COVER_TEXT[m.cover]} (npm run paths).`,
    '',
    ...rulesBackground(m),
  ]
  for (const p of m.paths) lines.push(...(inBrowser ? browserScenario(p) : modelScenario(p)))
  return lines.join('\n')
}
