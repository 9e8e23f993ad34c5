import { createActorContext } from '@xstate/react'
import type { ReactNode } from 'react'
import type { ActorOptions, AnyActorLogic } from 'xstate'

/**
 * The context of a page-wide actor (the auth and locale machines, the shared UI state) whose
 * machine is built when a provider first needs it, not when the page's first JavaScript runs.
 * Building a machine makes every one of its state nodes: at module level, the five machines of
 * the page's shell were about 30 ms of the one task that evaluates it on a slowed phone CPU,
 * while the hydration that renders the providers yields between components (decision 022).
 * A provider given its own `logic` (a machine built with the site's effects) uses that one.
 */
export function actorContext<TLogic extends AnyActorLogic>(create: () => TLogic) {
  let built: TLogic | undefined
  // The context's own default is never used: every provider below is given a machine.
  const context = createActorContext(undefined as unknown as TLogic)
  const ContextProvider = context.Provider
  // biome-ignore lint/correctness/noComponentHookFactories: made once per context at module level, as createActorContext makes its own
  function Provider({ logic, children, options }: { children: ReactNode; options?: ActorOptions<TLogic>; logic?: TLogic }) {
    return (
      <ContextProvider logic={logic ?? (built ??= create())} options={options}>
        {children}
      </ContextProvider>
    )
  }
  return { ...context, Provider }
}
