/**
 * What several machines have in common: the shape of the effects the app gives a machine, the
 * stand-in for an actor the site must provide, the message of a failure, the params that hand an
 * invoked call's result or failure to an action, and the pair of actions that keeps a failed
 * call's message and logs it.
 */

/**
 * What the app gives a machine built with its effects (`create…Machine(effects)`, decision 022):
 * its own calls in place of the machine's stand-in actors, and its actions outside the machine in
 * place of the stand-in actions, which do nothing.
 */
export interface MachineEffects<Actors, Actions> {
  actors?: Partial<Actors>
  actions?: Partial<Actions>
}

/** Where the site's `navigate` action goes. */
export interface NavigateParams {
  to: string
}

/** A failure, as the `assignError` and `logError` actions (and the like) take it. */
export interface ErrorParams {
  error: unknown
}

/**
 * What an actor the site must provide does until it is provided: it fails at once, naming the
 * machine and itself, instead of waiting for an answer that never comes.
 */
export function notProvided(machine: string, actor: string): never {
  throw new Error(`${machine}: actor "${actor}" not provided`)
}

/** The message of a failure: an Error's own, else the failure as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** An invoked call's result, as an action's or a guard's params. */
export function outputParams<T>({ event }: { event: { output: T } }): T {
  return event.output
}

/** An invoked call's failure, as an action's params. */
export function errorParams({ event }: { event: { error?: unknown } }): ErrorParams {
  return { error: event.error }
}

/** A call failed: its message is kept for the visitor (`assignError`), and the failure is logged. */
export const assignAndLogError = [
  { type: 'assignError', params: errorParams },
  { type: 'logError', params: errorParams },
] as const
