/**
 * R9.22: the card renewals are charged to, and replacing it. The subscriber asks to replace the
 * card (POST /payments/card opens a card check), the provider's widget takes the new card as an
 * authorisation (CloudPayments scheme `auth`, Payselection `Block`), the backend confirms once the
 * provider's notification is in (GET /payments/{id} answers `voided`: the card is on file, the
 * hold released), and the card on file is read again (GET /payments/card). The calls and the
 * widget are recording fakes; their answers are sent to the machine directly.
 */

import { cardMachine } from '#machines/card.ts'
import { expect } from '../check.ts'
import {
  action,
  ctx,
  IGNORED_EVENTS_CHANGE_NOTHING,
  type MachineModel,
  type Property,
  type Snap,
  type Step,
  started,
  type TestEvent,
  trace,
} from '../harness.ts'

type CardCtx = {
  service: 'cloudpayments' | 'payselection'
  locale: 'en' | 'ru' | 'de'
  description: string
  publicId: string
  payselection: { serviceId: string; publicKey: string }
  card: { brand: string | null; last4: string } | null
  options: Record<string, unknown> | null
  checks: number
  error: string | null
}
const c = (s: Snap | null) => ctx<CardCtx>(s)
const before = (s: Step) => s.before as Snap
const nonStop = (s: Step) => trace(s).filter((t) => !t.startsWith('stop:'))
const on = (type: string, state: unknown) => (s: Step) => s.index > 0 && s.event.type === type && before(s).matches(state as never)

const KEYS = { publicId: 'pk_test', payselection: { serviceId: '21044', publicKey: 'ps-public' } }
const VISA = { brand: 'Visa', last4: '4242' }
const MASTERCARD = { brand: 'MasterCard', last4: '4444' }

/** A dollar subscriber with a Visa on file; a rouble subscriber through Payselection with none yet. */
const INPUT_USD = { service: 'cloudpayments', locale: 'en', description: 'Card check for renewals', ...KEYS, card: VISA }
const INPUT_RUB = { service: 'payselection', locale: 'ru', description: 'Проверка карты для продлений', ...KEYS, card: null }

/** What POST /payments/card answers: a card check of 1 in the subscription's currency. */
const OPTIONS_USD = { amount: 1, currency: 'USD', payment_id: 901, user_id: 7, email: 'ann@example.com', tax_system_id: null, widget_token: 'wt-901' }
const OPTIONS_RUB = { amount: 1, currency: 'RUB', payment_id: 902, user_id: 8, email: 'boris@example.com', tax_system_id: 0 }

/** The widget call for each: an authorisation, never a charge, of exactly the check's amount. */
const WIDGET_USD = {
  service: 'cloudpayments',
  language: 'en-US',
  scheme: 'auth',
  options: {
    publicId: 'pk_test',
    description: 'Card check for renewals',
    amount: 1,
    currency: 'USD',
    invoiceId: '901',
    accountId: '7',
    email: 'ann@example.com',
    skin: 'classic',
    data: { widgetToken: 'wt-901' },
  },
}
const WIDGET_RUB = {
  service: 'payselection',
  language: 'ru-RU',
  keys: { serviceId: '21044', key: 'ps-public' },
  request: {
    MetaData: { PaymentType: 'Block' },
    PaymentRequest: { OrderId: '902', Amount: '1.00', Currency: 'RUB', Description: 'Проверка карты для продлений', RebillFlag: true },
    CustomerInfo: { Email: 'boris@example.com', ReceiptEmail: 'boris@example.com', Language: 'ru' },
  },
}

/** The waits before the 2nd to 6th check, in milliseconds (as the payment's, decision 053). */
const WAITS = [1000, 2000, 3000, 5000, 8000]
const FAIL_TOAST = { kind: 'error', key: 'card.fail' }

