/**
 * Issue 36: the `.mmd` files of docs/flows render in the official Mermaid renderer (the one code
 * hosts use for Mermaid in Markdown), in Chromium, with no error, every state of the machine a
 * node labelled with its key, and every transition a labelled edge. Checked against the machine
 * itself (tests/machines/flows-svg/geometry.ts reads the machine), not against the text.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { machines } from '#machines/index.ts'
import { eventWords, machineStates, machineTransitions } from '../machines/flows-svg/geometry.ts'

const FLOWS = join(import.meta.dirname, '..', '..', 'docs', 'flows')
const MERMAID = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js')

interface Rendered {
  error?: string
  /** Each node's id and text. */
  nodes: { id: string; text: string }[]
  /** Each edge label's text. */
  labels: string[]
  /** Drawn edge paths. */
  paths: number
}

declare global {
  interface Window {
    mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> }
  }
}

test.describe('docs/flows: the Mermaid files render in the official renderer', () => {
  // Mermaid's bundle is 5 MB of script to parse per page: generous on a busy machine.
  test.describe.configure({ timeout: 90_000 })
  test.beforeEach(async ({ page }) => {
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ path: MERMAID })
    await page.evaluate(() => window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }))
  })

  for (const { name, machine } of machines) {
    test(`${name}.mmd`, async ({ page }) => {
      const text = readFileSync(join(FLOWS, `${name}.mmd`), 'utf8')
      const rendered: Rendered = await page.evaluate(async (text) => {
        try {
          const { svg } = await window.mermaid.render('diagram', text)
          const host = document.createElement('div')
          host.innerHTML = svg
          document.body.replaceChildren(host)
          return {
            nodes: [...host.querySelectorAll('g.node, g.statediagram-cluster')].map((n) => ({ id: n.id, text: (n.textContent ?? '').trim() })),
            labels: [...host.querySelectorAll('g.edgeLabel')].map((l) => (l.textContent ?? '').trim()).filter(Boolean),
            paths: host.querySelectorAll('path.transition').length,
          }
        } catch (error) {
          return { error: String(error), nodes: [], labels: [], paths: 0 }
        }
      }, text)
      expect(rendered.error).toBeUndefined()
      // Mermaid names a state's node `<diagram id>-state-<state id>-<counter>`.
      for (const state of machineStates(machine)) {
        const node = rendered.nodes.find((n) => new RegExp(`^diagram-state-${state.id}-\\d+$`, 'u').test(n.id))
        expect(node, `state ${state.id} is drawn`).toBeDefined()
        expect(node?.text.split(' / ')[0], `state ${state.id} is labelled with its key`).toBe(state.key)
      }
      const transitions = machineTransitions(machine)
      expect(rendered.labels).toHaveLength(transitions.length)
      expect(rendered.paths).toBeGreaterThanOrEqual(transitions.length)
      // Each transition's label, in the order of the file: as many of each event as the machine has.
      const count = (words: string[]) => words.reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>())
      const drawn = count(
        rendered.labels.map((l) => transitions.map((t) => eventWords(t.eventType)).find((w) => l === w || l.startsWith(`${w} `)) ?? `unknown: ${l}`),
      )
      expect(drawn).toEqual(count(transitions.map((t) => eventWords(t.eventType))))
    })
  }
})
