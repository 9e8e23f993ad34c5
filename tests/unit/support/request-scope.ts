/**
 * Runs `run` inside the framework's request scope for `request`, as the server entry does: there
 * `getRequest()` answers, and with it the facts attached to the request (issue 40). An error of
 * `run` is thrown here (the entry would turn it into an answer).
 */
import { createServerEntry } from '@tanstack/react-start/server'

export async function withinRequest<T>(request: Request, run: () => Promise<T> | T): Promise<T> {
  let outcome: { value: T } | { error: unknown } | null = null
  await createServerEntry({
    fetch: async () => {
      try {
        outcome = { value: await run() }
      } catch (error) {
        outcome = { error }
      }
      return new Response(null, { status: 204 })
    },
  }).fetch(request)
  const settled = outcome as { value: T } | { error: unknown } | null
  if (!settled) throw new Error('the request scope never ran')
  if ('error' in settled) throw settled.error
  return settled.value
}
