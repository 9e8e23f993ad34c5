/**
 * What `npm run paths` exports of a machine: the covers it offers, and each chosen path with the
 * states, tags and properties of its steps, under a summary of what the paths cover.
 */
import type { TestEvent } from '../../tests/machines/harness.ts'

export const COVERS = ['transitions', 'states', 'shortest', 'simple'] as const
export type Cover = (typeof COVERS)[number]

export interface PropertyRef {
  name: string
  requirement: string
}
export interface StateAt {
  /** The state value as text (`stateText`). */
  state: string
  /** What the visitor sees in it, in a tester's words (the machine's browser binding, decision 122). */
  sees?: string
  tags: string[]
  /** The properties the harness checked at this step (they held). */
  properties: PropertyRef[]
}
export interface PathStep extends StateAt {
  /** 1 for the first event. */
  step: number
  event: TestEvent
  /** The visitor's action or the world's answer that sends the event, in a tester's words (decision 122). */
  words?: string
  by?: 'visitor' | 'world'
}
export interface ExportedPath {
  /** 1, 2, … in the machine. */
  number: number
  start: string
  /** How the visit begins, in a tester's words (decision 122). */
  startWords?: string
  input: unknown
  initial: StateAt
  steps: PathStep[]
  /** Every property checked somewhere on the path. */
  properties: PropertyRef[]
}
export interface Summary {
  states: { covered: number; reachable: number; keys: string[]; missing: string[] }
  transitions: { covered: number; reachable: number; total: number; keys: string[]; missing: string[]; unreachable: string[] }
  paths: number
  steps: number
  properties: { checked: number; total: number; checks: (PropertyRef & { count: number })[] }
  /** The labels of the start inputs the paths come from. */
  starts: string[]
  /** How many start inputs the model has. */
  inputs: number
}
export interface MachinePaths {
  machine: string
  cover: Cover
  paths: ExportedPath[]
  summary: Summary
  /** With a browser binding: only paths a browser can take; the transitions none of them takes, each with the reason. */
  browser?: { notInBrowser: { transition: string; reason: string }[] }
}