const optionsOf = (s: Step) => (c(s.after).service === 'payselection' ? OPTIONS_RUB : OPTIONS_USD)
const inputOf = (s: Step) => s.input as typeof INPUT_USD

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts idle with the card on file as rendered, nothing under way',
    requirement: 'R9.22',
    when: (s) => s.index === 0,
    check: (s) => {
      expect(s.after.value).toBe('idle')
      expect(c(s.after)).toEqual({ ...inputOf(s), options: null, checks: 0, error: null })
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'busy exactly while a replacement is under way; the service, language and words never change',
    requirement: 'R9.22',
    check: (s) => {
      expect(s.after.hasTag('busy')).toBe(!s.after.matches('idle'))
      const { service, locale, description, publicId, payselection } = c(s.after)
      expect({ service, locale, description, publicId, payselection }).toEqual({
        service: inputOf(s).service,
        locale: inputOf(s).locale,
        description: inputOf(s).description,
        publicId: 'pk_test',
        payselection: KEYS.payselection,
      })
    },
  },
  {
    name: 'asking to replace the card opens a card check with the backend (POST /payments/card) for the active service',
    requirement: 'R9.22, R7.2',
    when: on('card.replace', 'idle'),
    check: (s) => {
      expect(s.after.value).toBe('creating')
      expect(nonStop(s)).toEqual(['start:createCardCheck'])
      expect(started(s, 'createCardCheck')?.input).toEqual({ service: inputOf(s).service, locale: inputOf(s).locale })
    },
  },
  {
    name: 'the card check opened: its options kept, the checks counted from zero, the widget script loaded',
    requirement: 'R9.22',
    when: on('xstate.done.actor.createCardCheck', 'creating'),
    check: (s) => {
      expect(s.after.value).toBe('loadingWidget')
      expect(c(s.after)).toMatchObject({ options: s.event.output, checks: 0, error: null })
      expect(nonStop(s)).toEqual(['start:loadWidgetScript'])
      expect(started(s, 'loadWidgetScript')?.input).toEqual({ service: inputOf(s).service })
    },
  },
  {
    name: 'the backend refused the card check (no subscription, no e-mail): its own words told and logged, the old card kept',
    requirement: 'R9.22, R8.9',
    when: on('xstate.error.actor.createCardCheck', 'creating'),
    check: (s) => {
      expect(s.after.value).toBe('idle')
      expect(nonStop(s)).toEqual(['logError', 'toast'])
      expect(action(s, 'toast')?.params).toEqual({ kind: 'error', text: 'There is no subscription whose card could be replaced.' })
      expect(c(s.after)).toMatchObject({ card: c(s.before).card, options: null, error: 'card check failed' })
    },
  },
  {
    name: 'the script loaded: the widget opens for an authorisation of exactly the check (CloudPayments `auth`, Payselection `Block`), never a charge',
    requirement: 'R9.22, R7.2',
    when: on('xstate.done.actor.loadWidgetScript', 'loadingWidget'),
    check: (s) => {
      expect(s.after.value).toBe('open')
      expect(nonStop(s)).toEqual(['start:runWidget'])
      expect(started(s, 'runWidget')?.input).toEqual(inputOf(s).service === 'payselection' ? WIDGET_RUB : WIDGET_USD)
    },
  },
  {
    name: 'the script failed to load or the widget failed: the failure toast, logged, the old card kept, ready to try again',
    requirement: 'R9.22, R8.3',
    when: (s) => on('xstate.error.actor.loadWidgetScript', 'loadingWidget')(s) || on('widget.fail', 'open')(s),
    check: (s) => {
      expect(s.after.value).toBe('idle')
      expect(nonStop(s)).toEqual(['logError', 'toast'])
      expect(action(s, 'toast')?.params).toEqual(FAIL_TOAST)
      expect(action(s, 'logError')?.params).toEqual({ message: 'card check failed', detail: s.event.error ?? s.event.reason })
      expect(c(s.after)).toMatchObject({ card: c(s.before).card, options: null, error: 'card check failed' })
    },
  },
  {
    name: 'closing the widget changes nothing: only logged, no toast',
    requirement: 'R9.22, R4.4',
    when: on('widget.close', 'open'),
    check: (s) => {
      expect(s.after.value).toBe('idle')
      expect(nonStop(s)).toEqual(['log'])
      expect(action(s, 'log')?.params).toEqual({ message: 'card widget closed' })
      expect(c(s.after)).toMatchObject({ card: c(s.before).card, options: null })
    },
  },
  {
    name: "the widget's success is not the end: the backend is asked (GET /payments/{id}) whether the card is on file",
    requirement: 'R9.22, R4.5',
    when: (s) => on('widget.success', 'open')(s) || on('xstate.done.actor.wait', { confirming: 'waiting' })(s),
    check: (s) => {
      expect(s.after.matches({ confirming: 'checking' })).toBe(true)
      expect(c(s.after).checks).toBe(c(s.before).checks + 1)
      expect(nonStop(s)).toEqual(['start:checkCard'])
      expect(started(s, 'checkCard')?.input).toEqual({ paymentId: String(optionsOf(s).payment_id) })
    },
  },
  {
    name: 'replaced: the success toast, then the card on file read again',
    requirement: 'R9.22',
    when: (s) => on('xstate.done.actor.checkCard', { confirming: 'checking' })(s) && s.event.output === 'replaced',
    check: (s) => {
      expect(s.after.value).toBe('reading')
      expect(nonStop(s)).toEqual(['toast', 'start:loadCard'])
      expect(action(s, 'toast')?.params).toEqual({ kind: 'success', key: 'card.replaced' })
      expect(c(s.after).options).toBeNull()
    },
  },
  {
    name: 'the card read again is the one shown; if it cannot be read, the old one stays and the failure is logged',
    requirement: 'R9.22, R8.9',
    when: (s) => s.index > 0 && before(s).matches('reading') && /^xstate\.(done|error)\.actor\.loadCard$/.test(s.event.type),
    check: (s) => {
      expect(s.after.value).toBe('idle')
      if (s.event.type === 'xstate.done.actor.loadCard') {
        expect(c(s.after).card).toEqual(s.event.output)
        expect(nonStop(s)).toEqual([])
      } else {
        expect(c(s.after).card).toEqual(c(s.before).card)
        expect(nonStop(s)).toEqual(['logError'])
      }
    },
  },
  {
    name: 'refused by the backend: the failure toast, logged, the old card kept',
    requirement: 'R9.22, R4.5',
    when: (s) => on('xstate.done.actor.checkCard', { confirming: 'checking' })(s) && s.event.output === 'refused',
    check: (s) => {
      expect(s.after.value).toBe('idle')
      expect(nonStop(s)).toEqual(['logError', 'toast'])
      expect(action(s, 'toast')?.params).toEqual(FAIL_TOAST)
      expect(action(s, 'logError')?.params).toEqual({ message: 'card check refused', detail: 'refused' })
      expect(c(s.after)).toMatchObject({ card: c(s.before).card, options: null })
    },
  },
  {
    name: 'not confirmed yet (or the check failed): waits 1, 2, 3, 5 then 8 seconds before checking again; after the sixth check, the visitor is told to look again later',
    requirement: 'R9.22, R4.5',
    when: (s) =>
      (on('xstate.done.actor.checkCard', { confirming: 'checking' })(s) && s.event.output === 'pending') ||
      on('xstate.error.actor.checkCard', { confirming: 'checking' })(s),
    check: (s) => {
      const checks = c(s.before).checks
      const logged = s.event.type === 'xstate.error.actor.checkCard' ? ['logError'] : []
      if (checks < 6) {
        expect(s.after.matches({ confirming: 'waiting' })).toBe(true)
        expect(nonStop(s)).toEqual([...logged, 'start:wait'])
        expect(started(s, 'wait')?.input).toEqual({ ms: WAITS[checks - 1] })
      } else {
        expect(s.after.value).toBe('idle')
        const told = s.event.type === 'xstate.error.actor.checkCard' ? ['logError', 'toast'] : ['log', 'toast']
        expect(nonStop(s)).toEqual(told)
        if (s.event.type !== 'xstate.error.actor.checkCard')
          expect(action(s, 'log')?.params).toEqual({
            message: 'card check not confirmed yet',
            detail: (c(s.before).options as { payment_id: number }).payment_id,
          })
        expect(action(s, 'toast')?.params).toEqual({ kind: 'info', key: 'card.pending' })
        expect(c(s.after)).toMatchObject({ card: c(s.before).card, options: null })
      }
    },
  },
]

