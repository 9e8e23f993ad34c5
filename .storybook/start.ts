/**
 * Stories render in the browser without the server: this module stands in for
 * `@tanstack/react-start` in Storybook's build, which has no Start plugin to turn server functions
 * into requests (and whose server half cannot be bundled for a browser).
 *
 * - An isomorphic function runs its browser half, as it does after hydration.
 * - A server function answers `null`: "the server settled nothing". Every page that asks the
 *   server for something while it renders also knows how to do it in the browser (its machine
 *   starts where the server left off), so a story shows that browser path against the story's
 *   fetch fakes (`parameters.site.api`).
 */
type Fn = (...args: never[]) => unknown

export function createIsomorphicFn() {
  const builder = {
    server: (_fn: Fn) => builder,
    client: <F extends Fn>(fn: F) => fn,
  }
  return builder
}

export function createServerFn(_options?: { method?: 'GET' | 'POST' }) {
  const builder = {
    validator: (_validator: unknown) => builder,
    middleware: (_middleware: unknown[]) => builder,
    handler:
      <R>(_fn: (...args: never[]) => Promise<R> | R) =>
      async (_opts?: unknown): Promise<Awaited<R> | null> =>
        null,
  }
  return builder
}
