/**
 * Renders every story the way the site renders a page: inside a TanStack router (memory
 * history, `site-router.ts`) whose root route supplies the site context as loader data, with
 * the auth, locale and UI actors and the toaster around it. The auth and locale machines are
 * the real ones with fake actors (`site-machines.ts`), and the backend is the in-page fake of
 * `fetch-mock.ts`, so nothing reaches a server.
 */
import { Outlet, RouterProvider } from '@tanstack/react-router'
import { type ComponentType, createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import type { AnyActorRef, EventObject, InspectionEvent } from 'xstate'
import type { User } from '#app/api/schemas.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { MachineInspect } from '#app/core/machine-inspect.ts'
import type { SiteContext } from '#app/core/site-context.ts'
import { CardActorsOverride } from '#app/features/account/renewal-card.tsx'
import { PaymentActorsOverride } from '#app/features/premium/use-payment.ts'
import { ConsentActor, ConsentBanner } from '#app/site/consent.tsx'
import { SiteFooter } from '#app/site/site-footer.tsx'
import { SiteHeader } from '#app/site/site-header.tsx'
import { LightboxHost } from '#app/ui/lightbox-host.tsx'
import { ModalHost } from '#app/ui/modal-host.tsx'
import { Toaster } from '#app/ui/toaster.tsx'
import { LightboxActor, MenuActor, ModalActor } from '#app/ui/ui-actors.tsx'
import { type BrandId, type PublicConfig, parseConfig, toPublicConfig } from '#config'
import type { AuthUser } from '#machines/auth-types.ts'
import { NOTHING_ALLOWED } from '#machines/rules/consent.ts'
import { isLocale, type Locale } from '#machines/rules/locale.ts'
import { STORY_API, setApiHandlers } from './fetch-mock.ts'
import { setStoryLocale } from './globals.ts'
import { authLogic, localeLogic } from './site-machines.ts'
import type { SiteParameters } from './site-parameters.ts'
import { createStoryRouter } from './site-router.ts'

// The names stories import from here (`#stories/site.tsx`).
export type { LoginBehaviour, PaymentActors, SiteParameters, StoryRoute } from './site-parameters.ts'

export const STORY_NOW = Date.UTC(2025, 0, 15, 12, 0, 0)

/** The public configuration of a default environment; the browser's API is the in-page fake. */
export const storyConfig: PublicConfig = toPublicConfig(parseConfig({ API_BROWSER_BASE_URL: STORY_API }))
const storyBrands = parseConfig({}).brands

export function siteContext(brand: BrandId, params: SiteParameters): SiteContext {
  const config = structuredClone(storyConfig) as PublicConfig
  params.config?.(config)
  const host = brand === 'mirror' ? 'mirror.example' : 'skinvault.example'
  const now = Date.now()
  return {
    host,
    origin: `https://${host}`,
    brand,
    brandInfo: storyBrands[brand],
    config,
    now,
    session: params.user ? { token: 'story-token', expiresAt: now + 3_600_000 } : null,
    user: params.user ?? null,
    flash: null,
    consent: { stored: params.consent === undefined ? NOTHING_ALLOWED : params.consent.stored, gpc: params.consent?.gpc ?? false },
  }
}

export const SAMPLE_USER: User = {
  id: 4821,
  email: 'alex@example.com',
  email_confirmed: true,
  has_password: false,
  locale: 'en',
  referral_code: 'ALEX4821',
  pending_email: null,
  device: { bound: true, bound_at: '2025-01-02T10:00:00.000Z', last_reset_at: null, next_reset_at: null },
  subscription: null,
  trial_used: false,
}

function SendOnMount({ actor, events }: { actor: AnyActorRef; events?: EventObject[] }) {
  useEffect(() => {
    for (const event of events ?? []) actor.send(event)
  }, [actor, events])
  return null
}

function UiEvents({ ui }: { ui: SiteParameters['ui'] }) {
  const menu = MenuActor.useActorRef()
  const modal = ModalActor.useActorRef()
  const lightbox = LightboxActor.useActorRef()
  return (
    <>
      <SendOnMount actor={menu} events={ui?.menu} />
      <SendOnMount actor={modal} events={ui?.modal} />
      <SendOnMount actor={lightbox} events={ui?.lightbox} />
    </>
  )
}

/** What the root route renders around the story: the providers of `__root.tsx`, faked at the edge. */
function Providers({
  params,
  children,
  onLocaleChange,
  inspect,
}: {
  params: SiteParameters
  children: ReactNode
  onLocaleChange: (locale: Locale) => void
  inspect?: (event: InspectionEvent) => void
}) {
  const site = useContext(SiteValue)
  const [auth] = useState(() => authLogic(params, SAMPLE_USER))
  const [locale] = useState(() => localeLogic(onLocaleChange))
  const options = inspect ? { inspect } : undefined
  return (
    <MachineInspect.Provider value={inspect}>
      <LocaleActor.Provider logic={locale} options={{ ...options, input: { urlLocale: document.documentElement.lang, messageSet: site.brand } }}>
        <AuthActor.Provider
          logic={auth}
          options={{
            ...options,
            input: {
              now: site.now,
              token: site.session?.token ?? null,
              expiresAt: site.session?.expiresAt ?? null,
              user: (site.user as AuthUser | null) ?? null,
              page: {
                access: params.access ?? 'public',
                href: params.path ?? '/',
                locale: isLocale(document.documentElement.lang) ? document.documentElement.lang : 'en',
              },
            },
          }}
        >
          <ConsentActor.Provider options={{ ...options, input: { stored: site.consent.stored, gpc: site.consent.gpc } }}>
            <MenuActor.Provider options={options}>
              <ModalActor.Provider options={options}>
                <LightboxActor.Provider options={options}>
                  <PaymentActorsOverride.Provider value={params.payment ?? null}>
                    <CardActorsOverride.Provider value={params.card ?? null}>
                      <UiEvents ui={params.ui} />
                      {children}
                      <ModalHost />
                      <LightboxHost />
                      <Toaster />
                    </CardActorsOverride.Provider>
                  </PaymentActorsOverride.Provider>
                </LightboxActor.Provider>
              </ModalActor.Provider>
            </MenuActor.Provider>
          </ConsentActor.Provider>
        </AuthActor.Provider>
      </LocaleActor.Provider>
    </MachineInspect.Provider>
  )
}

interface Frame {
  Story: ComponentType
  params: SiteParameters
  onLocaleChange: (locale: Locale) => void
  inspect?: (event: InspectionEvent) => void
}
const FrameValue = createContext<Frame | null>(null)
const SiteValue = createContext<SiteContext>(null as unknown as SiteContext)

function RootComponent() {
  const frame = useContext(FrameValue)!
  const { Story } = frame
  const layout = frame.params.layout ?? 'story'
  return (
    <Providers params={frame.params} onLocaleChange={frame.onLocaleChange} inspect={frame.inspect}>
      {layout === 'chrome' ? <ConsentBanner /> : null}
      {layout === 'chrome' ? <SiteHeader /> : null}
      <main id="main" className={layout === 'story' ? 'story' : 'page'} tabIndex={-1}>
        <Story />
      </main>
      {layout === 'chrome' ? <SiteFooter /> : null}
      {/* A route page renders inside <main> through the story's <RoutePage />. */}
      {frame.params.route ? null : <Outlet />}
    </Providers>
  )
}

/** What a route page story renders: the matched page, in the frame's `<main>`. */
export function RoutePage() {
  return <Outlet />
}

/** The site frame around a story; keyed by locale and brand so a switch renders anew, as a document load would. */
export function SiteFrame({ Story, params, brand, onLocaleChange, inspect }: Frame & { brand: BrandId }) {
  const [site] = useState(() => siteContext(brand, params))
  const [router] = useState(() => createStoryRouter(site, params.path ?? '/', params.route, RootComponent))
  setApiHandlers(params.api)
  return (
    <SiteValue.Provider value={site}>
      <FrameValue.Provider value={{ Story, params, onLocaleChange, inspect }}>
        <RouterProvider router={router} />
      </FrameValue.Provider>
    </SiteValue.Provider>
  )
}

/**
 * The frame of one story in one language. The language switcher's click (the locale machine's
 * `navigate`) renders the frame anew in the chosen language, as the site loads the other
 * language's page; the choice stays with this story (the toolbar's globals are not touched), so
 * the next story starts in its own language.
 */
export function StoryFrame({ locale: initial, brand, ...frame }: Omit<Frame, 'onLocaleChange'> & { locale: Locale; brand: BrandId }) {
  const [locale, setLocale] = useState(initial)
  setStoryLocale(locale)
  return <SiteFrame key={locale} {...frame} brand={brand} onLocaleChange={setLocale} />
}
