/** R2, R3, R4: small UI state: mobile menu, modal, image lightbox. */
import { type AnyActorRef, assertEvent, assign, enqueueActions, setup } from 'xstate'

// --- mobile menu ---------------------------------------------------------------

export type MenuEvent = { type: 'menu.toggle' } | { type: 'menu.close' } | { type: 'route.changed'; path?: string }

/** R2: closes on every route change. */
export function createMenuMachine() {
  // Stryker disable next-line ObjectLiteral: setup holds only the types, which exist only for the compiler (decision 070)
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { events: {} as MenuEvent },
  }).createMachine({
    id: 'menu',
    initial: 'closed',
    states: {
      closed: { on: { 'menu.toggle': { target: 'open' } } },
      open: {
        on: {
          'menu.toggle': { target: 'closed' },
          'menu.close': { target: 'closed' },
          'route.changed': { target: 'closed' },
        },
      },
    },
  })
}
export const menuMachine = /* @__PURE__ */ createMenuMachine()

// --- modal ---------------------------------------------------------------------

/** The dialogs the site shows in its modal: data, never markup (the modal host renders each). */
export type ModalDialog = 'account.cancel' | 'account.reset'

export interface ModalContent {
  dialog: ModalDialog
}

export interface ModalOptions {
  /** Close on a click outside and on Escape (default true). */
  closable?: boolean
}

export interface ModalContext {
  content: ModalContent | null
  options: ModalOptions
  /** Who hears the answer (`modal.answered`), if anyone. */
  replyTo: AnyActorRef | null
}

export type ModalAnswer = 'confirm' | 'dismiss'

export type ModalEvent =
  | { type: 'modal.open'; content: ModalContent; options?: ModalOptions; replyTo?: AnyActorRef | null }
  | { type: 'modal.openCustom'; content: ModalContent; options?: ModalOptions; replyTo?: AnyActorRef | null }
  /** A button of the dialog, Escape, the backdrop or ×: the dialog closes and its opener hears the answer. */
  | { type: 'modal.answer'; answer: ModalAnswer }
  | { type: 'modal.close' }

function answerParams({ event }: { event: ModalEvent }): { answer: ModalAnswer } {
  assertEvent(event, 'modal.answer')
  return { answer: event.answer }
}

/** R3: standard and custom shown flags, content, options. One modal at a time. */
export function createModalMachine() {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as ModalContext, events: {} as ModalEvent },
    actions: {
      assignContent: assign(({ event }) => {
        assertEvent(event, ['modal.open', 'modal.openCustom'])
        return { content: event.content, options: event.options ?? {}, replyTo: event.replyTo ?? null }
      }),
      clearContent: assign({ content: null, options: {}, replyTo: null }),
      /** The answer goes to whoever opened the dialog. */
      reply: enqueueActions(({ context, enqueue }, params: { answer: ModalAnswer }) => {
        // Stryker disable next-line ConditionalExpression: without an addressee the answer would go to the modal itself, which ignores it (decision 070)
        if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'modal.answered', answer: params.answer })
      }),
    },
  }).createMachine({
    id: 'modal',
    context: { content: null, options: {}, replyTo: null },
    initial: 'hidden',
    on: {
      'modal.open': { target: '.standard', actions: 'assignContent' },
      'modal.openCustom': { target: '.custom', actions: 'assignContent' },
    },
    states: {
      hidden: {},
      standard: {
        on: {
          'modal.answer': { target: 'hidden', actions: [{ type: 'reply', params: answerParams }, 'clearContent'] },
          'modal.close': { target: 'hidden', actions: 'clearContent' },
        },
      },
      custom: {
        on: {
          'modal.answer': { target: 'hidden', actions: [{ type: 'reply', params: answerParams }, 'clearContent'] },
          'modal.close': { target: 'hidden', actions: 'clearContent' },
        },
      },
    },
  })
}
export const modalMachine = /* @__PURE__ */ createModalMachine()

/** R3: the two flags the components read. */
export function modalFlags(snapshot: { matches: (value: 'standard' | 'custom') => boolean }): { shown: boolean; customShown: boolean } {
  return { shown: snapshot.matches('standard'), customShown: snapshot.matches('custom') }
}

// --- image lightbox ------------------------------------------------------------

export interface LightboxContext {
  url: string | null
  name: string | null
}
export type LightboxEvent = { type: 'lightbox.open'; url: string; name: string } | { type: 'lightbox.close' }

/** R3: open flag, image url, image name. */
export function createLightboxMachine() {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as LightboxContext, events: {} as LightboxEvent },
    actions: {
      assignImage: assign(({ event }) => {
        assertEvent(event, 'lightbox.open')
        return { url: event.url, name: event.name }
      }),
      clearImage: assign({ url: null, name: null }),
    },
  }).createMachine({
    id: 'lightbox',
    context: { url: null, name: null },
    initial: 'closed',
    states: {
      closed: { on: { 'lightbox.open': { target: 'open', actions: 'assignImage' } } },
      open: {
        on: {
          // Another picture: the lightbox stays open with it.
          'lightbox.open': { actions: 'assignImage' },
          'lightbox.close': { target: 'closed', actions: 'clearImage' },
        },
      },
    },
  })
}
export const lightboxMachine = /* @__PURE__ */ createLightboxMachine()

export type MenuMachine = ReturnType<typeof createMenuMachine>
export type ModalMachine = ReturnType<typeof createModalMachine>
export type LightboxMachine = ReturnType<typeof createLightboxMachine>
