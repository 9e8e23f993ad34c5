/**
 * `npm run paths`: the paths of the machine tests (tests/machines), for QA, as Markdown, JSON, CSV
 * or Gherkin; and `--replay`, which takes a saved JSON export through today's machines. See the
 * README, "For QA: paths from the machines".
 *
 * Exit codes: 0 done (every replayed path holds); 1 a property failed, or a replayed path
 * differs; 2 bad input, with one line naming what is accepted.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type } from 'arktype'
import { BINDINGS } from '../tests/qa/bindings/index.ts'
import { exportMachine } from './paths/cover.ts'
import { COVERS, type Cover, type MachinePaths } from './paths/exported-paths.ts'
import { csv, EXTENSION, FORMATS, type Format, gherkin, markdown, toFile } from './paths/formats.ts'
import { MODELS, modelNamed } from './paths/models.ts'
import { playwright } from './paths/playwright.ts'
import { replay, replayText } from './paths/replay.ts'
import { PATHS_FILE_VERSION, PathsFile } from './paths/schema.ts'

export interface Result {
  code: 0 | 1 | 2
  stdout: string
  stderr: string
}

const VALUED = ['--machine', '--start', '--cover', '--format', '--out', '--limit', '--time-limit', '--requirement', '--replay'] as const
const FLAGS = ['--requirements', '--model', '--help'] as const
type Option = (typeof VALUED)[number] | (typeof FLAGS)[number]
const USAGE =
  'options: --machine NAME, --start NAME, --cover transitions|states|shortest|simple, --format md|json|csv|gherkin|playwright, --out DIR, --limit N, --time-limit SECONDS, --requirement ID, --model, --replay FILE.json, --requirements [--machine NAME], --help'

/** What `--help` prints, with the machines' names. */
export const helpText = (machines: string) => `npm run paths: the paths the machine tests walk, for QA, step by step with the properties checked at each.

Usage:
  npm run paths -- [options]

Options:
  --machine NAME        one machine (all by default): ${machines}
  --start NAME          one of the machine's start inputs (by its label); needs --machine
  --cover KIND          transitions (default), states, shortest, or simple
  --limit N             at most N paths per machine (needed with --cover simple)
  --time-limit SECONDS  how long --cover simple walks (default 30); it keeps the paths found by then
  --requirement ID      only the paths that check a requirement (R4.5), in any format
  --format FORMAT       md (default), json, csv (with a byte-order mark), gherkin, or playwright (a spec per
                        machine: run it with npm run qa -- DIR)
  --model               the machine tests' own paths, their events as sent, for a machine with a browser
                        binding too (by default its paths are the ones a browser can take, in a tester's words)
  --out DIR             one file per machine in DIR instead of standard output
  --replay FILE.json    take a saved --format json export through today's machines
  --requirements        the traceability table; with --machine, that machine's requirements only
  --help                this text

Each option is given once. Exit codes: 0 done; 1 a property failed, or a replayed path differs;
2 bad input, with one line naming what is accepted.
`

/**
 * `--requirements`: the traceability table (docs/flows/requirements.md, which `npm run flows`
 * writes): every numbered requirement, the properties that check it and on how many steps, and
 * the requirements no property checks with the tests that name them.
 */
export async function requirementsOption(): Promise<Result> {
  const { requirementsTable } = await import('../tests/machines/requirements.ts')
  return { code: 0, stdout: await requirementsTable(), stderr: '' }
}

class BadInput extends Error {}
const names = () => MODELS.map((m) => m.name).join(', ')
const quoted = (items: readonly string[]) => items.map((i) => `"${i}"`).join(', ')

function parse(argv: readonly string[]): Partial<Record<Option, string>> {
  const given: Partial<Record<Option, string>> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.indexOf('=')
    const name = (arg === '-h' ? '--help' : eq > 0 ? arg.slice(0, eq) : arg) as Option
    if (!arg.startsWith('-')) throw new BadInput(`paths: unexpected argument "${arg}"; ${USAGE}`)
    if (!(VALUED as readonly string[]).includes(name) && !(FLAGS as readonly string[]).includes(name))
      throw new BadInput(`paths: unknown option ${name}; ${USAGE}`)
    if (given[name] !== undefined) throw new BadInput(`paths: ${name} is given twice; give each option once`)
    if ((FLAGS as readonly string[]).includes(name)) {
      if (eq > 0) throw new BadInput(`paths: ${name} takes no value; ${USAGE}`)
      given[name] = 'yes'
      continue
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new BadInput(`paths: ${name} needs a value; ${USAGE}`)
    given[name] = value
  }
  return given
}

