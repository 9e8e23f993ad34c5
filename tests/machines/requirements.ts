/**
 * Traceability (issue 36): which numbered requirement of docs/requirements.md each machine
 * property checks, on how many steps, and where the requirements no property checks are tested.
 *
 * Every property of every model (`tests/machines/models/*.model.ts`) cites what it checks in its
 * `requirement`: numbered requirements, comma-separated, optionally followed by decision records
 * (`'R4.5, R4.7, decision 053'`); a property that states a statechart-general rule, which no
 * requirement names, cites a decision only. `citationProblems` says what is wrong with a citation
 * (tests/machines/requirements.test.ts fails on any).
 *
 * `requirementsTable()` runs every model's properties over its generated steps exactly as the
 * runner does (`checkModel`, one count per model) and writes the Markdown that `npm run flows`
 * keeps in docs/flows/requirements.md (and `npm run paths -- --requirements` prints).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { machines } from '#machines/index.ts'
import { checkModel, type MachineModel, newCount } from './harness.ts'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const REQUIREMENTS_FILE = join(ROOT, 'docs', 'requirements.md')
export const DECISIONS_DIR = join(ROOT, 'docs', 'decisions')
export const MODELS_DIR = join(ROOT, 'tests', 'machines', 'models')
export const TABLE_FILE = join(ROOT, 'docs', 'flows', 'requirements.md')
/** Where a requirement that no machine property checks may be tested instead (searched for its id as a word). */
export const OTHER_TEST_DIRS = ['tests/e2e', 'tests/unit', 'backend/tests', 'tests/machines/rules'] as const

// --- the requirements -------------------------------------------------------------------------

export interface Requirement {
  /** `R4.3` */
  id: string
  /** `R4` */
  section: string
  /** Its first sentence, shortened. */
  summary: string
}

const ITEM = /^- \*\*(R(\d+)\.\d+)\*\*\s*(.*)$/u

/** The numbered requirements of docs/requirements.md (bold `**R4.3**` list items), in document order. */
export function parseRequirements(markdown: string): Requirement[] {
  const out: Requirement[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const item = ITEM.exec(lines[i]!)
    if (!item) continue
    const text = [item[3]!]
    // The item goes on in indented lines, up to a blank line or its table.
    for (let j = i + 1; j < lines.length && /^ {2}\S/u.test(lines[j]!) && !lines[j]!.trimStart().startsWith('|'); j++) text.push(lines[j]!.trim())
    out.push({ id: item[1]!, section: `R${item[2]}`, summary: summarize(text.join(' ')) })
  }
  return out
}

/** The first sentence (ending with `.` or `:` outside code, 20 characters in at least), at most 120 characters. */
function summarize(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim()
  let code = false
  let end = flat.length
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '`') code = !code
    else if (!code && i >= 20 && (flat[i] === '.' || flat[i] === ':') && (i + 1 === flat.length || flat[i + 1] === ' ')) {
      end = i + 1
      break
    }
  }
  const sentence = flat.slice(0, end)
  if (sentence.length <= 120) return sentence
  return `${sentence.slice(0, sentence.lastIndexOf(' ', 118))} …`
}

export function loadRequirements(file = REQUIREMENTS_FILE): Requirement[] {
  return parseRequirements(readFileSync(file, 'utf8'))
}

/** The numbers of the decision records (`053` for `053-payment-confirmation.md`). */
export function loadDecisions(dir = DECISIONS_DIR): Set<string> {
  return new Set(
    readdirSync(dir)
      .map((f) => /^(\d{3})-.*\.md$/u.exec(f)?.[1])
      .filter((n): n is string => n !== undefined),
  )
}

// --- citations --------------------------------------------------------------------------------

export interface Citation {
  /** The numbered requirements, as written (`R4.3`). */
  ids: string[]
  /** The decision records (`053`). */
  decisions: string[]
  /** What is wrong with it; empty when it is a citation. */
  problems: string[]
}

/**
 * Reads a property's `requirement`: numbered requirements, comma-separated, then any decisions
 * (`R4.3, R4.5, decision 053`). A whole section (`R4`), an unknown number, an unknown decision,
 * anything else, or nothing at all is a problem.
 */
