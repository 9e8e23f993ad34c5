/**
 * R9.23–R9.25: the cookie choice. Before a choice nothing optional is allowed and the banner asks;
 * "Accept all" allows every category (but analytics and marketing for a browser that sends Global
 * Privacy Control), "Reject all" none, "Save" the switches as set; each choice is stored and
 * applied with the choice it replaces (what it withdraws is deleted); "Cookie settings" opens the
 * settings as a dialog, with the choice as it is (R9.28). The effects are recording fakes.
 */

import { consentMachine } from '#machines/consent.ts'
import { consentCookieValue, readConsent } from '#machines/rules/consent.ts'
import { expect } from '../check.ts'
import { action, ctx, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, type Snap, type Step, type TestEvent, trace } from '../harness.ts'

type Choice = { analytics: boolean; marketing: boolean; chat: boolean }
type ConsentCtx = { choice: Choice | null; draft: Choice; gpc: boolean; settings: boolean; dialog: boolean }
const c = (s: Snap | null) => ctx<ConsentCtx>(s)
const before = (s: Step) => s.before as Snap
const asking = (s: Snap) => s.matches('asking' as never)
const inSettings = (s: Snap) => s.matches({ asking: 'settings' } as never)

/** The spec's choices, written out. */
const NOTHING: Choice = { analytics: false, marketing: false, chat: false }
const EVERYTHING: Choice = { analytics: true, marketing: true, chat: true }
/** "Accept all" of a browser that sends Global Privacy Control: the chat only. */
const GPC_ACCEPT: Choice = { analytics: false, marketing: false, chat: true }
const STORED: Choice = { analytics: true, marketing: false, chat: true }

