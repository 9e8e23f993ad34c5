/**
 * R9.22: the card renewals are charged to, and replacing it. The subscriber asks to replace the
 * card; the backend opens a card check (`POST /payments/card`: a small authorisation in the
 * subscription's currency); the provider's widget takes the new card as an authorisation; once
 * the provider's notification is in, the backend makes the card the renewal card and voids the
 * authorisation (`GET /payments/{id}` answers `voided`), and the card shown is read again
 * (`GET /payments/card`). One replacement at a time.
 */
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import type { Locale } from '#machines/rules/locale.ts'
import {
  buildWidgetRequest,
  type CardCheck,
  CONFIRMATION_BACKOFF_MS,
  CONFIRMATION_CHECKS,
  type PaymentOptions,
  type PaymentService,
  type WidgetRequest,
} from '#machines/rules/payment.ts'
import type { ToastParams } from '#machines/rules/toast.ts'
import { type ErrorParams, errorParams, type MachineEffects, messageOf, notProvided, outputParams } from './shared.ts'

/** The card on file as the account shows it. */
export interface RenewalCard {
  brand: string | null
  last4: string
}

export interface CardInput {
  service: PaymentService
  locale: Locale
  /** What the widget names the operation (the page's words). */
  description: string
  publicId: string
  payselection: { serviceId: string; publicKey: string }
  /** The card on file when the page was rendered. */
  card: RenewalCard | null
}

export interface CardContext extends CardInput {
  options: PaymentOptions | null
  checks: number
  error: string | null
}

export type CardEvent = { type: 'card.replace' } | { type: 'widget.success' } | { type: 'widget.fail'; reason?: unknown } | { type: 'widget.close' }

export interface CreateCardCheckInput {
  service: PaymentService
  locale: Locale
}
export interface CheckCardInput {
  paymentId: string
}
export interface CardWaitInput {
  ms: number
}
export interface CardLogParams {
  message: string
  detail?: unknown
}

/** R9.22: the toasts of a replacement. */
export const CARD_REPLACED_TOAST = { kind: 'success', key: 'card.replaced' } as const satisfies ToastParams
export const CARD_FAIL_TOAST = { kind: 'error', key: 'card.fail' } as const satisfies ToastParams
export const CARD_PENDING_TOAST = { kind: 'info', key: 'card.pending' } as const satisfies ToastParams

function createInput({ context }: { context: CardContext }): CreateCardCheckInput {
  return { service: context.service, locale: context.locale }
}
function loadInput({ context }: { context: CardContext }): { service: PaymentService } {
  return { service: context.service }
}
/** The widget takes the new card as an authorisation, whatever the plan (R9.22). */
function widgetInput({ context }: { context: CardContext }): WidgetRequest {
  return buildWidgetRequest({
    service: context.service,
    subscriptionId: 0,
    scheme: 'auth',
    description: context.description,
    options: context.options as PaymentOptions,
    locale: context.locale,
    publicId: context.publicId,
    payselection: context.payselection,
  })
}
function checkInput({ context }: { context: CardContext }): CheckCardInput {
  return { paymentId: String((context.options as PaymentOptions).payment_id) }
}
/** The payment's confirmation waits (decision 053): the same notification, the same patience. */
function waitInput({ context }: { context: CardContext }): CardWaitInput {
  return { ms: CONFIRMATION_BACKOFF_MS[Math.min(context.checks, CONFIRMATION_BACKOFF_MS.length) - 1] ?? 0 }
}
function createErrorToast({ event }: { event: { error?: unknown } }): ToastParams {
  return { kind: 'error', text: messageOf(event.error) }
}
function failureParams({ event }: { event: EventObject & { error?: unknown; reason?: unknown } }): CardLogParams {
  return { message: 'card check failed', detail: event.error ?? event.reason }
}
function refusedParams({ event }: { event: { output?: unknown } }): CardLogParams {
  return { message: 'card check refused', detail: event.output }
}
function closedParams(): CardLogParams {
  return { message: 'card widget closed' }
}
function unconfirmedParams({ context }: { context: CardContext }): CardLogParams {
  return { message: 'card check not confirmed yet', detail: (context.options as PaymentOptions).payment_id }
}

/** A step failed: nothing changed, the failure is logged and told, and the old card stays. */
const failed = {
  target: '#card.idle',
  actions: [
    { type: 'assignFailure', params: failureParams },
    { type: 'logError', params: failureParams },
    { type: 'toast', params: CARD_FAIL_TOAST },
  ],
} as const

