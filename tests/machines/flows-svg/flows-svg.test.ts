import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { machines } from '#machines/index.ts'
import { FLOWS_DIR } from '../../../scripts/flows.ts'
import { diagramProblems, distanceToOutline, readSvg } from './geometry.ts'

/** The widest canvas a diagram may have (issue 36). */
const MAX_WIDTH = 2000

function committedDiagrams(name: string): { file: string; svg: string }[] {
  return readdirSync(FLOWS_DIR)
    .filter((file) => file === `${name}.svg` || (file.startsWith(`${name}.`) && file.endsWith('.svg')))
    .map((file) => ({ file, svg: readFileSync(join(FLOWS_DIR, file), 'utf8') }))
}

const payment = machines.find((m) => m.name === 'payment')!.machine

describe('R4: every diagram in docs/flows draws the machine itself: a labelled box per state, each transition from box to box', () => {
  for (const { name, machine } of machines) {
    it(name, () => {
      const files = committedDiagrams(name)
      expect(files.length, `no ${name}.svg in docs/flows`).toBeGreaterThan(0)
      expect(diagramProblems(machine, files, MAX_WIDTH)).toEqual([])
    })
  }
})

describe('the check fails on wrong diagrams', () => {
  const misdrawn = readFileSync(join(import.meta.dirname, 'misdrawn-payment.svg'), 'utf8')
  it('on the payment diagram drawn before: the success edge attached to nothing, first children labelled with ids, 3,619 px wide', () => {
    const problems = diagramProblems(payment, [{ file: 'payment.svg', svg: misdrawn }], MAX_WIDTH)
    expect(problems).toContain('payment.svg: 3618.582571428571 px wide (at most 2000)')
    expect(problems).toContain('payment.svg: "widget.success" does not start on the box of paying__charging')
    expect(problems).toContain('payment.svg: "widget.success" does not end on the box of paying__confirming')
    expect(problems).toContain('no edge "widget.success" from paying__charging to paying__confirming touches both boxes')
    expect(problems).toContain('state paying__requestingOptions is labelled "paying__requestingOptions", not "requestingOptions"')
    expect(problems).toContain('state paying__confirming__checking is labelled "paying__confirming__checking", not "checking"')
  })
  it('on a diagram with a box moved away from its edges', () => {
    const files = committedDiagrams('deadline')
    const svg = files[0]!.svg.replace(/(data-id="running"[^>]*>\s*<rect x=")([\d.]+)/u, (_, head: string, x: string) => `${head}${Number(x) + 40}`)
    expect(svg).not.toBe(files[0]!.svg)
    expect(diagramProblems(countdown(), [{ file: 'deadline.svg', svg }], MAX_WIDTH).some((p) => p.includes('box of running'))).toBe(true)
  })
  it('on a diagram missing a state or a transition', () => {
    const files = committedDiagrams('deadline')
    const noEdges = files[0]!.svg.replace(/<polyline class="transition"[^>]*>/gu, '')
    expect(diagramProblems(countdown(), [{ file: 'deadline.svg', svg: noEdges }], MAX_WIDTH).filter((p) => p.startsWith('no edge')).length).toBe(4)
    const noBox = files[0]!.svg.replace(/data-id="running"/u, 'data-id="elsewhere"')
    expect(diagramProblems(countdown(), [{ file: 'deadline.svg', svg: noBox }], MAX_WIDTH)).toContain('state running has no box')
  })
})

function countdown() {
  return machines.find((m) => m.name === 'deadline')!.machine
}

describe('reading the geometry', () => {
  const box = { id: 'a', label: 'a', text: ['a'], x: 10, y: 20, width: 100, height: 40 }
  it('a point on the outline is at 0, inside or outside at its distance to the nearest side', () => {
    expect(distanceToOutline({ x: 10, y: 30 }, box)).toBe(0)
    expect(distanceToOutline({ x: 60, y: 60 }, box)).toBe(0)
    expect(distanceToOutline({ x: 60, y: 40 }, box)).toBe(20)
    expect(distanceToOutline({ x: 60, y: 25 }, box)).toBe(5)
    expect(distanceToOutline({ x: 113, y: 64 }, box)).toBe(5)
  })
  it('reads boxes, texts and polylines', () => {
    const read = readSvg(
      '<svg width="300" height="100"><g class="state" data-id="a" data-label="a / tags busy"><rect x="1" y="2" width="3" height="4"/><text>a</text><text>tags busy</text></g><polyline class="transition" data-from="a" data-to="b" data-label="go" points="1,2 5,6"/></svg>',
    )
    expect(read.width).toBe(300)
    expect(read.boxes.get('a')).toEqual({ id: 'a', label: 'a / tags busy', text: ['a', 'tags busy'], x: 1, y: 2, width: 3, height: 4 })
    expect(read.edges).toEqual([
      {
        from: 'a',
        to: 'b',
        label: 'go',
        points: [
          { x: 1, y: 2 },
          { x: 5, y: 6 },
        ],
      },
    ])
  })
})