const choices = new Set(['consent.acceptAll', 'consent.rejectAll', 'consent.save'])
/** A step that made a choice: one of the three buttons, taken by the state. */
const madeChoice = (s: Step) => s.index > 0 && choices.has(s.event.type) && s.taken

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'the start tells the tag manager its defaults, then applies the stored choice (or nothing)',
    requirement: 'R9.23',
    when: (s) => s.index === 0,
    check: (s) => {
      expect(trace(s)).toEqual(['announceDefaults', 'apply'])
      const stored = (s.input as { stored: Choice | null }).stored
      expect(action(s, 'apply')?.params).toEqual({ previous: null, choice: stored ?? NOTHING })
    },
  },
  {
    name: 'the banner asks while there is no choice, and when the page opens at the settings',
    requirement: 'R9.24',
    when: (s) => s.index === 0,
    check: (s) => {
      const input = s.input as { stored: Choice | null; settings?: boolean }
      expect(asking(s.after)).toBe(input.stored === null || input.settings === true)
      expect(inSettings(s.after)).toBe(input.settings === true)
    },
  },
  {
    name: 'without a choice nothing optional is allowed and the banner is shown',
    requirement: 'R9.23, R9.24',
    when: (s) => c(s.after).choice === null,
    check: (s) => expect(asking(s.after)).toBe(true),
  },
  {
    name: '"Accept all" allows every category; with Global Privacy Control, the chat only',
    requirement: 'R9.24, R9.25',
    when: (s) => madeChoice(s) && s.event.type === 'consent.acceptAll',
    check: (s) => expect(c(s.after).choice).toEqual(c(s.after).gpc ? GPC_ACCEPT : EVERYTHING),
  },
  {
    name: '"Reject all" allows nothing',
    requirement: 'R9.24',
    when: (s) => madeChoice(s) && s.event.type === 'consent.rejectAll',
    check: (s) => expect(c(s.after).choice).toEqual(NOTHING),
  },
  {
    name: '"Save" keeps the switches as they were set',
    requirement: 'R9.24',
    when: (s) => madeChoice(s) && s.event.type === 'consent.save',
    check: (s) => expect(c(s.after).choice).toEqual(c(before(s)).draft),
  },
  {
    name: 'a choice is stored, then applied with the choice it replaces, and the banner goes',
    requirement: 'R9.24',
    when: madeChoice,
    check: (s) => {
      expect(trace(s)).toEqual(['store', 'apply'])
      expect(action(s, 'store')?.params).toEqual({ choice: c(s.after).choice })
      expect(action(s, 'apply')?.params).toEqual({ previous: c(before(s)).choice, choice: c(s.after).choice })
      expect(s.after.value).toBe('decided')
    },
  },
  {
    name: 'a stored choice reads back as the same choice from its cookie',
    requirement: 'R9.24',
    when: madeChoice,
    check: (s) => {
      const stored = action(s, 'store')?.params as { choice: Choice }
      expect(readConsent(consentCookieValue(stored.choice, Date.UTC(2026, 10, 27)))).toEqual({ version: 2, choice: stored.choice, date: '2026-11-27' })
    },
  },
  {
    name: 'nothing but a choice (or the start) stores or applies anything',
    requirement: 'R9.23',
    when: (s) => s.index > 0 && !madeChoice(s),
    check: (s) => expect(s.effects).toEqual([]),
  },
  {
    name: 'a switch moves its own category of the settings, and only in the settings',
    requirement: 'R9.24',
    when: (s) => s.index > 0 && s.event.type === 'consent.toggle',
    check: (s) => {
      const was = c(before(s)).draft
      const { category, on } = s.event as unknown as { category: keyof Choice; on: boolean }
      expect(c(s.after).draft).toEqual(inSettings(before(s)) ? { ...was, [category]: on } : was)
      expect(c(s.after).choice).toEqual(c(before(s)).choice)
    },
  },
  {
    name: '"Settings" opens the banner\'s settings from its summary, the switches as they were, nothing chosen',
    requirement: 'R9.24',
    when: (s) => s.index > 0 && s.event.type === 'consent.settings',
    check: (s) => {
      expect(inSettings(s.after)).toBe(before(s).matches('asking' as never))
      expect(c(s.after).draft).toEqual(c(before(s)).draft)
      expect(c(s.after).choice).toEqual(c(before(s)).choice)
    },
  },
  {
    name: '"Cookie settings" opens the settings as a dialog: the switches as the choice is, or as they were before a choice',
    requirement: 'R9.24, R9.28',
    when: (s) => s.index > 0 && s.event.type === 'consent.reopen',
    check: (s) => {
      expect(inSettings(s.after)).toBe(true)
      expect(c(s.after).dialog).toBe(true)
      expect(c(s.after).draft).toEqual(before(s).matches('decided' as never) ? c(before(s)).choice : c(before(s)).draft)
      expect(c(s.after).choice).toEqual(c(before(s)).choice)
    },
  },
  {
    name: 'the banner is a dialog only while it asks, and never at the start (the page, and the no-JavaScript settings, show it in the flow)',
    requirement: 'R9.28',
    when: (s) => s.index === 0 || !asking(s.after),
    check: (s) => expect(c(s.after).dialog).toBe(false),
  },
  {
    name: "closing the settings' disclosure goes back to the summary, the switches and the choice kept",
    requirement: 'R9.27',
    when: (s) => s.index > 0 && s.event.type === 'consent.summary' && inSettings(before(s)),
    check: (s) => {
      expect(s.after.matches({ asking: 'summary' } as never)).toBe(true)
      expect(c(s.after).draft).toEqual(c(before(s)).draft)
      expect(c(s.after).choice).toEqual(c(before(s)).choice)
      expect(c(s.after).dialog).toBe(c(before(s)).dialog)
    },
  },
  {
    name: 'closing a reopened banner keeps the choice; a first visit cannot close it without a choice, its dialog goes back into the page',
    requirement: 'R9.24, R9.28',
    when: (s) => s.index > 0 && s.event.type === 'consent.close' && asking(before(s)),
    check: (s) => {
      const had = c(before(s)).choice
      expect(asking(s.after)).toBe(had === null)
      expect(c(s.after).choice).toEqual(had)
      expect(c(s.after).dialog).toBe(false)
      if (had) expect(c(s.after).draft).toEqual(had)
    },
  },
  {
    name: "Global Privacy Control: a button never allows analytics or marketing, only the visitor's own switch does",
    requirement: 'R9.25',
    when: (s) => c(s.after).gpc && madeChoice(s),
    check: (s) => {
      const choice = c(s.after).choice as Choice
      const switched = c(before(s)).draft
      if (s.event.type === 'consent.save') expect([choice.analytics, choice.marketing]).toEqual([switched.analytics, switched.marketing])
      else expect([choice.analytics, choice.marketing]).toEqual([false, false])
    },
  },
]

function events(): TestEvent[] {
  return [
    { type: 'consent.acceptAll' },
    { type: 'consent.rejectAll' },
    { type: 'consent.settings' },
    { type: 'consent.summary' },
    { type: 'consent.toggle', category: 'analytics', on: true },
    { type: 'consent.toggle', category: 'marketing', on: true },
    { type: 'consent.toggle', category: 'chat', on: true },
    { type: 'consent.toggle', category: 'analytics', on: false },
    { type: 'consent.save' },
    { type: 'consent.reopen' },
    { type: 'consent.close' },
  ]
}

export const consentModel: MachineModel = {
  name: 'consent',
  machine: consentMachine,
  inputs: [
    { label: 'a first visit', input: { stored: null, gpc: false } },
    { label: 'a first visit from a browser that sends Global Privacy Control', input: { stored: null, gpc: true } },
    { label: 'a visitor who allowed analytics and the chat', input: { stored: STORED, gpc: false } },
    { label: 'a visitor who allowed everything, opening the page at the cookie settings', input: { stored: EVERYTHING, gpc: false, settings: true } },
  ],
  events,
  properties,
}
