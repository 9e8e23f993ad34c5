/** R2, R3, R4: the mobile menu, the modal and the image lightbox. */

import { lightboxMachine, menuMachine, modalFlags, modalMachine } from '#machines/ui.ts'
import { expect } from '../check.ts'
import { addressRef, ctx, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, sends } from '../harness.ts'

const noEffects: Property = {
  name: 'never causes a side effect',
  requirement: 'R3.10, R4.22',
  check: (step) => expect(step.effects).toEqual([]),
}

// --- mobile menu ------------------------------------------------------------------------------

const menuOpen = (step: { after: { matches: (v: never) => boolean } }) => step.after.matches('open' as never)

export const menuModel: MachineModel = {
  name: 'menu',
  machine: menuMachine,
  inputs: [{ label: 'a page load' }],
  events: () => [{ type: 'menu.toggle' }, { type: 'menu.close' }, { type: 'route.changed', path: '/en/faq' }],
  properties: [
    noEffects,
    { name: 'starts closed', requirement: 'R3.10, R4.22', when: (s) => s.index === 0, check: (s) => expect(menuOpen(s)).toBe(false) },
    {
      name: 'the toggle opens a closed menu and closes an open one',
      requirement: 'R4.22',
      when: (s) => s.event.type === 'menu.toggle',
      check: (s) => expect(menuOpen(s)).toBe(!s.before!.matches('open')),
    },
    { name: 'close closes it', requirement: 'R4.22', when: (s) => s.event.type === 'menu.close', check: (s) => expect(menuOpen(s)).toBe(false) },
    {
      name: 'every route change closes it',
      requirement: 'R2.13',
      when: (s) => s.event.type === 'route.changed',
      check: (s) => expect(menuOpen(s)).toBe(false),
    },
  ],
}

// --- modal ------------------------------------------------------------------------------------

/** Whoever opened a dialog: the modal answers it there. */
const opener = addressRef('opener')
const CANCEL = { dialog: 'account.cancel' } as const
const RESET = { dialog: 'account.reset' } as const

type ModalCtx = { content: unknown; options: unknown; replyTo: unknown }
const shown = (s: { matches: (v: never) => boolean }) => (s.matches('standard' as never) ? 'standard' : s.matches('custom' as never) ? 'custom' : 'hidden')

const flagsMatchTheState: Property = {
  name: 'the shown and custom-shown flags are the standard and custom states',
  requirement: 'R3.10',
  check: (s) => expect(modalFlags(s.after)).toEqual({ shown: shown(s.after) === 'standard', customShown: shown(s.after) === 'custom' }),
}

export const modalModel: MachineModel = {
  name: 'modal',
  machine: modalMachine,
  inputs: [{ label: 'a page load' }],
  events: () => [
    { type: 'modal.open', content: CANCEL, options: { closable: false }, replyTo: opener },
    { type: 'modal.open', content: RESET },
    { type: 'modal.openCustom', content: RESET, replyTo: opener },
    { type: 'modal.answer', answer: 'confirm' },
    { type: 'modal.answer', answer: 'dismiss' },
    { type: 'modal.close' },
  ],
  properties: [
    IGNORED_EVENTS_CHANGE_NOTHING,
    {
      name: 'never causes a side effect but the answer to its opener',
      requirement: 'R3.10, R4.21',
      check: (s) => expect(s.effects.filter((e) => e.kind !== 'send')).toEqual([]),
    },
    flagsMatchTheState,
    {
      name: 'hidden holds no content, options or addressee; shown holds its content',
      requirement: 'R3.10',
      check: (s) => {
        const c = ctx<ModalCtx>(s.after)
        if (shown(s.after) === 'hidden') expect([c.content, c.options, c.replyTo]).toEqual([null, {}, null])
        else expect(c.content).not.toBeNull()
      },
    },
    {
      name: 'open shows the standard modal with the content and options given (one modal at a time: it replaces any)',
      requirement: 'R3.10, R4.22',
      when: (s) => s.event.type === 'modal.open' || s.event.type === 'modal.openCustom',
      check: (s) => {
        expect(shown(s.after)).toBe(s.event.type === 'modal.open' ? 'standard' : 'custom')
        const c = ctx<ModalCtx>(s.after)
        expect(c.content).toEqual(s.event.content)
        expect(c.options).toEqual(s.event.options ?? {})
        expect(c.replyTo).toBe(s.event.replyTo ?? null)
      },
    },
    {
      name: 'an answer or close hides a shown modal',
      requirement: 'R4.22',
      when: (s) => s.index > 0 && (s.event.type === 'modal.answer' || s.event.type === 'modal.close'),
      check: (s) => expect(shown(s.after)).toBe('hidden'),
    },
    {
      name: 'answering or closing a hidden modal does nothing',
      requirement: 'R4.22',
      when: (s) => s.index > 0 && shown(s.before!) === 'hidden' && (s.event.type === 'modal.answer' || s.event.type === 'modal.close'),
      check: (s) => expect(ctx(s.after)).toEqual(ctx(s.before)),
    },
    {
      name: 'the opener hears the answer, exactly once; nobody hears anything else',
      requirement: 'R4.21',
      check: (s) => {
        const answered = s.event.type === 'modal.answer' && s.before !== null && shown(s.before) !== 'hidden' && ctx<ModalCtx>(s.before).replyTo !== null
        const expected = answered ? [{ type: 'modal.answered', answer: s.event.answer }] : []
        expect(sends(s).map((e) => ({ to: e.to, event: e.event }))).toEqual(expected.map((event) => ({ to: 'opener', event })))
      },
    },
  ],
}

// --- image lightbox ---------------------------------------------------------------------------

type LightboxCtx = { url: string | null; name: string | null }

export const lightboxModel: MachineModel = {
  name: 'lightbox',
  machine: lightboxMachine,
  inputs: [{ label: 'a page load' }],
  events: () => [
    { type: 'lightbox.open', url: '/images/premium/big-1.webp', name: 'Inventory' },
    { type: 'lightbox.open', url: '/images/premium/big-2.webp', name: 'Knife' },
    { type: 'lightbox.close' },
  ],
  properties: [
    IGNORED_EVENTS_CHANGE_NOTHING,
    noEffects,
    {
      name: 'closed holds no image; open holds one',
      requirement: 'R3.10',
      check: (s) => {
        const c = ctx<LightboxCtx>(s.after)
        if (s.after.matches('closed')) expect(c).toEqual({ url: null, name: null })
        else expect(typeof c.url === 'string' && typeof c.name === 'string').toBe(true)
      },
    },
    {
      name: 'open shows the image given, url and name',
      requirement: 'R3.10, R4.22',
      when: (s) => s.event.type === 'lightbox.open',
      check: (s) => {
        expect(s.after.matches('open')).toBe(true)
        expect(ctx(s.after)).toEqual({ url: s.event.url, name: s.event.name })
      },
    },
    {
      name: 'after close: closed, and no image',
      requirement: 'R3.10, R4.22',
      when: (s) => s.event.type === 'lightbox.close',
      check: (s) => {
        expect(s.after.matches('closed')).toBe(true)
        expect(ctx(s.after)).toEqual({ url: null, name: null })
      },
    },
  ],
}
