/** The build's route manifest, a virtual module of the TanStack Start plugin (server only). */
declare module 'tanstack-start-manifest:v' {
  export function tsrStartManifest(): { routes: Record<string, { preloads?: ReadonlyArray<string | { href: string }> }> }
}
