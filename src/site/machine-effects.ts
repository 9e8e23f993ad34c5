/**
 * A machine with the site's effects, where effects can run (decision 080). The server renders a
 * machine's first state and never starts its actor (`useMachine` starts it in an effect), so no
 * action or actor it is given could run there: the server renders the machine as it is, built
 * once per process, and skips `provide()`, which builds every state node again for each render.
 * The browser gives the effects once per mount.
 *
 * What a first state renders (a child form machine) belongs to the machine itself, provided
 * once at module level, never to its effects.
 */
export function withEffects<M>(machine: M, effects: (machine: M) => M): M {
  return typeof window === 'undefined' ? machine : effects(machine)
}

const asDefined = new WeakMap<object, unknown>()

/**
 * A page-wide machine (auth, locale) with the site's effects, built in one go from its
 * `create` (decision 022): in the browser once per mount, with the effects, where `provide()`
 * would build every state node a second time; on the server once per process, as defined.
 */
export function createWithEffects<E, M>(create: (effects?: E) => M, effects: () => E): M {
  if (typeof window !== 'undefined') return create(effects())
  const built = (asDefined.get(create) as M | undefined) ?? create()
  asDefined.set(create, built)
  return built
}
