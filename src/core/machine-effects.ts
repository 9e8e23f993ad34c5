import type { MachineEffects } from '#machines/shared.ts'

const asDefined = new WeakMap<object, unknown>()

/**
 * A machine with the site's effects, built in one go from its `create` (decision 022): in the
 * browser once per mount, with the effects, where `provide()` would build every state node a
 * second time. The server renders a machine's first state and never starts its actor
 * (`useMachine` starts it in an effect), so no action or actor it is given could run there: it
 * builds the machine once per process (decision 080), with `rendered` only, what its first state
 * renders (a form machine with the site's fields). The browser gets `rendered` and the effects.
 */
export function createWithEffects<E extends MachineEffects<object, object>, M>(create: (effects?: E) => M, effects: () => E, rendered?: E): M {
  if (typeof window !== 'undefined') {
    const given = effects()
    return create(rendered ? { ...given, actors: { ...rendered.actors, ...given.actors }, actions: { ...rendered.actions, ...given.actions } } : given)
  }
  const built = (asDefined.get(create) as M | undefined) ?? create(rendered)
  asDefined.set(create, built)
  return built
}
