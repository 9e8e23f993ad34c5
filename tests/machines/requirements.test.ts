/**
 * Traceability (issue 36): every property of every machine model cites the numbered
 * requirements of docs/requirements.md it checks (or, for a statechart-general rule, a decision),
 * and docs/flows/requirements.md is the table the models produce now.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  idsNamed,
  loadDecisions,
  loadModels,
  loadRequirements,
  namedInOtherTests,
  parseCitation,
  parseRequirements,
  REQUIREMENTS_FILE,
  requirementsTable,
  TABLE_FILE,
} from './requirements.ts'

const requirements = loadRequirements()
const known = new Set(requirements.map((r) => r.id))
const decisions = loadDecisions()

describe('docs/requirements.md: its numbered requirements are read', () => {
  it('knows the ids written out here, and not those that do not exist', () => {
    for (const id of [
      'R1.1',
      'R1.12',
      'R2.19',
      'R4.3',
      'R4.5',
      'R4.22',
      'R4.23',
      'R7.3',
      'R9.10',
      'R9.16',
      'R9.17',
      'R9.18',
      'R9.19',
      'R9.20',
      'R10.1',
      'R10.12',
    ])
      expect(known.has(id), id).toBe(true)
    for (const id of ['R4.99', 'R4', 'R0.1', 'R1.13', 'R2.30', 'R4.25', 'R8.16', 'R9.31', 'R10.22', 'R11.1']) expect(known.has(id), id).toBe(false)
  })

  it('reads every bold id of the file once; each section runs R<n>.1, R<n>.2, … with no gap, R1 to R10', () => {
    const bold = readFileSync(REQUIREMENTS_FILE, 'utf8').match(/^- \*\*R\d+\.\d+\*\*/gmu) ?? []
    expect(requirements.length).toBe(bold.length)
    expect(known.size).toBe(requirements.length)
    const sections = [...new Set(requirements.map((r) => r.section))]
    expect(sections).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10'])
    for (const section of sections) {
      const ids = requirements.filter((r) => r.section === section).map((r) => r.id)
      expect(ids).toEqual(ids.map((_, i) => `${section}.${i + 1}`))
    }
  })

  it('reads an item, its indented lines and no table, with its first sentence as the summary', () => {
    const markdown = [
      '## R4 States',
      '',
      '- **R4.1** Paying goes through these steps: choose a plan.',
      '- **R4.2** The pay button says why it cannot be used yet, checked in this',
      '  order (decisions 052, 072). Before the page is interactive it waits.',
      '- **R4.3** These pages exist:',
      '',
      '  | Path | Page |',
      '  |---|---|',
      '- Not a requirement: **R4** names a section.',
      '- **R10.12** Over https (`X-Forwarded-Proto: https` from a proxy) every cookie is `Secure`.',
    ].join('\n')
    expect(parseRequirements(markdown)).toEqual([
      { id: 'R4.1', section: 'R4', summary: 'Paying goes through these steps:' },
      { id: 'R4.2', section: 'R4', summary: 'The pay button says why it cannot be used yet, checked in this order (decisions 052, 072).' },
      { id: 'R4.3', section: 'R4', summary: 'These pages exist:' },
      { id: 'R10.12', section: 'R10', summary: 'Over https (`X-Forwarded-Proto: https` from a proxy) every cookie is `Secure`.' },
    ])
  })

  it('knows the decision records by number', () => {
    for (const n of ['001', '053', '063', '070']) expect(decisions.has(n), n).toBe(true)
    for (const n of ['000', '054', '999']) expect(decisions.has(n), n).toBe(false)
  })
})

describe('a citation: numbered requirements, then decisions', () => {
  const ids = new Set(['R4.3', 'R4.5', 'R10.1'])
  const records = new Set(['053', '070'])
  const read = (text: string) => parseCitation(text, ids, records)

  it('takes numbered requirements and decisions', () => {
    expect(read('R4.3, R4.5')).toEqual({ ids: ['R4.3', 'R4.5'], decisions: [], problems: [] })
    expect(read('R4.3, decision 053')).toEqual({ ids: ['R4.3'], decisions: ['053'], problems: [] })
    expect(read(' R10.1 ,R4.3, decision 053, decision 070')).toEqual({ ids: ['R10.1', 'R4.3'], decisions: ['053', '070'], problems: [] })
    // A statechart-general rule no requirement states.
    expect(read('decision 070')).toEqual({ ids: [], decisions: ['070'], problems: [] })
  })

  it('refuses an unknown number, a whole section, nothing, and anything else', () => {
    expect(read('R4.99').problems).toEqual(['R4.99 is not a requirement of docs/requirements.md'])
    expect(read('R10.10').problems).toEqual(['R10.10 is not a requirement of docs/requirements.md'])
    expect(read('R4').problems).toEqual(['R4 is a whole section: cite its numbered requirements (R4.1, R4.2, …)'])
    expect(read('R4, R8').problems).toHaveLength(2)
    expect(read('R4.3, R8').problems).toHaveLength(1)
    expect(read('').problems).toEqual(['cites nothing'])
    expect(read(' , ').problems).toEqual(['cites nothing'])
    expect(read('statecharts').problems).toEqual(['"statecharts" is neither a numbered requirement (R4.3) nor a decision (decision 053)'])
    expect(read('R7 (the resend countdown)').problems).toHaveLength(1)
    expect(read('R4.3; guide 6').problems).toHaveLength(1)
    expect(read('R4 and decision 053').problems).toHaveLength(1)
    expect(read('decision 999').problems).toEqual(['decision 999 is not a record of docs/decisions'])
    expect(read('decision 53').problems).toHaveLength(1)
    expect(read('decision 053, R4.3').problems).toEqual(['R4.3 comes after a decision: requirements first, then decisions'])
    expect(read('R4.3, R4.3').problems).toEqual(['R4.3 is cited twice'])
  })
})

