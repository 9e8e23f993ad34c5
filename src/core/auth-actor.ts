import { actorContext } from '#app/core/actor-context.tsx'
import { createAuthMachine } from '#machines/auth.ts'

/** The one auth machine of the page (R4): the provider starts it, every component reads and sends to it. */
export const AuthActor = actorContext(createAuthMachine)
