/**
 * What a story may set in `parameters.site` for the story frame (`site.tsx`): its page and route,
 * its visitor, how its fake login answers, its backend's answers and its replacement actors.
 */
import type { AnyRoute } from '@tanstack/react-router'
import type { EventObject } from 'xstate'
import type { User } from '#app/api/schemas.ts'
import type { CardActorsOverride } from '#app/features/account/renewal-card.tsx'
import type { PaymentActorsOverride } from '#app/features/premium/use-payment.ts'
import type { PublicConfig } from '#config'
import type { Access } from '#machines/rules/access.ts'
import type { ConsentChoice } from '#machines/rules/consent.ts'
import type { ApiHandlers } from './fetch-mock.ts'

export type PaymentActors = NonNullable<Parameters<typeof PaymentActorsOverride.Provider>[0]['value']>

/** How a story's fake login answers. */
export type LoginBehaviour = 'ok' | 'wrong-code' | 'hang'

/**
 * A page of the site rendered by its own route file, mounted the way the generated route tree
 * mounts it (same id, so the page's `Route.useParams()` works). The story renders
 * `<RoutePage />`; `path` (the router's location) picks the page and its params.
 */
export interface StoryRoute {
  /** The route file's `Route`, or none for a page without a file (a slow target to navigate to). */
  file?: AnyRoute
  /** The route's path in the generated tree, e.g. `/login/$code` or `/join/{-$code}`. */
  path: string
  /** The pathless layout it sits under on the site. */
  layout?: '_guests'
  /** A loader, for a page without a file. */
  loader?: () => Promise<unknown>
}

export interface SiteParameters {
  /** The router's location (the story's "page"). */
  path?: string
  /** A signed-in user, or none for a guest. */
  user?: User | null
  /** What the auth machine's login does with a code. */
  login?: LoginBehaviour
  /** What the auth machine's user fetch after a login does (`hang`: stays in `loggingIn.fetchingUser`). */
  userFetch?: 'ok' | 'hang'
  /** A page of the site by its route file (see `StoryRoute`). */
  route?: StoryRoute
  /** Edits of the public configuration (it is frozen; the story gets a copy). */
  config?: (config: PublicConfig) => void
  /** Answers of the fake backend, by `METHOD /path`. */
  api?: ApiHandlers
  /** Replacement payment actors (see `PaymentActorsOverride`). */
  payment?: PaymentActors
  /** Replacement card actors (see `CardActorsOverride`). */
  card?: NonNullable<Parameters<typeof CardActorsOverride.Provider>[0]['value']>
  /** Events sent to the UI actors once mounted (open the menu, the modal, the lightbox). */
  ui?: { menu?: UiEvent[]; modal?: UiEvent[]; lightbox?: UiEvent[] }
  /** Who may see the story's page (R2); the auth machine's reactions depend on it. Default `public`. */
  access?: Access
  /** R9.23: the visitor's cookie choice (default: nothing optional allowed, so the banner is not shown); `null` asks. */
  consent?: { stored: ConsentChoice | null; gpc?: boolean }
  /** `story` (default): the component with some room; `page`: the site's page area; `chrome`: with header and footer. */
  layout?: 'story' | 'page' | 'chrome'
}

type UiEvent = EventObject & Record<string, unknown>
