import { useHydrated, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { actorContext } from '#app/core/actor-context.tsx'
import { CONSENT_FORM, formAction } from '#app/core/form-endpoints.ts'
import { legalHref } from '#app/core/locale.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Dialog } from '#app/ui/dialog.tsx'
import { createConsentMachine } from '#machines/consent.ts'
import { CONSENT_CATEGORIES, type ConsentCategory } from '#machines/rules/consent.ts'
import { consentEffects } from './consent.effects.ts'

/** The visitor's cookie choice, one actor per page view (decision 111). */
export const ConsentActor = actorContext(() => createConsentMachine())

/** The query that opens the banner at its settings: the footer's "Cookie settings" without JavaScript. */
export const SETTINGS_QUERY = 'cookies'

export function ConsentProvider({ children }: { children: ReactNode }) {
  const { config, consent } = useSite()
  const inspect = useMachineInspect()
  const settings = useLocation({ select: (l) => (l.search as Record<string, unknown>)[SETTINGS_QUERY] === 'settings' })
  // Built once per page view: the input is the page's first request.
  const [logic] = useState(() => createWithEffects(createConsentMachine, () => ({ actions: consentEffects(config) })))
  return (
    <ConsentActor.Provider logic={logic} options={{ input: { stored: consent.stored, gpc: consent.gpc, settings }, inspect }}>
      {children}
    </ConsentActor.Provider>
  )
}

const LABEL: Record<ConsentCategory, () => string> = {
  analytics: () => m.consent_analytics(),
  marketing: () => m.consent_marketing(),
  chat: () => m.consent_chat(),
}

/** The page's address as the visitor sees it (with its language prefix), without its query. */
function usePublicPath(): string {
  return useLocation({ select: (l) => l.publicHref.split(/[?#]/u, 1)[0] || '/' })
}

/** "Cookie settings": opens the settings as a dialog; without JavaScript the page opens with them (`?cookies=settings`). */
export function CookieSettingsLink({ className, testId }: { className?: string; testId?: string }) {
  const actor = ConsentActor.useActorRef()
  const pathname = usePublicPath()
  const hydrated = useHydrated()
  return (
    <a
      href={`${pathname}?${SETTINGS_QUERY}=settings`}
      className={className}
      data-testid={testId}
      rel="nofollow"
      onClick={
        hydrated
          ? (event) => {
              event.preventDefault()
              actor.send({ type: 'consent.reopen' })
            }
          : undefined
      }
    >
      {m.consent_settings_link()}
    </a>
  )
}

/**
 * The cookie banner, part of the server-rendered page. It is a form: before the page is
 * interactive, or without JavaScript, its buttons post the choice to `/forms/consent`; once
 * interactive they send the machine's events and nothing reloads. Its settings are a
 * disclosure that opens without JavaScript too. Opened by "Cookie settings", it is a dialog where
 * the visitor is (R9.28, decision 125); on a first visit it sits above the header, small enough to
 * leave the page's main action on the first screen (R9.27).
 */
export function ConsentBanner() {
  const actor = ConsentActor.useActorRef()
  const shown = useSelector(actor, (s) => s.matches('asking'))
  const dialog = useSelector(actor, (s) => s.context.dialog)
  const ref = useRef<HTMLElement>(null)
  if (!shown) return null
  if (dialog) {
    return (
      <Dialog label={m.consent_title()} onClose={() => actor.send({ type: 'consent.close' })} className="consent consent--dialog">
        <div data-testid="consent-banner">
          <ConsentForm />
        </div>
      </Dialog>
    )
  }
  /** Once the banner goes, focus goes to the page rather than to nowhere, and the page stays where it is. */
  const leave = () => {
    if (ref.current?.contains(document.activeElement)) document.getElementById('main')?.focus({ preventScroll: true })
  }
  return (
    <section ref={ref} className="consent" aria-labelledby="consent-title" data-testid="consent-banner">
      <ConsentForm leave={leave} />
    </section>
  )
}

function ConsentForm({ leave = () => {} }: { leave?: () => void }) {
  const actor = ConsentActor.useActorRef()
  const settings = useSelector(actor, (s) => s.matches({ asking: 'settings' }))
  const draft = useSelector(actor, (s) => s.context.draft)
  const gpc = useSelector(actor, (s) => s.context.gpc)
  const decided = useSelector(actor, (s) => s.context.choice !== null)
  const pathname = usePublicPath()
  const hydrated = useHydrated()
  const locale = getLocale()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    leave()
    if (button?.value === 'all') return actor.send({ type: 'consent.acceptAll' })
    if (button?.value === 'none') return actor.send({ type: 'consent.rejectAll' })
    // "Save": the switches as the visitor left them, also those moved before the page was interactive.
    const data = new FormData(event.currentTarget)
    if (!actor.getSnapshot().matches({ asking: 'settings' })) actor.send({ type: 'consent.settings' })
    for (const category of CONSENT_CATEGORIES) actor.send({ type: 'consent.toggle', category, on: data.get(category) === 'on' })
    actor.send({ type: 'consent.save' })
  }

  return (
    <form className="consent__form" method="post" action={formAction(CONSENT_FORM)} onSubmit={hydrated ? onSubmit : undefined}>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={pathname} />
      <h2 id="consent-title" className="consent__title">
        {m.consent_title()}
      </h2>
      <p className="consent__text">{m.consent_text()}</p>
      {gpc ? (
        <p className="consent__gpc" role="note" data-testid="consent-gpc">
          {m.consent_gpc()}
        </p>
      ) : null}
      <div className="consent__actions">
        <button type="submit" name="choice" value="all" className="button consent__choice" data-testid="consent-accept">
          {m.consent_accept_all()}
        </button>
        <button type="submit" name="choice" value="none" className="button consent__choice" data-testid="consent-reject">
          {m.consent_reject_all()}
        </button>
      </div>
      <div className="consent__more">
        <details
          className="consent__settings"
          open={settings}
          onToggle={(event) => {
            const open = event.currentTarget.open
            const inSettings = actor.getSnapshot().matches({ asking: 'settings' })
            if (open && !inSettings) actor.send({ type: 'consent.settings' })
            if (!open && inSettings) actor.send({ type: 'consent.summary' })
          }}
        >
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a summary is the disclosure's button; its state is said for the page's own renders too */}
          <summary aria-expanded={settings}>{m.consent_settings()}</summary>
          <fieldset className="consent__switches">
            <legend className="visually-hidden">{m.consent_settings()}</legend>
            <label className="consent__switch">
              <input type="checkbox" checked disabled />
              <span>{m.consent_necessary()}</span>
            </label>
            {CONSENT_CATEGORIES.map((category) => (
              <label key={category} className="consent__switch">
                <input
                  type="checkbox"
                  name={category}
                  defaultChecked={draft[category]}
                  data-testid={`consent-${category}`}
                  onChange={(event) => actor.send({ type: 'consent.toggle', category, on: event.currentTarget.checked })}
                />
                <span>{LABEL[category]()}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" name="choice" value="custom" className="button button--ghost" data-testid="consent-save">
            {m.consent_save()}
          </button>
        </details>
        <a className="consent__link" href={legalHref(locale, 'cookies-policy')}>
          {m.consent_policy_link()}
        </a>
        {decided ? (
          <a
            href={pathname}
            className="consent__link"
            data-testid="consent-close"
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault()
                    leave()
                    actor.send({ type: 'consent.close' })
                  }
                : undefined
            }
          >
            {m.consent_close()}
          </a>
        ) : null}
      </div>
    </form>
  )
}
