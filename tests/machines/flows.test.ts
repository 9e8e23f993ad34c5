import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { machines } from '#machines/index.ts'
import { allDiagrams, FLOWS_DIR, flowFiles, indexPage, toMermaid } from '../../scripts/flows.ts'

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
