import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { machines } from '#machines/index.ts'
import { FLOWS_DIR, flowFiles, indexPage, renderSvg, toMermaid } from '../../scripts/flows.ts'

describe('docs/flows: diagrams generated from the machines are current (run `npm run flows` when this fails)', () => {
  for (const { name, mermaid } of flowFiles()) {
    it(`${name}.mmd matches the machine definition`, () => {
      const file = join(FLOWS_DIR, `${name}.mmd`)
      expect(existsSync(file), `${file} is missing`).toBe(true)
      expect(readFileSync(file, 'utf8'), `docs/flows/${name}.mmd is stale`).toBe(mermaid)
    })
    it(`${name}.svg is the rendering of the machine definition`, async () => {
      const file = join(FLOWS_DIR, `${name}.svg`)
      expect(existsSync(file), `${file} is missing`).toBe(true)
      const svg = await renderSvg(mermaid)
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\n$/u)
      // Compared whole; a stale SVG is reported with the first place it differs.
      const committed = readFileSync(file, 'utf8')
      if (committed !== svg) {
        let at = 0
        while (at < committed.length && committed[at] === svg[at]) at++
        const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))
        expect.fail(`docs/flows/${name}.svg is stale at character ${at}: ${around(committed)}, rendered ${around(svg)}`)
      }
    })
  }
  it('README.md lists every machine', () => {
    expect(readFileSync(join(FLOWS_DIR, 'README.md'), 'utf8')).toBe(indexPage())
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
