/**
 * Product owners watch every machine in Storybook (decision 122): each of the sixteen machines has
 * a flow page, its generated diagram beside the components that drive it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const FLOWS = join(process.cwd(), '.storybook', 'flows')

describe('Storybook: a flow page per machine', () => {
  it('the flow stories name all sixteen machines', () => {
    const pages = readdirSync(FLOWS)
      .filter((f) => f.endsWith('.stories.tsx'))
      .flatMap((f) => [...readFileSync(join(FLOWS, f), 'utf8').matchAll(/<FlowView machineId="([\w-]+)"/gu)].map((m) => m[1]))
    expect([...new Set(pages)].sort()).toEqual([
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
})