const models = await loadModels()

describe('every property of every machine model cites the numbered requirements it checks', () => {
  it('reads every model of tests/machines/models', () => {
    expect(models.map((m) => m.name)).toEqual([
      'account',
      'auth',
      'card',
      'confirm',
      'consent',
      'deadline',
      'field',
      'form',
      'join',
      'lightbox',
      'locale',
      'menu',
      'modal',
      'payment',
      'request',
      'sign-in',
    ])
  })
  for (const model of models) {
    it(`${model.name}: every citation names requirements of docs/requirements.md (or decisions), never a section or nothing`, () => {
      const wrong = model.properties
        .map((p) => ({ property: p.name, requirement: p.requirement, problems: parseCitation(p.requirement, known, decisions).problems }))
        .filter((p) => p.problems.length > 0)
      expect(wrong).toEqual([])
      // A model is about requirements: at most its statechart-general rules cite a decision only.
      const numbered = model.properties.filter((p) => parseCitation(p.requirement, known, decisions).ids.length > 0)
      expect(numbered.length).toBeGreaterThan(model.properties.length / 2)
    })
  }
})

describe('another test names a requirement by its id as a word', () => {
  it('finds R7.3 and (R2.1); R7.30 is another id; R7.3.1 and xR7.4 are none', () => {
    const root = mkdtempSync(join(tmpdir(), 'requirements-'))
    try {
      mkdirSync(join(root, 'tests', 'e2e', 'deep'), { recursive: true })
      writeFileSync(join(root, 'tests', 'e2e', 'a.spec.ts'), "test('R7.3: sign-out', () => {}) // R7.30 R7.3.1 xR7.4\n")
      writeFileSync(join(root, 'tests', 'e2e', 'deep', 'b.test.ts'), '// (R2.1) and R7.3.\n')
      writeFileSync(join(root, 'tests', 'e2e', 'notes.png'), 'R9.9')
      expect(Object.fromEntries(namedInOtherTests(root, ['tests/e2e', 'tests/none']))).toEqual({
        'R7.3': ['tests/e2e/a.spec.ts', 'tests/e2e/deep/b.test.ts'],
        'R7.30': ['tests/e2e/a.spec.ts'],
        'R2.1': ['tests/e2e/deep/b.test.ts'],
      })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('a range of requirements names each of them; a story is a test', () => {
  it('R5.4–R5.7 and R9.23-R9.25 name every id between; a range across sections or backwards names only its ends', () => {
    expect([...idsNamed('R5.4–R5.7')].sort()).toEqual(['R5.4', 'R5.5', 'R5.6', 'R5.7'])
    expect([...idsNamed('(R9.23-R9.25)')].sort()).toEqual(['R9.23', 'R9.24', 'R9.25'])
    expect([...idsNamed('R9.2 – 9.3')].sort()).toEqual(['R9.2', 'R9.3'])
    expect([...idsNamed('R4.9–R5.2')].sort()).toEqual(['R4.9', 'R5.2'])
    expect([...idsNamed('R6.5–R6.3')].sort()).toEqual(['R6.3', 'R6.5'])
    expect([...idsNamed('R7.3.1–R7.5')].sort()).toEqual(['R7.5'])
  })

  it('finds ids in the stories under src, and in no other file there', () => {
    const root = mkdtempSync(join(tmpdir(), 'requirements-'))
    try {
      mkdirSync(join(root, 'src', 'ui'), { recursive: true })
      writeFileSync(join(root, 'src', 'ui', 'toast.stories.tsx'), '/** R9.11: toasts stay 5000 ms. */\n')
      writeFileSync(join(root, 'src', 'ui', 'toast.tsx'), '// R9.11\n')
      expect(Object.fromEntries(namedInOtherTests(root, ['tests/e2e']))).toEqual({ 'R9.11': ['src/ui/toast.stories.tsx'] })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('docs/flows/requirements.md: the table generated from the models is current (run `npm run flows` when this fails)', () => {
  it('is what the models produce now, step counts included', { timeout: 180_000 }, async () => {
    expect(existsSync(TABLE_FILE), `${TABLE_FILE} is missing`).toBe(true)
    const table = await requirementsTable()
    const committed = readFileSync(TABLE_FILE, 'utf8')
    if (committed !== table) {
      const a = committed.split('\n')
      const b = table.split('\n')
      let line = 0
      while (line < a.length && a[line] === b[line]) line++
      expect.fail(`docs/flows/requirements.md is stale at line ${line + 1}:\n  committed: ${a[line] ?? '(end)'}\n  generated: ${b[line] ?? '(end)'}`)
    }
  })
})
