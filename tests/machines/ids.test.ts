/**
 * Every machine's id, as its diagram (docs/flows), the browser's observation of the machines
 * (decision 043) and `#id` targets name it.
 */
import { describe, expect, it } from 'vitest'
import { machines } from '#machines/index.ts'

describe('the machines and their ids', () => {
  it('are the ones the diagrams and the browser observation name: one spelling each, the name of its files and of `npm run paths -- --machine`', () => {
    expect(machines.map((entry) => [entry.name, entry.machine.id])).toEqual([
      ['auth', 'auth'],
      ['locale', 'locale'],
      ['payment', 'payment'],
      ['deadline', 'deadline'],
      ['menu', 'menu'],
      ['modal', 'modal'],
      ['lightbox', 'lightbox'],
      ['field', 'field'],
      ['form', 'form'],
      ['sign-in', 'sign-in'],
      ['confirm', 'confirm'],
      ['account', 'account'],
      ['card', 'card'],
      ['join', 'join'],
      ['request', 'request'],
      ['consent', 'consent'],
    ])
    for (const entry of machines) expect(entry.machine.id).toBe(entry.name)
  })
})
