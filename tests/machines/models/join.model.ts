/**
 * R2, R7: the join page, /{prefix}/join/{code?}. A referral code of the backend's form (1 to
 * 64 letters, digits, `_` and `-`) is registered (GET /referrer/link/{code}); a valid one is kept
 * in the referrer cookie. Without such a code the visitor types one into a form, which goes to
 * that code's join page. The server registers the code while it renders the page and hands its
 * outcome over as `settled`.
 */

import { joinMachine } from '#machines/join.ts'
import { expect } from '../check.ts'
import type { MachineModel, Property, Snap, Step, TestEvent } from '../harness.ts'
import { actions, ctx, IGNORED_EVENTS_CHANGE_NOTHING, startsByInput, stops } from '../harness.ts'

type Result = { code: string; valid: boolean }
type JoinCtx = { locale: string; code: string | null; result: Result | null; error: string | null; typed: string; submitOnStart: boolean }

/** The code field of the join form: required, letters, digits, `_` and `-`, at most 64 characters. */
const CODE_RULES = [{ rule: 'required' }, { rule: 'regex', pattern: '[A-Za-z0-9_\\-]+' }, { rule: 'max', length: 64 }]
const CODE_64 = 'abcdefgh'.repeat(8)
const CODE_65 = `${CODE_64}X`

interface Start {
  state: 'entering' | 'registering' | 'registered' | 'invalid'
  /** The code taken from the address, or null. */
  code: string | null
  result: Result | null
  error: string | null
  /** What starts: the form (with its typed value and early submit), the registration, the cookie. */
  form?: { value: string; submitOnStart: boolean }
  register?: string
  cookie?: string
}

const { variant, startOf } = startsByInput<Start>()

const inputs = [
  variant(
    'no code in the address (English)',
    { locale: 'en' },
    { state: 'entering', code: null, result: null, error: null, form: { value: '', submitOnStart: false } },
  ),
  variant(
    'no code, one typed and sent before the page was interactive (Russian)',
    { locale: 'ru', code: null, settled: null, typed: 'FRIEND-7', submitOnStart: true },
    { state: 'entering', code: null, result: null, error: null, form: { value: 'FRIEND-7', submitOnStart: true } },
  ),
  variant(
    'a code not of the backend form (German)',
    { locale: 'de', code: 'bad code!', typed: 'bad' },
    {
      state: 'entering',
      code: null,
      result: null,
      error: null,
      form: { value: 'bad', submitOnStart: false },
    },
  ),
  variant(
    'a code of 65 characters',
    { locale: 'en', code: CODE_65 },
    { state: 'entering', code: null, result: null, error: null, form: { value: '', submitOnStart: false } },
  ),
  variant(
    'a code of 64 characters, not registered yet',
    { locale: 'en', code: CODE_64 },
    { state: 'registering', code: CODE_64, result: null, error: null, register: CODE_64 },
  ),
  variant(
    'a code, not registered yet (Russian)',
    { locale: 'ru', code: 'FRIEND_2024-x', settled: null },
    {
      state: 'registering',
      code: 'FRIEND_2024-x',
      result: null,
      error: null,
      register: 'FRIEND_2024-x',
    },
  ),
  variant(
    'a code the server registered as valid',
    { locale: 'ru', code: 'FRIEND', settled: { result: { code: 'FRIEND', valid: true } } },
    {
      state: 'registered',
      code: 'FRIEND',
      result: { code: 'FRIEND', valid: true },
      error: null,
      cookie: 'FRIEND',
    },
  ),
  variant(
    'a code the server registered as valid, in the backend spelling',
    { locale: 'de', code: 'friend', settled: { result: { code: 'FRIEND', valid: true } } },
    {
      state: 'registered',
      code: 'friend',
      result: { code: 'FRIEND', valid: true },
      error: null,
      cookie: 'FRIEND',
    },
  ),
  variant(
    'a code the server found invalid',
    { locale: 'en', code: 'NOPE', settled: { result: { code: 'NOPE', valid: false } } },
    {
      state: 'invalid',
      code: 'NOPE',
      result: { code: 'NOPE', valid: false },
      error: null,
    },
  ),
  variant(
    'a code whose registration failed on the server',
    { locale: 'en', code: 'FRIEND', settled: { error: 'The referral service is unavailable.' } },
    {
      state: 'invalid',
      code: 'FRIEND',
      result: null,
      error: 'The referral service is unavailable.',
    },
  ),
]