export function parseCitation(text: string, known: ReadonlySet<string>, decisions: ReadonlySet<string>): Citation {
  const ids: string[] = []
  const cited: string[] = []
  const problems: string[] = []
  const parts = text.split(',').map((p) => p.trim())
  for (const part of parts) {
    if (part === '') continue
    const id = /^R\d+\.\d+$/u.exec(part)?.[0]
    const decision = /^decision (\d{3})$/u.exec(part)?.[1]
    if (id) {
      if (!known.has(id)) problems.push(`${id} is not a requirement of docs/requirements.md`)
      else if (ids.includes(id)) problems.push(`${id} is cited twice`)
      else if (cited.length) problems.push(`${id} comes after a decision: requirements first, then decisions`)
      ids.push(id)
    } else if (decision) {
      if (!decisions.has(decision)) problems.push(`decision ${decision} is not a record of docs/decisions`)
      else if (cited.includes(decision)) problems.push(`decision ${decision} is cited twice`)
      cited.push(decision)
    } else if (/^R\d+$/u.test(part)) {
      problems.push(`${part} is a whole section: cite its numbered requirements (${part}.1, ${part}.2, …)`)
    } else {
      problems.push(`"${part}" is neither a numbered requirement (R4.3) nor a decision (decision 053)`)
    }
  }
  if (ids.length === 0 && cited.length === 0 && problems.length === 0) problems.push('cites nothing')
  return { ids, decisions: cited, problems }
}

// --- the models -------------------------------------------------------------------------------

function isModel(value: unknown): value is MachineModel {
  return typeof value === 'object' && value !== null && 'machine' in value && 'properties' in value && 'inputs' in value && 'name' in value
}

/** Every model of tests/machines/models/*.model.ts, ordered by name. */
export async function loadModels(dir = MODELS_DIR): Promise<MachineModel[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.model.ts'))
    .sort()
  const models: MachineModel[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>
    for (const value of Object.values(module)) if (isModel(value) && !models.includes(value)) models.push(value)
  }
  return models.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

export interface PropertyRun {
  model: string
  /** The diagram's name (docs/flows/<machine>.svg), or the machine's id. */
  machine: string
  property: string
  requirement: string
  /** Steps on which the property applied and was checked. */
  steps: number
}

/** Runs every property of each model on every step of its generated paths, as the runner does; how often each applied. */
export function runProperties(models: readonly MachineModel[]): PropertyRun[] {
  const runs: PropertyRun[] = []
  for (const model of models) {
    const count = newCount()
    for (const variant of model.inputs) checkModel(model, variant, count)
    const machine = machines.find((m) => m.machine === model.machine)?.name ?? model.machine.id
    for (const property of model.properties) {
      runs.push({ model: model.name, machine, property: property.name, requirement: property.requirement, steps: count.applied.get(property.name) ?? 0 })
    }
  }
  return runs
}

// --- other tests ------------------------------------------------------------------------------

const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|feature)$/u
/** A requirement id as a word: not part of a longer number (`R7.30`, `R7.3.1`) or name. */
const ID_WORD = /(?<![\w.])R\d+\.\d+(?!\d|\.\d)/gu

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(path))
    else if (TEXT_FILE.test(entry.name)) out.push(path)
  }
  return out
}

/** A range of one section's requirements, `R5.4–R5.7` (an en dash or a hyphen, the second `R` optional). */
const ID_RANGE = /(?<![\w.])R(\d+)\.(\d+)\s?[–-]\s?R?(\d+)\.(\d+)(?!\d|\.\d)/gu

/** The requirement ids a text names: each id as a word, and every id of a range within one section. */
export function idsNamed(text: string): Set<string> {
  const ids = new Set(text.match(ID_WORD) ?? [])
  for (const [, section, from, to, last] of text.matchAll(ID_RANGE)) {
    if (section !== to || Number(last) < Number(from)) continue
    for (let n = Number(from); n <= Number(last); n++) ids.add(`R${section}.${n}`)
  }
  return ids
}

/** Stories are tests too: their play functions run in the suite (`npm run test:stories`). */
const STORY_FILE = /\.stories\.tsx?$/u

/** For each requirement id named in a test file outside the machine models, or in a story, the files (from the repository root) that name it. */
export function namedInOtherTests(root = ROOT, dirs: readonly string[] = OTHER_TEST_DIRS): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const stories = filesUnder(join(root, 'src')).filter((f) => STORY_FILE.test(f))
  const files = [...dirs.flatMap((d) => filesUnder(join(root, d))), ...stories].map((f) => relative(root, f).split('\\').join('/'))
  for (const file of files.sort()) {
    const ids = idsNamed(readFileSync(join(root, file), 'utf8'))
    for (const id of ids) found.set(id, [...(found.get(id) ?? []), file])
  }
  return found
}

// --- the table --------------------------------------------------------------------------------

export interface Traceability {
  requirements: Requirement[]
  runs: PropertyRun[]
  /** Per requirement id, the property runs that cite it. */
  checkedBy: Map<string, PropertyRun[]>
  /** Per requirement id no property cites, the other test files that name it. */
  elsewhere: Map<string, string[]>
  /** Properties that cite decisions only. */
  decisionOnly: PropertyRun[]
  /** Citations that are not citations: model, property, problems. */
  problems: { model: string; property: string; problems: string[] }[]
}