function oneOf<T extends string>(what: string, value: string | undefined, valid: readonly T[], fallback: T): T {
  if (value === undefined) return fallback
  if (!valid.includes(value as T)) throw new BadInput(`paths: unknown ${what} "${value}"; ${what}s: ${valid.join(', ')}`)
  return value as T
}

function render(format: Format, machines: MachinePaths[]): string {
  switch (format) {
    case 'md':
      return machines.map(markdown).join('\n')
    case 'json':
      return `${JSON.stringify(toFile(machines), null, 2)}\n`
    case 'csv':
      return csv(machines)
    case 'gherkin':
      return machines.map(gherkin).join('\n')
    case 'playwright':
      return machines.map(playwright).join('\n')
  }
}

function runReplay(file: string, others: string[]): Result {
  if (others.length) throw new BadInput(`paths: --replay takes no other option (given: ${others.join(', ')}); ${USAGE}`)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new BadInput(`paths: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); --replay takes a file of --format json`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new BadInput(`paths: ${file} is not JSON; --replay takes a file of --format json (version ${PATHS_FILE_VERSION})`)
  }
  const parsed = PathsFile(data)
  if (parsed instanceof type.errors)
    throw new BadInput(
      `paths: ${file} is not a paths file of version ${PATHS_FILE_VERSION}: ${parsed.summary.split('\n').join('; ')}; --replay takes a file of --format json`,
    )
  const unknown = parsed.machines.find((m) => !modelNamed(m.machine))
  if (unknown) throw new BadInput(`paths: ${file} names the machine "${unknown.machine}", which has no model; machines: ${names()}`)
  const lines = replay(parsed)
  const differs = lines.filter((l) => l.differs).length
  const summary = `${lines.length} ${lines.length === 1 ? 'path' : 'paths'} replayed: ${lines.length - differs} hold, ${differs} differ`
  return { code: differs ? 1 : 0, stdout: `${[...lines.map(replayText), summary].join('\n')}\n`, stderr: '' }
}

/** Whether a property's citation names the requirement (`R4.5` in `R4.3, R4.5, decision 053`). */
const cites = (requirement: string, id: string) => requirement.split(',').some((part) => part.trim() === id)