/** A submitted join form, with the join page it leads to in each language. */
const submits: TestEvent[] = [
  { type: 'form.submitted', form: 'join-code', values: { code: 'FRIEND' }, to: { en: '/en/join/FRIEND', ru: '/ru/join/FRIEND', de: '/de/join/FRIEND' } },
  {
    type: 'form.submitted',
    form: 'join-code',
    values: { code: '  Friend_1  ' },
    to: { en: '/en/join/Friend_1', ru: '/ru/join/Friend_1', de: '/de/join/Friend_1' },
  },
  {
    type: 'form.submitted',
    form: 'join-code',
    values: { code: 'a/b c' },
    to: { en: '/en/join/a%2Fb%20c', ru: '/ru/join/a%2Fb%20c', de: '/de/join/a%2Fb%20c' },
  },
  // Without a code (the form's own rules do not let it go): the join page without one.
  { type: 'form.submitted', form: 'join-code', values: {}, to: { en: '/en/join/', ru: '/ru/join/', de: '/de/join/' } },
  // Another form's values are not the join form's.
  { type: 'form.submitted', form: 'sign-in', values: { code: 'FRIEND' } },
]
const answers: TestEvent[] = [
  { type: 'xstate.done.actor.registerReferrer', actorId: 'registerReferrer', output: { code: 'FRIEND', valid: true } },
  { type: 'xstate.done.actor.registerReferrer', actorId: 'registerReferrer', output: { code: 'OLD-CODE', valid: false } },
  {
    type: 'xstate.error.actor.registerReferrer',
    actorId: 'registerReferrer',
    error: new Error('Referral code not found.'),
    message: 'Referral code not found.',
  },
  { type: 'xstate.error.actor.registerReferrer', actorId: 'registerReferrer', error: 'Gateway timeout', message: 'Gateway timeout' },
]

const state = (s: Snap): string => String(s.value)
const named = (s: Step) => actions(s).map((a) => ({ type: a.type, params: a.params }))
const answered = (s: Step, kind: 'done' | 'error') =>
  s.event.type === `xstate.${kind}.actor.registerReferrer` && s.before !== null && state(s.before) === 'registering'

