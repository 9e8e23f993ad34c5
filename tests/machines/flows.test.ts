import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { machines } from '#machines/index.ts'
import { allDiagrams, FLOWS_DIR, flowFiles, indexPage, toMermaid } from '../../scripts/flows.ts'
import { MODELS } from '../../scripts/paths/models.ts'
import { activeNodes, machineWalkthrough, walkthroughFile } from '../../scripts/paths/walkthrough.ts'

/** A stale file is reported with the first place it differs. */
function expectSame(file: string, committed: string, fresh: string): void {
  if (committed === fresh) return
  let at = 0
  while (at < committed.length && committed[at] === fresh[at]) at++
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))
  expect.fail(`docs/flows/${file} is stale at character ${at}: ${around(committed)}, generated ${around(fresh)}`)
}

const drawn = await allDiagrams()

describe('docs/flows: diagrams generated from the machines are current (run `npm run flows` when this fails)', () => {
  for (const { name, mermaid } of flowFiles()) {
    it(`${name}.mmd matches the machine definition`, () => {
      const file = join(FLOWS_DIR, `${name}.mmd`)
      expect(existsSync(file), `${file} is missing`).toBe(true)
      expect(readFileSync(file, 'utf8'), `docs/flows/${name}.mmd is stale`).toBe(mermaid)
    })
  }
  for (const { name, diagrams } of drawn) {
    it(`${name}: ${diagrams.map((d) => d.file).join(', ')} are the drawing of the machine definition`, () => {
      for (const diagram of diagrams) {
        const file = join(FLOWS_DIR, diagram.file)
        expect(existsSync(file), `${file} is missing`).toBe(true)
        expect(diagram.svg).toMatch(/^<svg[\s\S]*<\/svg>\n$/u)
        expectSame(diagram.file, readFileSync(file, 'utf8'), diagram.svg)
      }
    })
  }
  it('holds no SVG that no machine draws', () => {
    const drawnFiles = new Set(drawn.flatMap((d) => d.diagrams.map((x) => x.file)))
    expect(readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.svg') && !drawnFiles.has(f))).toEqual([])
  })
  for (const model of MODELS) {
    it(`${model.name}.walk.json holds the paths of its default cover, as the flow page steps through them`, { timeout: 120_000 }, () => {
      const file = join(FLOWS_DIR, `${model.name}.walk.json`)
      expect(existsSync(file), `${file} is missing`).toBe(true)
      expectSame(`${model.name}.walk.json`, readFileSync(file, 'utf8'), walkthroughFile(machineWalkthrough(model.name)))
    })
  }
  it('README.md lists every machine and every part diagram', () => {
    const readme = readFileSync(join(FLOWS_DIR, 'README.md'), 'utf8')
    expect(readme).toBe(indexPage(drawn))
    expect(readme).toContain('[auth](auth.svg) (overview), [loggingIn](auth.loggingIn.svg), [loggedIn](auth.loggedIn.svg)')
    expect(readme).toContain('[payment](payment.svg) (overview), [paying](payment.paying.svg)')
  })
})

describe('R4: the Mermaid text is generated from the definitions', () => {
  it('is deterministic and names every state of every machine', () => {
    for (const { machine } of machines) {
      const text = toMermaid(machine)
      expect(toMermaid(machine)).toBe(text)
      expect(text.startsWith('stateDiagram-v2\n')).toBe(true)
      for (const key of Object.keys(machine.root.states)) expect(text).toContain(`"${key}`)
    }
  })
  it('draws invoke outcomes, guards and actions', () => {
    const text = toMermaid(machines.find((m) => m.name === 'payment')!.machine)
    expect(text).toContain('selecting --> paying : payment.submit [canSubmit]')
    expect(text).toContain('paying__requestingOptions --> selecting : createPayment error / assignFailure, logError, toast')
    expect(text).toContain('state "paying / tags busy" as paying {')
  })
})

describe('decision 122: a walkthrough step names the diagram nodes it makes active', () => {
  it('a state, a nested state and parallel regions', () => {
    expect(activeNodes('closed')).toEqual(['closed'])
    expect(activeNodes('paying.confirming.checking')).toEqual(['paying', 'paying__confirming', 'paying__confirming__checking'])
    expect(activeNodes('(edit.dirty, touch.touched, validation.idle)')).toEqual([
      'edit',
      'edit__dirty',
      'touch',
      'touch__touched',
      'validation',
      'validation__idle',
    ])
  })

  it('the menu’s first path, in the binding’s words, with its requirements', () => {
    const [first] = JSON.parse(readFileSync(join(FLOWS_DIR, 'menu.walk.json'), 'utf8')).paths
    expect(first.title).toBe('Path 1: a visitor on the home page, on a 390 px phone')
    expect(first.steps.map((s: { words: string; active: string[] }) => [s.words, s.active])).toEqual([
      ['a visitor on the home page, on a 390 px phone', ['closed']],
      ['the visitor taps the menu button', ['open']],
      ['the visitor presses Escape', ['closed']],
    ])
    expect(first.steps[1].requirements).toEqual(['R3.10', 'R4.22'])
  })
})
