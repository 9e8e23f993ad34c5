/**
 * A machine's browser binding (decision 122): how a visitor meets the machine, in words a tester
 * reads and in what a browser does. For each start, how the visit begins; for each event of the
 * machine's model, the visitor's action that causes it (a click, typing, a key, a navigation, time
 * passing) or the world's answer (the stand-in answering, declining, failing); for each state,
 * what the visitor sees, checked in the page. One binding per machine, beside nothing else: the
 * machine tests' graph (`xstate/graph`) gives the paths, the binding walks them in Chromium, and
 * every export of `npm run paths` names the steps with the binding's words.
 */
import type { Page } from '@playwright/test'
import type { Snap, TestEvent } from '../machines/harness.ts'

/** What a binding acts on: the page, the site's and the stand-in's addresses, and the stand-in's mailbox. */
export interface World {
  page: Page
  /** The site's base address (`http://localhost:3210`). */
  site: string
  /** The stand-in backend's base address. */
  backend: string
  /** The newest sign-in code mailed to an address (the stand-in's development mailbox). */
  codeFor(email: string): Promise<string>
  /** A fresh e-mail address for this visit. */
  email: string
}

/** An event a browser cannot cause, and why: the transitions it would take are listed with the reason. */
export interface Unreachable {
  unreachable: string
}

export interface VisitorStep {
  by: 'visitor'
  /** What the visitor does, in a tester's words: "opens the menu". */
  words: (event: TestEvent) => string
  /** The action, in the state the machine is in before it (a link may sit in the open menu or in the footer). */
  act: (world: World, event: TestEvent, before: Snap) => Promise<void>
}

export interface WorldStep {
  by: 'world'
  /** How the world answers, in a tester's words: "the bank declines the card". */
  words: (event: TestEvent) => string
  /** Sets the answer up before the visitor's step that asks for it (the stand-in's development controls, a route). */
  arrange?: (world: World, event: TestEvent) => Promise<void>
}

export type EventBinding = VisitorStep | WorldStep

export interface StartBinding {
  /** Where and how the visit begins, in words: "a visitor on the home page on a 390 px phone". */
  words: string
  open: (world: World) => Promise<void>
}

export interface StateView {
  /** What the visitor sees in the state, in words: "the menu is open". */
  words: string
  /** Checks it in the page; throws (a web-first assertion) when the page does not show it. */
  see: (world: World) => Promise<void>
}

export interface Binding {
  /** The machine model's name (`npm run paths -- --machine NAME`), the machine's id. */
  machine: string
  /** The viewport the visit runs in. */
  viewport: { width: number; height: number }
  /** How long a path may take, when longer than a test's default (a payment waits for its confirmation). */
  timeout?: number
  /** By the model's start labels. */
  starts: Readonly<Record<string, StartBinding | Unreachable>>
  /** By event type; an event of a type not listed cannot be caused in a browser. */
  events: Readonly<Record<string, EventBinding | Unreachable>>
  /**
   * An event of a bound type that a browser still cannot cause in this state or with this payload
   * (a button the page does not show there), and why; null when it can.
   */
  unreachableAt?: (event: TestEvent, before: Snap) => string | null
  /** What the visitor sees in a state, reached by `by` (the step's event; `xstate.init` at the start): a toast tells what the step did. */
  view: (state: Snap, by: TestEvent) => StateView
}

/**
 * Waits until the page is interactive, as a visitor's next tap needs (`html[data-hydrated]`): at most
 * QA_HYDRATION_MS (60 s by default: a slow machine, a cold server).
 */
export async function whenInteractive(world: World): Promise<void> {
  const timeout = Number(process.env.QA_HYDRATION_MS ?? 60_000)
  await world.page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout })
}

export const isUnreachable = (b: EventBinding | StartBinding | Unreachable | undefined): b is Unreachable | undefined => b === undefined || 'unreachable' in b

/** Why a browser cannot take this event in the state before it (null: a binding that asks no state), or null when it can. */
export function whyNotInBrowser(binding: Binding, event: TestEvent, before: Snap | null): string | null {
  const bound = binding.events[event.type]
  if (bound === undefined) return `no visitor's action or world's answer causes "${event.type}"`
  if ('unreachable' in bound) return bound.unreachable
  return before && binding.unreachableAt ? binding.unreachableAt(event, before) : null
}

/** A step in a tester's words: the visitor's action or the world's answer. */
export function stepWords(binding: Binding, event: TestEvent): string {
  const bound = binding.events[event.type]
  if (bound === undefined || 'unreachable' in bound) return `(no browser step) ${event.type}`
  return bound.by === 'visitor' ? `the visitor ${bound.words(event)}` : bound.words(event)
}
