/**
 * `npm run paths` (scripts/paths.ts): QA's way out of the machine tests. The expected texts are
 * written out here, from the menu machine (machines/ui.ts) and its model: closed at the start, the
 * toggle opens it, and in the open menu the toggle, close and a route change each close it.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin'
import { IdGenerator } from '@cucumber/messages'
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { exportMachine } from '../../../scripts/paths/cover.ts'
import { gherkin } from '../../../scripts/paths/formats.ts'
import { MODELS } from '../../../scripts/paths/models.ts'
import { PathsFile } from '../../../scripts/paths/schema.ts'
import { decode, encode, stateText } from '../../../scripts/paths/values.ts'
import { main } from '../../../scripts/paths.ts'
import { addressRef, type MachineModel } from '../harness.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const ok = (argv: string[]) => {
  const result = main(argv)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return result.stdout
}

const START = '[R3.10, R4.22] never causes a side effect | [R3.10, R4.22] starts closed'
const NO_EFFECT = '[R3.10, R4.22] never causes a side effect'
const TOGGLE = '[R4.22] the toggle opens a closed menu and closes an open one'

describe('npm run paths: the menu machine, written out', () => {
  it('md --model: a heading, a numbered list per path of the machine events, the summary', () => {
    expect(ok(['--machine', 'menu', '--model'])).toBe(
      [
        '# menu',
        '',
        'Cover: transitions (the fewest of the machine tests’ paths that take every transition, state and property they reach).',
        '',
        '## Path 1: from “a page load”, 2 steps',
        '',
        `Start: “a page load” (no input) → \`closed\`; checked: ${START}`,
        '',
        `1. \`{"type":"menu.toggle"}\` → \`open\`; checked: ${NO_EFFECT} | ${TOGGLE}`,
        `2. \`{"type":"menu.close"}\` → \`closed\`; checked: ${NO_EFFECT} | [R4.22] close closes it`,
        '',
        `Checked on the path: ${START} | ${TOGGLE} | [R4.22] close closes it`,
        '',
        '## Path 2: from “a page load”, 2 steps',
        '',
        `Start: “a page load” (no input) → \`closed\`; checked: ${START}`,
        '',
        `1. \`{"type":"menu.toggle"}\` → \`open\`; checked: ${NO_EFFECT} | ${TOGGLE}`,
        `2. \`{"type":"route.changed","path":"/en/faq"}\` → \`closed\`; checked: ${NO_EFFECT} | [R2.13] every route change closes it`,
        '',
        `Checked on the path: ${START} | ${TOGGLE} | [R2.13] every route change closes it`,
        '',
        '## Path 3: from “a page load”, 2 steps',
        '',
        `Start: “a page load” (no input) → \`closed\`; checked: ${START}`,
        '',
        `1. \`{"type":"menu.toggle"}\` → \`open\`; checked: ${NO_EFFECT} | ${TOGGLE}`,
        `2. \`{"type":"menu.toggle"}\` → \`closed\`; checked: ${NO_EFFECT} | ${TOGGLE}`,
        '',
        `Checked on the path: ${START} | ${TOGGLE}`,
        '',
        '## Summary of menu',
        '',
        '- States: 2 of 2 covered',
        '- Transitions: 4 of 4 reachable covered (4 in the machine)',
        '- Paths: 3, steps: 6',
        '- Start inputs used: 1 of 1: “a page load”',
        '- Properties checked: 5 of 5',
        '  - [R3.10, R4.22] never causes a side effect: 9 checks',
        '  - [R3.10, R4.22] starts closed: 3 checks',
        '  - [R4.22] the toggle opens a closed menu and closes an open one: 4 checks',
        '  - [R4.22] close closes it: 1 check',
        '  - [R2.13] every route change closes it: 1 check',
        '',
      ].join('\n'),
    )
  })

  it('md: each step the visitor’s action and what the page shows, the machine’s event and state beside them', () => {
    expect(ok(['--machine', 'menu']).split('\n').slice(4, 12)).toEqual([
      '## Path 1: from “a page load”, 2 steps',
      '',
      `Start: a visitor on the home page, on a 390 px phone → the menu is closed: only its button shows (“a page load”, no input, \`closed\`); checked: ${START}`,
      '',
      `1. the visitor taps the menu button → the menu is open: its links show, and the button closes it (\`{"type":"menu.toggle"}\` → \`open\`); checked: ${NO_EFFECT} | ${TOGGLE}`,
      `2. the visitor presses Escape → the menu is closed: only its button shows (\`{"type":"menu.close"}\` → \`closed\`); checked: ${NO_EFFECT} | [R4.22] close closes it`,
      '',
      `Checked on the path: ${START} | ${TOGGLE} | [R4.22] close closes it`,
    ])
  })

  it('csv: one row per step, the start as step 0; the action and what the page shows beside the event and the state', () => {
    const s = (rest: string) => `"${NO_EFFECT} | ${rest}"`
    const START_WORDS = '"a visitor on the home page, on a 390 px phone"'
    const CLOSED = 'the menu is closed: only its button shows'
    const OPEN = '"the menu is open: its links show, and the button closes it"'
    expect(ok(['--machine', 'menu', '--format', 'csv'])).toBe(
      [
        // A byte-order mark first, so that a spreadsheet program reads UTF-8.
        '\uFEFFmachine,start,path,step,action,event,payload,state,sees,tags,properties',
        `menu,a page load,1,0,${START_WORDS},xstate.init,{},closed,${CLOSED},,"${START}"`,
        `menu,a page load,1,1,the visitor taps the menu button,menu.toggle,{},open,${OPEN},,${s(TOGGLE)}`,
        `menu,a page load,1,2,the visitor presses Escape,menu.close,{},closed,${CLOSED},,${s('[R4.22] close closes it')}`,
        `menu,a page load,2,0,${START_WORDS},xstate.init,{},closed,${CLOSED},,"${START}"`,
        `menu,a page load,2,1,the visitor taps the menu button,menu.toggle,{},open,${OPEN},,${s(TOGGLE)}`,
        `menu,a page load,2,2,the visitor follows a link to the Premium page,route.changed,"{""path"":""/en/faq""}",closed,${CLOSED},,${s('[R2.13] every route change closes it')}`,
        `menu,a page load,3,0,${START_WORDS},xstate.init,{},closed,${CLOSED},,"${START}"`,
        `menu,a page load,3,1,the visitor taps the menu button,menu.toggle,{},open,${OPEN},,${s(TOGGLE)}`,
        `menu,a page load,3,2,the visitor taps the menu button,menu.toggle,{},closed,${CLOSED},,${s(TOGGLE)}`,
        '',
      ].join('\n'),
    )
  })

  it('csv --model: the action and sees columns are empty', () => {
    expect(ok(['--machine', 'menu', '--format', 'csv', '--model']).split('\n')[2]).toBe(
      `menu,a page load,1,1,,menu.toggle,{},open,,,"${NO_EFFECT} | ${TOGGLE}"`,
    )
  })

  it("gherkin: the rules once in a background table, a scenario per path in the visitor's words, tagged by machine and path", () => {
    expect(ok(['--machine', 'menu', '--format', 'gherkin']).split('\n').slice(0, 30)).toEqual([
      '@machine:menu',
      'Feature: menu',
      '  The paths of the menu machine a browser can take, cover transitions: the fewest of the machine tests’ paths that take every transition, state and property they reach (npm run paths). A step whose page breaks a rule names it.',
      '',
      '  Background:',
      '    Given the rules of the menu machine hold at every step:',
      '      | rule                                                  | requirements |',
      '      | never causes a side effect                            | R3.10, R4.22 |',
      '      | starts closed                                         | R3.10, R4.22 |',
      '      | the toggle opens a closed menu and closes an open one | R4.22        |',
      '      | close closes it                                       | R4.22        |',
      '      | every route change closes it                          | R2.13        |',
      '',
      '  @path:1',
      '  Scenario: Path 1: taps the menu button, presses Escape',
      '    Given a visitor on the home page, on a 390 px phone',
      '    Then the menu is closed: only its button shows',
      '    When the visitor taps the menu button',
      '    Then the menu is open: its links show, and the button closes it',
      '    When the visitor presses Escape',
      '    Then the menu is closed: only its button shows',
      '',
      '  @path:2',
      '  Scenario: Path 2: taps the menu button, follows a link to the Premium page',
      '    Given a visitor on the home page, on a 390 px phone',
      '    Then the menu is closed: only its button shows',
      '    When the visitor taps the menu button',
      '    Then the menu is open: its links show, and the button closes it',
      '    When the visitor follows a link to the Premium page',
      '    Then the menu is closed: only its button shows',
    ])
  })

  it('gherkin: no machine event is a step, and no rule is repeated per step', () => {
    const text = ok(['--machine', 'menu', '--format', 'gherkin'])
    expect(text).not.toMatch(/xstate\.|menu\.toggle|route\.changed|holds \(/u)
    expect(text.split('never causes a side effect')).toHaveLength(2)
  })

  it("gherkin --model: the machine's own events, a payload as a data table, a key and its JSON per row", () => {
    const text = ok(['--machine', 'menu', '--format', 'gherkin', '--model'])
    expect(text).toContain(['    When the event "route.changed" is sent with', '      | path | "/en/faq" |', '    Then the state is "closed"'].join('\n'))
    expect(text).toContain(
      [
        '  Scenario: Path 1, from "a page load"',
        '    Given the start "a page load" in the state "closed"',
        '    When the event "menu.toggle" is sent',
        '    Then the state is "open"',
      ].join('\n'),
    )
    expect(text.split('never causes a side effect')).toHaveLength(2 + 3)
  })
})

describe('npm run paths --format json', () => {
  it('round trip: the schema takes the export as it is, and events and inputs come back as sent', () => {
    const text = ok(['--machine', 'account', '--format', 'json'])
    const data = JSON.parse(text)
    const parsed = PathsFile(data)
    if (parsed instanceof type.errors) throw new Error(parsed.summary)
    expect(parsed).toEqual(data)
    const [machine] = parsed.machines
    expect(machine!.machine).toBe('account')
    expect(machine!.paths.length).toBe(machine!.summary.paths)
    const failed = machine!.paths.flatMap((p) => p.steps).find((s) => s.event.type.startsWith('xstate.error.actor.') && typeof s.event.error === 'object')
    expect(failed?.event.error).toEqual({ $error: expect.any(String) })
    const error = (decode(failed!.event) as { error: unknown }).error
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe((failed!.event.error as { $error: string }).$error)
  })

  it('values JSON cannot hold have markers, and come back', () => {
    const event = { type: 'x', error: new TypeError('bad'), gone: undefined, to: addressRef('opener'), list: [undefined, 1] }
    const encoded = encode(event)
    expect(encoded).toEqual({
      type: 'x',
      error: { $error: 'bad', $name: 'TypeError' },
      gone: { $undefined: true },
      to: { $actor: 'opener' },
      list: [{ $undefined: true }, 1],
    })
    const back = decode(JSON.parse(JSON.stringify(encoded))) as typeof event
    expect(back.error).toBeInstanceOf(Error)
    expect([back.error.name, back.error.message]).toEqual(['TypeError', 'bad'])
    expect('gone' in back && back.gone === undefined).toBe(true)
    expect(back.to.id).toBe('opener')
    expect(() => encode({ type: 'x', at: new Date(0) })).toThrow('the value.at is a Date, which JSON cannot hold')
  })

  it('a state value as text: dotted when nested, parallel regions sorted in parentheses', () => {
    expect(stateText('idle')).toBe('idle')
    expect(stateText({ paying: 'charging' })).toBe('paying.charging')
    expect(stateText({ validation: 'idle', touch: 'untouched', edit: { dirty: 'typed' } })).toBe('(edit.dirty.typed, touch.untouched, validation.idle)')
    expect(stateText({ form: { b: 'y', a: 'x' } })).toBe('form.(a.x, b.y)')
  })
})

describe('npm run paths --replay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paths-'))

  it('a fresh export holds', () => {
    expect(ok(['--machine', 'modal', '--model', '--format', 'json', '--out', dir])).toBe(`${join(dir, 'modal.json')}\n`)
    const out = ok(['--replay', join(dir, 'modal.json')])
    const lines = out.trim().split('\n')
    const paths = PathsFile.assert(JSON.parse(readFileSync(join(dir, 'modal.json'), 'utf8'))).machines[0]!.paths
    expect(lines.slice(0, -1)).toEqual(paths.map((p) => `modal path ${p.number} (from "a page load"): holds`))
    expect(lines.at(-1)).toBe(`${paths.length} paths replayed: ${paths.length} hold, 0 differ`)
  })

  it('the requirements of a property are a list in the file', () => {
    const file = JSON.parse(readFileSync(join(dir, 'modal.json'), 'utf8'))
    expect(file.version).toBe(2)
    const names = file.machines[0].paths[0].initial.properties.map((p: { requirements: string[] }) => p.requirements)
    for (const requirements of names)
      expect(Array.isArray(requirements) && requirements.every((r: string) => /^(R\d+\.\d+|decision \d{3})$/u.test(r))).toBe(true)
  })

  it('edited tags, or a rule said to hold where it is not checked, differ at their step; exit 1', () => {
    const file = JSON.parse(readFileSync(join(dir, 'modal.json'), 'utf8'))
    file.machines[0].paths[0].steps[0].tags = ['invented']
    const tags = join(dir, 'tags.json')
    writeFileSync(tags, JSON.stringify(file))
    const taggedResult = main(['--replay', tags])
    expect(taggedResult.code).toBe(1)
    expect(taggedResult.stdout.split('\n')[0]).toBe('modal path 1 (from "a page load"): differs at step 1: expected the tags invented, got none')
    const again = JSON.parse(readFileSync(join(dir, 'modal.json'), 'utf8'))
    again.machines[0].paths[0].steps[0].properties.push({ name: 'a rule nobody wrote', requirements: ['R4.22'] })
    const rules = join(dir, 'rules.json')
    writeFileSync(rules, JSON.stringify(again))
    const ruled = main(['--replay', rules])
    expect(ruled.code).toBe(1)
    expect(ruled.stdout.split('\n')[0]).toMatch(
      /^modal path 1 \(from "a page load"\): differs at step 1: expected the properties .*a rule nobody wrote.*, got /u,
    )
  })

  it('an edited state value differs at its step; exit 1', () => {
    const file = JSON.parse(readFileSync(join(dir, 'modal.json'), 'utf8'))
    const path = file.machines[0].paths[0]
    expect(path.steps[0].state).toBe('standard')
    path.steps[0].state = 'custom'
    const edited = join(dir, 'edited.json')
    writeFileSync(edited, JSON.stringify(file))
    const result = main(['--replay', edited])
    expect(result.code).toBe(1)
    expect(result.stdout.split('\n')[0]).toBe('modal path 1 (from "a page load"): differs at step 1: expected custom, got standard')
    expect(result.stdout).toContain('modal path 2 (from "a page load"): holds')
  })
})

const USAGE =
  'options: --machine NAME, --start NAME, --cover transitions|states|shortest|simple, --format md|json|csv|gherkin|playwright, --out DIR, --limit N, --time-limit SECONDS, --requirement ID, --model, --replay FILE.json, --requirements [--machine NAME], --help'

describe('npm run paths: bad input stops with one line naming what is accepted, exit 2', () => {
  const machines = MODELS.map((m) => m.name).join(', ')
  const dir = mkdtempSync(join(tmpdir(), 'paths-bad-'))
  const notPaths = join(dir, 'not-paths.json')
  writeFileSync(notPaths, JSON.stringify({ version: 3, machines: [] }))
  const noModel = join(dir, 'no-model.json')
  writeFileSync(
    noModel,
    JSON.stringify({ version: 2, machines: [{ ...JSON.parse(ok(['--machine', 'menu', '--format', 'json'])).machines[0], machine: 'oven' }] }),
  )
  const cases: [string[], string][] = [
    [['--machine', 'oven'], `paths: unknown machine "oven"; machines: ${machines}`],
    [['--machine', 'menu', '--start', 'a dream'], 'paths: menu has no start "a dream"; starts: "a page load"'],
    [['--start', 'a page load'], `paths: --start needs --machine NAME; machines: ${machines}`],
    [['--cover', 'edges'], 'paths: unknown cover "edges"; covers: transitions, states, shortest, simple'],
    [['--format', 'xml'], 'paths: unknown format "xml"; formats: md, json, csv, gherkin, playwright'],
    [['--cover', 'simple'], 'paths: --cover simple needs --limit N (a whole number from 1): the simple paths are too many to list them all'],
    [['--cover', 'simple', '--limit', 'ten'], 'paths: --limit takes a whole number from 1, not "ten"'],
    [['--colour'], `paths: unknown option --colour; ${USAGE}`],
    [['--replay', notPaths], `paths: ${notPaths} is not a paths file of version 2: version must be 2 (was 3); --replay takes a file of --format json`],
    [['--machine', 'menu', '--machine', 'modal'], 'paths: --machine is given twice; give each option once'],
    [['--format', 'md', '--format=json'], 'paths: --format is given twice; give each option once'],
    [['--out', notPaths], `paths: --out takes a folder, and ${notPaths} is a file; give a folder (it is made when missing)`],
    [['--requirement', '4.5'], 'paths: --requirement takes a requirement\'s number, such as R4.5, not "4.5"'],
    [['--time-limit', '5'], 'paths: --time-limit is for --cover simple; the other covers list a bounded number of paths'],
    [['--cover', 'simple', '--limit', '2', '--time-limit', 'soon'], 'paths: --time-limit takes a whole number of seconds from 1, not "soon"'],
    [['--requirements', '--format', 'csv'], `paths: --requirements takes --machine NAME only (given: --format); ${USAGE}`],
    [['--help', '--machine', 'menu'], `paths: --help takes no other option; ${USAGE}`],
    [['--requirements=yes'], `paths: --requirements takes no value; ${USAGE}`],
    [['--replay', noModel], `paths: ${noModel} names the machine "oven", which has no model; machines: ${machines}`],
  ]
  it.each(cases)('%j', (argv, line) => {
    expect(main(argv)).toEqual({ code: 2, stdout: '', stderr: `${line}\n` })
  })

  it('as a process: the exit code is 2 and stderr is the one line', async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile('npx', ['tsx', 'scripts/paths.ts', '--format', 'xml'], { cwd: ROOT }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      )
    })
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'paths: unknown format "xml"; formats: md, json, csv, gherkin, playwright\n' })
  })
})

describe('npm run paths: the command line behaves as the tools QA already use', () => {
  it('--help and -h print the options and exit 0', () => {
    for (const flag of ['--help', '-h']) {
      const result = main([flag])
      expect([result.code, result.stderr]).toEqual([0, ''])
      expect(result.stdout.split('\n')[0]).toBe('npm run paths: the paths the machine tests walk, for QA, step by step with the properties checked at each.')
      expect(result.stdout).toContain('  --requirement ID      only the paths that check a requirement (R4.5), in any format')
      expect(result.stdout).toContain(
        'account, auth, card, confirm, consent, deadline, field, form, join, lightbox, locale, menu, modal, payment, request, sign-in',
      )
    }
  })

  it('an unknown option writes nothing into --out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paths-nothing-'))
    expect(main(['--machine', 'menu', '--out', dir, '--colour']).code).toBe(2)
    expect(readdirSync(dir)).toEqual([])
  })

  it('--cover simple keeps to --limit, on the largest machines too, well within the time limit', () => {
    for (const machine of ['payment', 'form']) {
      const began = Date.now()
      const result = main(['--machine', machine, '--cover', 'simple', '--limit', '5', '--format', 'json'])
      expect([result.code, result.stderr]).toEqual([0, ''])
      expect(PathsFile.assert(JSON.parse(result.stdout)).machines[0]!.paths).toHaveLength(5)
      // The graph is built once, as for any cover; the walk stops at the fifth path.
      expect(Date.now() - began).toBeLessThan(20_000)
    }
  })

  it('--requirement R4.22 keeps the paths that check it, in every format', () => {
    const md = ok(['--machine', 'menu', '--requirement', 'R4.22'])
    expect(md.match(/^## Path \d+/gmu)).toEqual(['## Path 1', '## Path 2', '## Path 3'])
    const json = PathsFile.assert(JSON.parse(ok(['--machine', 'menu', '--requirement', 'R2.13', '--format', 'json']))).machines[0]!
    // Only the path with the route change checks R2.13 (every route change closes the menu).
    expect(json.paths.map((p) => p.number)).toEqual([2])
    expect(
      ok(['--machine', 'menu', '--requirement', 'R2.13', '--format', 'csv'])
        .split('\n')
        .filter((l) => l.startsWith('menu,')),
    ).toHaveLength(3)
    expect(ok(['--machine', 'menu', '--requirement', 'R2.13', '--format', 'gherkin']).match(/Scenario:/gu)).toHaveLength(1)
    const none = main(['--machine', 'menu', '--requirement', 'R9.26'])
    expect([none.code, none.stderr]).toEqual([0, 'paths: no path of menu checks R9.26 (npm run paths -- --requirements says where it is tested)\n'])
  })

  it('--requirements --machine menu: the requirements the menu checks, with its properties', async () => {
    const { command } = await import('../../../scripts/paths.ts')
    const result = await command(['--requirements', '--machine', 'menu'])
    expect(result.code).toBe(0)
    const rows = result.stdout.split('\n').filter((l) => /^\| R\d/u.test(l))
    expect(rows.map((r) => r.split(' | ')[0]!.slice(2))).toEqual(['R2.13', 'R3.10', 'R4.22'])
    expect(result.stdout).toContain('the toggle opens a closed menu and closes an open one (')
  })
})

describe('npm run flows: the command line', () => {
  it('--help exits 0; an unknown argument is one line and exit 2, and nothing is written', async () => {
    const { flowsCommand, FLOWS_HELP } = await import('../../../scripts/flows.ts')
    expect(flowsCommand(['--help'])).toEqual({ kind: 'help' })
    expect(flowsCommand([])).toEqual({ kind: 'write' })
    expect(flowsCommand(['--diff', 'HEAD~1'])).toEqual({ kind: 'diff', ref: 'HEAD~1' })
    expect(flowsCommand(['--colour'])).toEqual({
      kind: 'bad',
      line: 'flows: unknown option --colour; options: --diff REF, --help; or none to write docs/flows',
    })
    expect(flowsCommand(['docs'])).toEqual({ kind: 'bad', line: 'flows: unexpected argument "docs"; options: --diff REF, --help; or none to write docs/flows' })
    expect(flowsCommand(['--diff'])).toEqual({ kind: 'bad', line: 'flows: --diff needs a git ref (HEAD~1, main)' })
    expect(FLOWS_HELP.split('\n')[0]).toBe(
      "npm run flows: the diagrams, the machines' definitions (JSON, SCXML) and the requirements table, written into docs/flows/.",
    )
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
        execFile('npx', ['tsx', 'scripts/flows.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
        ),
      )
    const before = readFileSync(join(ROOT, 'docs', 'flows', 'README.md'), 'utf8')
    expect(await run(['--colour'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'flows: unknown option --colour; options: --diff REF, --help; or none to write docs/flows\n',
    })
    expect((await run(['--help'])).code).toBe(0)
    expect(readFileSync(join(ROOT, 'docs', 'flows', 'README.md'), 'utf8')).toBe(before)
  })
})

describe('npm run paths --format gherkin: every machine, read by the Gherkin parser QA uses', () => {
  const parser = new Parser(new AstBuilder(IdGenerator.uuid()), new GherkinClassicTokenMatcher())
  it.each(MODELS.map((m) => [m.name, m] as const))('%s', (_name, model) => {
    const m = exportMachine({ model, starts: model.inputs.map((_, i) => i), cover: 'transitions' })
    const document = parser.parse(gherkin(m))
    expect(document.feature?.name).toBe(model.name)
    const scenarios = (document.feature?.children ?? []).filter((c) => c.scenario)
    expect(scenarios.length).toBe(m.paths.length)
    // The default cover takes what the machine tests take: every state, transition and property.
    expect([m.summary.states.missing, m.summary.transitions.missing]).toEqual([[], []])
    expect(m.summary.properties.checked).toBe(model.properties.length)
  })
})

describe('npm run paths knows every machine model', () => {
  it('every MachineModel exported by tests/machines/models is listed in scripts/paths/models.ts', async () => {
    const dir = join(ROOT, 'tests', 'machines', 'models')
    const found: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.model.ts'))) {
      const module = (await import(join(dir, file))) as Record<string, unknown>
      for (const value of Object.values(module)) {
        const m = value as Partial<MachineModel>
        if (m && typeof m === 'object' && typeof m.name === 'string' && m.machine && Array.isArray(m.inputs) && Array.isArray(m.properties)) found.push(m.name)
      }
    }
    expect(MODELS.map((m) => m.name).sort()).toEqual(found.sort())
  })
})

describe('the other covers', () => {
  it('states: a path to every state value; shortest: a path to every vertex; simple: at most --limit', () => {
    const states = PathsFile.assert(JSON.parse(ok(['--machine', 'modal', '--model', '--cover', 'states', '--format', 'json']))).machines[0]!
    const values = new Set(states.paths.flatMap((p) => [p.initial.state, ...p.steps.map((s) => s.state)]))
    expect([...values].sort()).toEqual(['custom', 'hidden', 'standard'])
    const shortest = PathsFile.assert(JSON.parse(ok(['--machine', 'modal', '--model', '--cover', 'shortest', '--format', 'json']))).machines[0]!
    // The modal's graph in the machine tests: hidden, the two standard modals and the custom one (4 vertices).
    expect(shortest.paths.map((p) => p.steps.length)).toEqual([0, 1, 1, 1])
    const simple = PathsFile.assert(JSON.parse(ok(['--machine', 'modal', '--model', '--cover', 'simple', '--limit', '2', '--format', 'json']))).machines[0]!
    expect(simple.paths.length).toBe(2)
  })
})

describe('npm run paths -- --requirements', () => {
  it('prints the traceability table that docs/flows/requirements.md holds', async () => {
    const { requirementsOption } = await import('../../../scripts/paths.ts')
    const result = await requirementsOption()
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/flows/requirements.md'), 'utf8'))
    expect(result.stdout).toContain('| In `docs/requirements.md` | 171 |')
  })
})