const CHILDREN: Record<string, string[]> = { entering: ['join-code'], registering: ['registerReferrer'], registered: [], invalid: [] }

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts from the address and what the server did: the form, the registration, or its outcome (a valid code in the cookie)',
    requirement: 'R1.6, R4.20, R5.10, R7.2',
    when: (s) => s.index === 0,
    check: (s) => {
      const start = startOf(s)
      expect(state(s.after)).toBe(start.state)
      const c = ctx<JoinCtx>(s.after)
      expect({ locale: c.locale, code: c.code, result: c.result, error: c.error }).toEqual({
        locale: (s.input as { locale: string }).locale,
        code: start.code,
        result: start.result,
        error: start.error,
      })
      expect(named(s)).toEqual(start.cookie ? [{ type: 'storeReferrerCookie', params: { code: start.cookie } }] : [])
      const expected: unknown[] = []
      if (start.form) {
        expected.push({
          kind: 'start',
          id: 'join-code',
          src: 'form',
          input: { id: 'join-code', fields: [{ name: 'code', value: start.form.value, rules: CODE_RULES }], submitOnStart: start.form.submitOnStart },
        })
      }
      if (start.register) expected.push({ kind: 'start', id: 'registerReferrer', src: 'registerReferrer', input: { code: start.register } })
      expect(s.effects.filter((e) => e.kind !== 'action')).toEqual(expected)
    },
  },
  {
    name: 'busy exactly while registering; the form runs while entering, the registration while registering',
    requirement: 'R1.6, R7.2',
    check: (s) => {
      expect(s.after.hasTag('busy')).toBe(state(s.after) === 'registering')
      expect(Object.keys(s.after.children)).toEqual(CHILDREN[state(s.after)])
    },
  },
  {
    name: 'a registration under way is waited for: its answer and its failure are both taken',
    requirement: 'R7.2',
    when: (s) => state(s.after) === 'registering',
    check: (s) => {
      for (const event of answers) expect(s.after.can(event as never)).toBe(true)
    },
  },
  {
    name: 'registered holds a valid answer; invalid holds an answer that is not valid, or the failure',
    requirement: 'R1.6',
    check: (s) => {
      const c = ctx<JoinCtx>(s.after)
      if (state(s.after) === 'registered') expect([c.result?.valid, c.error]).toEqual([true, null])
      if (state(s.after) === 'invalid') expect(c.result?.valid === false || typeof c.error === 'string').toBe(true)
    },
  },
  {
    name: 'the join form goes to the join page of the code typed (trimmed, one path segment) in the page language',
    requirement: 'R2.1, R2.2',
    when: (s) => s.event.type === 'form.submitted' && s.event.form === 'join-code' && s.before !== null && state(s.before) === 'entering',
    check: (s) => {
      const locale = ctx<JoinCtx>(s.before).locale
      expect(named(s)).toEqual([{ type: 'navigate', params: { to: (s.event.to as Record<string, string>)[locale] } }])
      expect(s.effects.length).toBe(1)
      expect(state(s.after)).toBe('entering')
      expect(ctx(s.after)).toEqual(ctx(s.before))
    },
  },
  {
    name: "another form's values lead nowhere and change nothing",
    requirement: 'R2.2',
    when: (s) => s.event.type === 'form.submitted' && s.event.form !== 'join-code',
    check: (s) => {
      expect(s.effects).toEqual([])
      expect(s.after.value).toEqual(s.before!.value)
      expect(ctx(s.after)).toEqual(ctx(s.before))
    },
  },
  {
    name: 'a valid answer: registered, and the code the backend answered kept in the referrer cookie',
    requirement: 'R1.6, R7.2',
    when: (s) => answered(s, 'done') && (s.event.output as Result).valid,
    check: (s) => {
      const output = s.event.output as Result
      expect(state(s.after)).toBe('registered')
      expect(ctx<JoinCtx>(s.after).result).toEqual(output)
      expect(named(s)).toEqual([{ type: 'storeReferrerCookie', params: { code: output.code } }])
      expect(stops(s)).toEqual(['registerReferrer'])
    },
  },
  {
    name: 'an answer that is not valid: invalid with the answer, no cookie',
    requirement: 'R1.6',
    when: (s) => answered(s, 'done') && !(s.event.output as Result).valid,
    check: (s) => {
      expect(state(s.after)).toBe('invalid')
      expect(ctx<JoinCtx>(s.after).result).toEqual(s.event.output)
      expect(named(s)).toEqual([])
      expect(stops(s)).toEqual(['registerReferrer'])
    },
  },
  {
    name: 'a failed registration: invalid with its message, logged, no cookie',
    requirement: 'R1.6, R8.9',
    when: (s) => answered(s, 'error'),
    check: (s) => {
      expect(state(s.after)).toBe('invalid')
      expect(ctx<JoinCtx>(s.after).error).toBe(s.event.message)
      expect(ctx<JoinCtx>(s.after).result).toBeNull()
      expect(named(s)).toEqual([{ type: 'logError', params: { error: s.event.error } }])
      expect(stops(s)).toEqual(['registerReferrer'])
    },
  },
  {
    name: 'the cookie is written only when a code turns out valid',
    requirement: 'R1.6',
    when: (s) => s.index > 0 && !answered(s, 'done'),
    check: (s) => expect(named(s).filter((a) => a.type === 'storeReferrerCookie')).toEqual([]),
  },
]

export const joinModel: MachineModel = {
  name: 'join',
  machine: joinMachine,
  inputs,
  events: () => [...submits, ...answers],
  properties,
}