const cardActors = {
  /** R9.22: POST /payments/card: the card check's payment options. */
  createCardCheck: fromPromise<PaymentOptions, CreateCardCheckInput>(async () => notProvided('card', 'createCardCheck')),
  /** The provider's widget script (the payment's). */
  loadWidgetScript: fromPromise<void, { service: PaymentService }>(async () => notProvided('card', 'loadWidgetScript')),
  /** The provider's widget: reports `widget.success`, `widget.fail` or `widget.close` (the payment's). */
  runWidget: fromCallback<EventObject, WidgetRequest>(() => notProvided('card', 'runWidget')),
  /** R9.22: GET /payments/{id}, read by `readCardCheck`. */
  checkCard: fromPromise<CardCheck, CheckCardInput>(async () => notProvided('card', 'checkCard')),
  wait: fromPromise<void, CardWaitInput>(async () => notProvided('card', 'wait')),
  /** R9.22: GET /payments/card: the card on file now. */
  loadCard: fromPromise<RenewalCard | null, void>(async () => notProvided('card', 'loadCard')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const cardEffectActions = {
  toast: (_: unknown, _params: ToastParams) => {},
  log: (_: unknown, _params: CardLogParams) => {},
  logError: (_: unknown, _params: CardLogParams | ErrorParams) => {},
}

export type CardEffects = MachineEffects<typeof cardActors, typeof cardEffectActions>

/** The card machine, with the app's effects when given; `cardMachine` is the machine as defined (the tests). */
export function createCardMachine(effects: CardEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as CardContext, events: {} as CardEvent, input: {} as CardInput, tags: {} as 'busy' },
    actors: { ...cardActors, ...effects.actors },
    actions: {
      assignOptions: assign((_, options: PaymentOptions) => ({ options, checks: 0, error: null })),
      assignFailure: assign((_, params: CardLogParams) => ({ error: params.message, options: null })),
      assignCard: assign((_, card: RenewalCard | null) => ({ card })),
      clearOptions: assign({ options: null }),
      countCheck: assign(({ context }) => ({ checks: context.checks + 1 })),
      ...cardEffectActions,
      ...effects.actions,
    },
    guards: {
      isReplaced: (_, check: CardCheck) => check === 'replaced',
      isRefused: (_, check: CardCheck) => check === 'refused',
      hasChecksLeft: ({ context }) => context.checks < CONFIRMATION_CHECKS,
    },
  }).createMachine({
    id: 'card',
    context: ({ input }) => ({ ...input, options: null, checks: 0, error: null }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'card.replace': { target: 'creating' } },
      },
      creating: {
        tags: 'busy',
        invoke: {
          id: 'createCardCheck',
          src: 'createCardCheck',
          input: createInput,
          onDone: { target: 'loadingWidget', actions: { type: 'assignOptions', params: outputParams } },
          // The backend's own words (no subscription, no e-mail): told as they are.
          onError: {
            target: 'idle',
            actions: [
              { type: 'assignFailure', params: failureParams },
              { type: 'logError', params: failureParams },
              { type: 'toast', params: createErrorToast },
            ],
          },
        },
      },
      loadingWidget: {
        tags: 'busy',
        invoke: { id: 'loadWidgetScript', src: 'loadWidgetScript', input: loadInput, onDone: { target: 'open' }, onError: failed },
      },
      open: {
        tags: 'busy',
        invoke: { id: 'runWidget', src: 'runWidget', input: widgetInput },
        on: {
          'widget.success': { target: 'confirming' },
          'widget.fail': failed,
          /** Closing the widget changes nothing: it is only logged. */
          'widget.close': { target: 'idle', actions: [{ type: 'log', params: closedParams }, 'clearOptions'] },
        },
      },
      /** The widget said success; the backend confirms once the provider's notification is in. */
      confirming: {
        tags: 'busy',
        initial: 'checking',
        states: {
          checking: {
            entry: 'countCheck',
            invoke: {
              id: 'checkCard',
              src: 'checkCard',
              input: checkInput,
              onDone: [
                { guard: { type: 'isReplaced', params: outputParams }, target: '#card.reading' },
                {
                  guard: { type: 'isRefused', params: outputParams },
                  target: '#card.idle',
                  actions: [
                    { type: 'assignFailure', params: refusedParams },
                    { type: 'logError', params: refusedParams },
                    { type: 'toast', params: CARD_FAIL_TOAST },
                  ],
                },
                { guard: 'hasChecksLeft', target: 'waiting' },
                {
                  target: '#card.idle',
                  actions: [{ type: 'log', params: unconfirmedParams }, { type: 'toast', params: CARD_PENDING_TOAST }, 'clearOptions'],
                },
              ],
              onError: [
                { guard: 'hasChecksLeft', target: 'waiting', actions: { type: 'logError', params: errorParams } },
                {
                  target: '#card.idle',
                  actions: [{ type: 'logError', params: errorParams }, { type: 'toast', params: CARD_PENDING_TOAST }, 'clearOptions'],
                },
              ],
            },
          },
          waiting: {
            invoke: { id: 'wait', src: 'wait', input: waitInput, onDone: { target: 'checking' } },
          },
        },
      },
      /** Replaced: the card on file is read again, then shown. */
      reading: {
        tags: 'busy',
        entry: [{ type: 'toast', params: CARD_REPLACED_TOAST }, 'clearOptions'],
        invoke: {
          id: 'loadCard',
          src: 'loadCard',
          onDone: { target: 'idle', actions: { type: 'assignCard', params: outputParams } },
          onError: { target: 'idle', actions: { type: 'logError', params: errorParams } },
        },
      },
    },
  })
}

/** The card machine as defined: its calls fail and its effects do nothing. */
export const cardMachine = /* @__PURE__ */ createCardMachine()

export type CardMachine = typeof cardMachine
