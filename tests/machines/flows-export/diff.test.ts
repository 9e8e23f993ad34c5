/**
 * `npm run flows -- --diff REF` (scripts/flows/diff.ts): the Markdown a product owner reviews,
 * for two versions of a small order machine, written out whole.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { definitionsAt, diffFlows, flowDiffSince } from '../../../scripts/flows/diff.ts'
import { machineJSON, type StateNodeJSON } from '../../../scripts/flows/export.ts'

const orderV1 = createMachine({
  id: 'order',
  initial: 'cart',
  states: {
    cart: { on: { checkout: { guard: 'hasItems', target: 'paying' }, clear: { actions: 'emptyCart' } } },
    paying: {
      entry: 'openWidget',
      on: {
        paid: 'done',
        cancel: 'cart',
        fail: [
          { guard: 'canRetry', target: 'paying', reenter: true },
          { target: 'cart', actions: 'toast' },
        ],
        timeout: 'expired',
      },
    },
    expired: { on: { restart: 'cart' } },
    done: { type: 'final' },
  },
})

/** A new guard, target and actions, a renamed event, alternatives swapped, a state added, a state removed. */
const orderV2 = createMachine({
  id: 'order',
  initial: 'cart',
  states: {
    cart: { on: { checkout: { guard: 'canCheckout', target: 'paying' }, clear: { actions: ['emptyCart', 'track'] }, save: { actions: 'saveCart' } } },
    paying: {
      entry: ['openWidget', 'track'],
      on: {
        paid: 'confirming',
        abort: 'cart',
        fail: [
          { target: 'cart', actions: 'toast' },
          { guard: 'canRetry', target: 'paying', reenter: true },
        ],
      },
    },
    confirming: { invoke: { id: 'confirm', src: 'confirm', onDone: 'done' } },
    done: { type: 'final' },
  },
})

const tiny = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } })

const defs = (entries: Record<string, StateNodeJSON | null>) => new Map(Object.entries(entries))
/** As read from a committed file. */
const committed = (json: StateNodeJSON): StateNodeJSON => JSON.parse(JSON.stringify(json))

const V1_TO_V2 = `# Flow changes since v1

## order

- State added: \`confirming\`
- State removed: \`expired\`
- State changed: \`paying\`: entry actions \`openWidget\` → \`openWidget\`, \`track\`
- Transition added: \`cart\` on \`save\` stays doing \`saveCart\`
- Transition added: \`confirming\` on \`confirm done\` goes to \`done\`
- Transition removed: \`paying\` on \`timeout\` goes to \`expired\`
- Transition removed: \`expired\` on \`restart\` goes to \`cart\`
- Transition changed: \`cart\` on \`checkout\` if \`hasItems\` goes to \`paying\`: guard \`hasItems\` → \`canCheckout\`
- Transition changed: \`cart\` on \`clear\` stays doing \`emptyCart\`: actions \`emptyCart\` → \`emptyCart\`, \`track\`
- Transition changed: \`paying\` on \`paid\` goes to \`done\`: target \`done\` → \`confirming\`
- Transition changed: \`paying\` on \`cancel\` goes to \`cart\`: event \`cancel\` → \`abort\`
- Order changed: \`paying\` on \`fail\` tries no guard, \`canRetry\` (was \`canRetry\`, no guard)
`

describe('flows --diff: the flow changes, in Markdown', () => {
  it('lists states and transitions added, removed and changed between two versions of a machine', () => {
    expect(diffFlows('v1', defs({ order: committed(machineJSON(orderV1)) }), defs({ order: machineJSON(orderV2) }))).toBe(V1_TO_V2)
  })

  it('says so in one line when nothing changed', () => {
    expect(
      diffFlows(
        'HEAD~1',
        defs({ order: committed(machineJSON(orderV2)), toggle: machineJSON(tiny) }),
        defs({ order: machineJSON(orderV2), toggle: machineJSON(tiny) }),
      ),
    ).toBe('No flow changes since HEAD~1.\n')
  })

  it('counts a machine without a definition at the ref as all added, and one gone as all removed; unchanged machines are left out', () => {
    expect(
      diffFlows('main', defs({ order: machineJSON(orderV2), old: machineJSON(tiny) }), defs({ order: machineJSON(orderV2), toggle: machineJSON(tiny) })),
    ).toBe(`# Flow changes since main

## toggle (new)

- State added: \`off\`
- State added: \`on\`
- Transition added: \`off\` on \`flip\` goes to \`on\`
- Transition added: \`on\` on \`flip\` goes to \`off\`

## old (removed)

- State removed: \`off\`
- State removed: \`on\`
- Transition removed: \`off\` on \`flip\` goes to \`on\`
- Transition removed: \`on\` on \`flip\` goes to \`off\`
`)
  })
})

describe('flows --diff REF reads the committed definitions at REF with git', () => {
  const repo = mkdtempSync(join(tmpdir(), 'flows-diff-'))
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, stdio: 'pipe' })
  git('init', '-q')
  writeFileSync(join(repo, 'README'), 'no flows yet\n')
  git('add', '.')
  git('commit', '-q', '-m', 'before the flows')
  mkdirSync(join(repo, 'docs', 'flows'), { recursive: true })
  writeFileSync(join(repo, 'docs', 'flows', 'order.json'), `${JSON.stringify(machineJSON(orderV1), null, 2)}\n`)
  git('add', '.')
  git('commit', '-q', '-m', 'the order flow')
  afterAll(() => rmSync(repo, { recursive: true, force: true }))

  it('compares them with the machines of the working tree', () => {
    expect(flowDiffSince('HEAD', [{ name: 'order', machine: orderV2 }], repo)).toBe(V1_TO_V2.replace('since v1', 'since HEAD'))
    expect(flowDiffSince('HEAD', [{ name: 'order', machine: orderV1 }], repo)).toBe('No flow changes since HEAD.\n')
  })

  it('counts every machine as added at a ref without the files', () => {
    expect(definitionsAt('HEAD~1', repo).size).toBe(0)
    expect(flowDiffSince('HEAD~1', [{ name: 'toggle', machine: tiny }], repo)).toMatch(/^# Flow changes since HEAD~1\n\n## toggle \(new\)\n/u)
  })

  it('stops on a ref that is not a commit', () => {
    expect(() => flowDiffSince('no-such-ref', [{ name: 'order', machine: orderV2 }], repo)).toThrow('"no-such-ref" is not a commit of this repository')
  })
})