export async function traceability(): Promise<Traceability> {
  const requirements = loadRequirements()
  const known = new Set(requirements.map((r) => r.id))
  const decisions = loadDecisions()
  const runs = runProperties(await loadModels())
  const checkedBy = new Map<string, PropertyRun[]>()
  const decisionOnly: PropertyRun[] = []
  const problems: Traceability['problems'] = []
  for (const run of runs) {
    const citation = parseCitation(run.requirement, known, decisions)
    if (citation.problems.length) problems.push({ model: run.model, property: run.property, problems: citation.problems })
    if (citation.ids.length === 0) decisionOnly.push(run)
    for (const id of citation.ids) checkedBy.set(id, [...(checkedBy.get(id) ?? []), run])
  }
  const named = namedInOtherTests()
  const elsewhere = new Map(requirements.filter((r) => !checkedBy.has(r.id)).map((r) => [r.id, named.get(r.id) ?? []]))
  return { requirements, runs, checkedBy, elsewhere, decisionOnly, problems }
}

const cell = (text: string) => text.replace(/\|/gu, '\\|').replace(/\n/gu, ' ')
const machineLink = (machine: string) => (machines.some((m) => m.name === machine) ? `[${machine}](${machine}.svg)` : machine)
const fileLink = (file: string) => `[${file}](../../${file})`

/** The Markdown of docs/flows/requirements.md: the requirements, the properties that check them on how many steps, and the rest. */
export async function requirementsTable(): Promise<string> {
  const t = await traceability()
  if (t.problems.length) {
    const lines = t.problems.map((p) => `${p.model}: ${p.property}: ${p.problems.join('; ')}`)
    throw new Error(`properties whose requirement is not a citation:\n${lines.join('\n')}`)
  }
  const unchecked = t.requirements.filter((r) => !t.checkedBy.has(r.id))
  const elsewhereOnly = unchecked.filter((r) => (t.elsewhere.get(r.id) ?? []).length > 0)
  const models = new Set(t.runs.map((r) => r.model))
  const checkedRows = t.requirements.flatMap((r) =>
    (t.checkedBy.get(r.id) ?? []).map((run) => `| ${r.id} | ${cell(`${run.model}: ${run.property}`)} | ${machineLink(run.machine)} | ${run.steps} |`),
  )
  const decisionRows = t.decisionOnly.map(
    (run) => `| ${cell(run.requirement)} | ${cell(`${run.model}: ${run.property}`)} | ${machineLink(run.machine)} | ${run.steps} |`,
  )
  const uncheckedRows = unchecked.map((r) => {
    const files = t.elsewhere.get(r.id) ?? []
    return `| ${r.id} | ${cell(r.summary)} | ${files.length ? files.map(fileLink).join(', ') : 'untested'} |`
  })
  return `# Requirements and the machine properties that check them

Generated by \`npm run flows\` (\`tests/machines/requirements.ts\`) from \`docs/requirements.md\`, the machine models
(\`tests/machines/models/*.model.ts\`) and the other tests. Never edit it by hand: change a model's \`requirement\`
(or the requirements) and run \`npm run flows\`; \`tests/machines/requirements.test.ts\` fails when this file is not
what the models produce now. \`npm run paths -- --requirements\` prints the same table.

| Requirements | Count |
|---|---|
| In \`docs/requirements.md\` | ${t.requirements.length} |
| Checked by machine properties | ${t.checkedBy.size} |
| Tested elsewhere only (named by another test, checked by no machine property) | ${elsewhereOnly.length} |
| Untested (named by no test) | ${unchecked.length - elsewhereOnly.length} |

${t.runs.length} properties of ${models.size} machine models; ${t.runs.length - t.decisionOnly.length} cite numbered requirements, ${t.decisionOnly.length} a decision only.

## Requirements checked by machine properties

Each property is checked on every step of every generated path it speaks about (decision 070); *Steps* is how
many steps that is. A property that cites several requirements is listed under each.

| Requirement | Property (model: name) | Machine | Steps |
|---|---|---|---|
${checkedRows.join('\n')}

## Properties that cite a decision only

Statechart-general rules that no numbered requirement states.

| Cites | Property (model: name) | Machine | Steps |
|---|---|---|---|
${decisionRows.join('\n')}

## Requirements no machine property checks

*Tested elsewhere* lists the test files that name the requirement's id as a word (in a test name or a comment)
under ${OTHER_TEST_DIRS.map((d) => `\`${d}\``).join(', ')}; a test that cites only the section (\`R7\`) is not
counted. "untested" means no test names it.

| Requirement | What it says | Tested elsewhere |
|---|---|---|
${uncheckedRows.join('\n')}
`
}

/** Writes docs/flows/requirements.md; the file name, for `npm run flows` to report. */
export async function writeRequirementsTable(file = TABLE_FILE): Promise<string> {
  writeFileSync(file, await requirementsTable())
  return relative(dirname(TABLE_FILE), file)
}