function run(argv: readonly string[]): Result {
  const given = parse(argv)
  if (given['--help'] !== undefined) {
    if (Object.keys(given).length > 1) throw new BadInput(`paths: --help takes no other option; ${USAGE}`)
    return { code: 0, stdout: helpText(names()), stderr: '' }
  }
  if (given['--replay'] !== undefined) {
    return runReplay(
      given['--replay'],
      Object.keys(given).filter((k) => k !== '--replay'),
    )
  }
  const models = given['--machine'] === undefined ? MODELS : [modelNamed(given['--machine'])]
  if (models[0] === undefined) throw new BadInput(`paths: unknown machine "${given['--machine']}"; machines: ${names()}`)
  if (given['--requirements'] !== undefined) {
    const others = Object.keys(given).filter((k) => k !== '--requirements' && k !== '--machine')
    if (others.length) throw new BadInput(`paths: --requirements takes --machine NAME only (given: ${others.join(', ')}); ${USAGE}`)
    throw new RequirementsTable(given['--machine'] === undefined ? null : models[0].name)
  }
  const start = given['--start']
  if (start !== undefined && given['--machine'] === undefined) throw new BadInput(`paths: --start needs --machine NAME; machines: ${names()}`)
  if (start !== undefined && !models[0].inputs.some((i) => i.label === start))
    throw new BadInput(`paths: ${models[0].name} has no start "${start}"; starts: ${quoted(models[0].inputs.map((i) => i.label))}`)
  const cover: Cover = oneOf('cover', given['--cover'], COVERS, 'transitions')
  const format: Format = oneOf('format', given['--format'], FORMATS, 'md')
  const limitText = given['--limit']
  if (limitText !== undefined && !/^[1-9]\d*$/u.test(limitText)) throw new BadInput(`paths: --limit takes a whole number from 1, not "${limitText}"`)
  const limit = limitText === undefined ? undefined : Number(limitText)
  if (cover === 'simple' && limit === undefined)
    throw new BadInput('paths: --cover simple needs --limit N (a whole number from 1): the simple paths are too many to list them all')
  const timeText = given['--time-limit']
  if (timeText !== undefined && !/^[1-9]\d{0,4}$/u.test(timeText))
    throw new BadInput(`paths: --time-limit takes a whole number of seconds from 1, not "${timeText}"`)
  if (timeText !== undefined && cover !== 'simple')
    throw new BadInput('paths: --time-limit is for --cover simple; the other covers list a bounded number of paths')
  const requirement = given['--requirement']
  if (requirement !== undefined && !/^R\d+\.\d+$/u.test(requirement))
    throw new BadInput(`paths: --requirement takes a requirement's number, such as R4.5, not "${requirement}"`)
  const out = given['--out']
  if (out !== undefined && existsSync(out) && !statSync(out).isDirectory())
    throw new BadInput(`paths: --out takes a folder, and ${out} is a file; give a folder (it is made when missing)`)

  const useModel = given['--model'] !== undefined
  if (useModel && format === 'playwright') throw new BadInput('paths: --format playwright walks the paths a browser can take; it takes no --model')
  const bound = models.filter((m) => m !== undefined && BINDINGS[m.name] !== undefined) as NonNullable<(typeof models)[number]>[]
  if (format === 'playwright' && bound.length === 0)
    throw new BadInput(`paths: ${models[0].name} has no browser binding yet; machines with one: ${Object.keys(BINDINGS).sort().join(', ')}`)

  const machines: MachinePaths[] = []
  const notes: string[] = []
  if (format === 'playwright' && bound.length < models.length)
    notes.push(
      `paths: no browser binding yet for ${models
        .filter((m) => !bound.includes(m!))
        .map((m) => m!.name)
        .join(', ')}: left out of the specs`,
    )
  try {
    for (const model of (format === 'playwright' ? bound : models) as NonNullable<(typeof models)[number]>[]) {
      const starts = model.inputs.flatMap((input, i) => (start === undefined || input.label === start ? [i] : []))
      const binding = useModel ? undefined : BINDINGS[model.name]
      const { timedOut, ...exported } = exportMachine({
        model,
        starts,
        cover,
        limit,
        ...(timeText ? { timeLimitMs: Number(timeText) * 1000 } : {}),
        ...(binding ? { binding } : {}),
      })
      if (timedOut)
        notes.push(`paths: ${model.name}: --cover simple stopped at the time limit with ${exported.paths.length} paths; --time-limit SECONDS gives it longer`)
      machines.push(
        requirement === undefined
          ? exported
          : { ...exported, paths: exported.paths.filter((p) => p.properties.some((q) => cites(q.requirement, requirement))) },
      )
    }
  } catch (error) {
    return {
      code: 1,
      stdout: '',
      stderr: `paths: a property failed, as the machine tests would say:\n${error instanceof Error ? error.message : String(error)}\n`,
    }
  }
  if (requirement !== undefined && machines.every((m) => m.paths.length === 0))
    notes.push(
      `paths: no path of ${models.length === 1 ? models[0]!.name : 'any machine'} checks ${requirement} (npm run paths -- --requirements says where it is tested)`,
    )
  const stderr = notes.map((n) => `${n}\n`).join('')

  if (out === undefined) return { code: 0, stdout: render(format, machines), stderr }
  const dir = resolve(out)
  mkdirSync(dir, { recursive: true })
  const written = machines.flatMap((m) => {
    const file = join(dir, `${m.machine}.${EXTENSION[format]}`)
    writeFileSync(file, render(format, [m]))
    // A feature in a tester's words runs beside its paths as the machine takes them (npm run qa -- DIR).
    if (format !== 'gherkin' || m.browser === undefined) return [file]
    const paths = join(dir, `${m.machine}.paths.json`)
    writeFileSync(paths, render('json', [m]))
    return [file, paths]
  })
  return { code: 0, stdout: `${written.join('\n')}\n`, stderr }
}

/** `--requirements`: the table is made asynchronously (it imports every model); `main` hands it over. */
class RequirementsTable {
  constructor(readonly machine: string | null) {}
}

/** The command, without touching the process: its exit code and what it prints. */
export function main(argv: readonly string[]): Result {
  try {
    return run(argv)
  } catch (error) {
    if (error instanceof BadInput) return { code: 2, stdout: '', stderr: `${error.message}\n` }
    if (error instanceof RequirementsTable) return { code: 0, stdout: '', stderr: '', requirements: error.machine } as Result
    throw error
  }
}

/** The command with `--requirements` too, which reads the models asynchronously. */
export async function command(argv: readonly string[]): Promise<Result> {
  const result = main(argv) as Result & { requirements?: string | null }
  if (result.requirements === undefined) return result
  if (result.requirements === null) return requirementsOption()
  const { machineRequirements } = await import('./paths/requirements-of.ts')
  return { code: 0, stdout: machineRequirements(modelNamed(result.requirements)!), stderr: '' }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `npm run paths … | head` closes the pipe early: that is no error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
  const result = await command(process.argv.slice(2))
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  process.exitCode = result.code
}
