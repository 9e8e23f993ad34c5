/**
 * The TanStack router of a story, built as the site's generated route tree is: a memory history,
 * the story's route page mounted by its route file, and the site's locale prefix rewrite.
 */
import {
  type AnyRoute,
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouteComponent,
} from '@tanstack/react-router'
import { splitLocalePrefix } from '#app/core/locale.ts'
import type { SiteContext } from '#app/core/site-context.ts'
import type { StoryRoute } from './site-parameters.ts'

/** Mounts a route file's `Route` (or a stand-in page) under the story's root, as the generated route tree does. */
function mountRoute(rootRoute: AnyRoute, route: StoryRoute): AnyRoute {
  const parent = route.layout ? createRoute({ getParentRoute: () => rootRoute, id: route.layout, component: Outlet }) : rootRoute
  const page = route.file
    ? route.file.update({ id: route.path, path: route.path, getParentRoute: () => parent } as never)
    : createRoute({ getParentRoute: () => parent, path: route.path, loader: route.loader, component: () => null })
  return parent === rootRoute ? page : parent.addChildren([page])
}

/**
 * The router of a story: `root` (the frame) at the root route, whose loader gives the site context,
 * an empty page at every path, and the story's route page if it has one; its memory history starts at `path`.
 */
export function createStoryRouter(site: SiteContext, path: string, route: StoryRoute | undefined, root: RouteComponent): AnyRouter {
  const rootRoute = createRootRoute({ loader: () => site, component: root })
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null })
  const any = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null })
  const routes: AnyRoute[] = [index, any]
  if (route) routes.push(mountRoute(rootRoute as unknown as AnyRoute, route))
  return createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMinMs: 0,
    // As the site's router: `/en/join/X` reaches the `/join/{-$code}` route (links stay as written).
    rewrite: {
      input: ({ url }) => {
        url.pathname = splitLocalePrefix(url.pathname).rest
        return url
      },
    },
  }) as unknown as AnyRouter
}