function events(snapshot: Snap): TestEvent[] {
  const options = c(snapshot).service === 'payselection' ? OPTIONS_RUB : OPTIONS_USD
  return [
    { type: 'card.replace' },
    { type: 'xstate.done.actor.createCardCheck', output: options },
    { type: 'xstate.error.actor.createCardCheck', error: new Error('There is no subscription whose card could be replaced.') },
    { type: 'xstate.done.actor.loadWidgetScript' },
    { type: 'xstate.error.actor.loadWidgetScript', error: new Error('script blocked') },
    { type: 'widget.success' },
    { type: 'widget.fail', reason: { code: 'CardDeclined' } },
    { type: 'widget.close' },
    { type: 'xstate.done.actor.checkCard', output: 'replaced' },
    { type: 'xstate.done.actor.checkCard', output: 'pending' },
    { type: 'xstate.done.actor.checkCard', output: 'refused' },
    { type: 'xstate.error.actor.checkCard', error: new Error('GET /payments failed') },
    { type: 'xstate.done.actor.wait' },
    { type: 'xstate.done.actor.loadCard', output: MASTERCARD },
    { type: 'xstate.error.actor.loadCard', error: new Error('GET /payments/card failed') },
  ]
}

export const cardModel: MachineModel = {
  name: 'card',
  machine: cardMachine,
  inputs: [
    { label: 'a dollar subscriber with a Visa on file, CloudPayments', input: INPUT_USD },
    { label: 'a rouble subscriber without a card on file, Payselection', input: INPUT_RUB },
  ],
  events,
  properties,
}
