/**
 * R9.23–R9.25 (decision 111): the visitor's cookie choice. Without a choice the banner asks
 * ("Accept all", "Reject all", "Settings" with a switch per category); a choice is stored and
 * applied at once (what it allows loads, what it withdraws is deleted); "Cookie settings" opens
 * the settings as a dialog where the visitor is, with the choice as it is (R9.28, decision 125). The page and the no-JavaScript form run this same machine
 * (src/forms/consent-form.server.ts): the effects are the site's, the decisions are here.
 */
import { assertEvent, assign, setup } from 'xstate'
import { acceptAll, type ConsentCategory, type ConsentChoice, NOTHING_ALLOWED } from '#machines/rules/consent.ts'
import type { MachineEffects } from './shared.ts'

export interface ConsentInput {
  /** The choice stored in the cookie (of this version of the policy), or none. */
  stored: ConsentChoice | null
  /** The browser sends Global Privacy Control. */
  gpc: boolean
  /** The page was asked for with its cookie settings open (`?cookies=settings`, the footer's link without JavaScript). */
  settings?: boolean
}

export interface ConsentContext {
  /** What is allowed now (null before a choice: nothing optional). */
  choice: ConsentChoice | null
  /** The switches of the settings, saved by "Save". */
  draft: ConsentChoice
  gpc: boolean
  /** Opened at the settings from the start. */
  settings: boolean
  /** Opened by "Cookie settings" on the page: shown as a dialog where the visitor is, not in the page's flow. */
  dialog: boolean
}

export type ConsentEvent =
  | { type: 'consent.acceptAll' }
  | { type: 'consent.rejectAll' }
  | { type: 'consent.settings' }
  /** The settings' disclosure closed again: back to the summary, the switches kept. */
  | { type: 'consent.summary' }
  | { type: 'consent.toggle'; category: ConsentCategory; on: boolean }
  | { type: 'consent.save' }
  /** "Cookie settings" in the footer or the cookie policy. */
  | { type: 'consent.reopen' }
  /** Closing a reopened banner keeps the choice as it was; without a choice the dialog goes back into the page. */
  | { type: 'consent.close' }

/** A choice made: the previous one (null at the first) and the new one. */
export interface ChoiceParams {
  previous: ConsentChoice | null
  choice: ConsentChoice
}

export interface ConsentActions {
  /** The tag manager's Consent Mode defaults (all denied), before anything can load. */
  announceDefaults: () => void
  /** Loads what the choice allows and deletes the cookies of what it withdraws; tells the tag manager. */
  apply: (_: unknown, params: ChoiceParams) => void
  /** Stores the choice in its cookie, for 12 months. */
  store: (_: unknown, params: { choice: ConsentChoice }) => void
}

function chosen(choice: (args: { context: ConsentContext }) => ConsentChoice) {
  return [
    { type: 'store' as const, params: ({ context }: { context: ConsentContext }) => ({ choice: choice({ context }) }) },
    { type: 'apply' as const, params: ({ context }: { context: ConsentContext }) => ({ previous: context.choice, choice: choice({ context }) }) },
    { type: 'assignChoice' as const, params: ({ context }: { context: ConsentContext }) => ({ choice: choice({ context }) }) },
  ]
}

export function createConsentMachine(effects: MachineEffects<object, Partial<ConsentActions>> = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as ConsentContext, events: {} as ConsentEvent, input: {} as ConsentInput },
    actions: {
      announceDefaults: () => {},
      apply: (_: unknown, _params: ChoiceParams) => {},
      store: (_: unknown, _params: { choice: ConsentChoice }) => {},
      assignChoice: assign((_, params: { choice: ConsentChoice }) => ({ choice: params.choice })),
      toggle: assign(({ context, event }) => {
        assertEvent(event, 'consent.toggle')
        return { draft: { ...context.draft, [event.category]: event.on } }
      }),
      draftFromChoice: assign(({ context }) => ({ draft: context.choice ?? NOTHING_ALLOWED })),
      showAsDialog: assign({ dialog: true }),
      showInPage: assign({ dialog: false }),
      ...effects.actions,
    },
    guards: {
      hasChoice: ({ context }) => context.choice !== null,
      opensSettings: ({ context }) => context.settings,
    },
  }).createMachine({
    id: 'consent',
    context: ({ input }) => ({
      choice: input.stored,
      draft: input.stored ?? NOTHING_ALLOWED,
      gpc: input.gpc,
      settings: input.settings === true,
      dialog: false,
    }),
    entry: [
      'announceDefaults',
      // Stryker disable next-line ObjectLiteral: a stored choice applies from the start; its params are checked by the model
      { type: 'apply', params: ({ context }) => ({ previous: null, choice: context.choice ?? NOTHING_ALLOWED }) },
    ],
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'opensSettings', target: 'asking.settings' }, { guard: 'hasChoice', target: 'decided' }, { target: 'asking' }],
      },
      asking: {
        initial: 'summary',
        on: {
          'consent.acceptAll': { target: 'decided', actions: chosen(({ context }) => acceptAll(context.gpc)) },
          'consent.rejectAll': { target: 'decided', actions: chosen(() => NOTHING_ALLOWED) },
          'consent.close': [
            { guard: 'hasChoice', target: 'decided', actions: 'draftFromChoice' },
            // A first visit's banner cannot be closed without a choice: as a dialog, it goes back to the top of the page.
            { actions: 'showInPage' },
          ],
          // "Cookie settings" before a choice: the banner is at the top of the page, out of sight at its bottom.
          'consent.reopen': { target: '.settings', actions: 'showAsDialog' },
        },
        states: {
          summary: {
            on: { 'consent.settings': { target: 'settings' } },
          },
          settings: {
            on: {
              'consent.summary': { target: 'summary' },
              'consent.toggle': { actions: 'toggle' },
              'consent.save': { target: '#consent.decided', actions: chosen(({ context }) => context.draft) },
            },
          },
        },
      },
      decided: {
        // A banner shown again is shown as a dialog only until the visitor is done with it.
        entry: 'showInPage',
        on: {
          'consent.reopen': { target: 'asking.settings', actions: ['draftFromChoice', 'showAsDialog'] },
        },
      },
    },
  })
}

export const consentMachine = /* @__PURE__ */ createConsentMachine()
