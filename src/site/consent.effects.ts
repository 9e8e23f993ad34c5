/**
 * R9.23–R9.25: what the consent machine's choices do in the browser. The tag manager's Consent
 * Mode defaults go into the data layer first; a choice is stored in its cookie, tells the tag
 * manager, deletes the cookies of what it withdraws and loads (when the page is idle) the
 * scripts of what it allows, the analytics cookies with them. A script already running cannot be
 * unloaded: it is told through Consent Mode, its cookies are deleted, and the next page does not
 * load it (decision 111).
 */

import { consentCookie, writeCookie } from '#app/core/cookies.ts'
import { whenIdle } from '#app/core/idle.ts'
import type { PublicConfig } from '#constants'
import type { ConsentActions } from '#machines/consent.ts'
import { allows, CONSENT_CATEGORIES, CONSENT_MODE_DEFAULTS, type ConsentModeState, consentModeUpdate, withdrawn } from '#machines/rules/consent.ts'

type ConsentConfig = Pick<PublicConfig, 'cookiesCrossOrigin' | 'analyticsClientIdCookie' | 'chatScriptUrl' | 'analyticsScriptUrl' | 'gtmId' | 'gtmScriptUrl'>

/** The tag manager's own command form: Consent Mode reads an arguments object from the data layer, not an array. */
function gtag(..._args: [command: 'consent', action: 'default' | 'update', state: ConsentModeState]): void {
  const w = window as unknown as { dataLayer?: unknown[] }
  w.dataLayer ??= []
  // biome-ignore lint/complexity/noArguments: the tag manager recognises its commands as arguments objects only
  w.dataLayer.push(arguments)
}

export function consentEffects(config: ConsentConfig): Partial<ConsentActions> {
  // The landing address as it is now: the visitor may follow a link before a choice is made.
  const landing = window.location.search
  return {
    announceDefaults: () => gtag('consent', 'default', CONSENT_MODE_DEFAULTS),
    store: (_, { choice }) => writeCookie(consentCookie(choice, Date.now(), config.cookiesCrossOrigin)),
    apply: (_, { previous, choice }) => {
      const nothing = !CONSENT_CATEGORIES.some((c) => choice[c])
      // The defaults (all denied) stand until a choice allows something or changes one.
      if (previous !== null || !nothing) gtag('consent', 'update', consentModeUpdate(choice))
      const gone = withdrawn(previous, choice)
      // The cookie list comes with a withdrawal, not with every page.
      if (gone.length) void import('./consent-withdraw.ts').then(({ deleteCookiesOf }) => deleteCookiesOf(gone, config.analyticsClientIdCookie))
      if (nothing) return
      whenIdle(
        () =>
          void Promise.all([import('#app/features/marketing/load-external-scripts.ts'), import('#app/features/marketing/analytics.ts')]).then(
            ([{ scheduleExternalScripts }, { rememberUtm, rememberClientId }]) => {
              if (allows(choice, 'analytics')) {
                rememberUtm(config.cookiesCrossOrigin, landing)
                rememberClientId(config.analyticsClientIdCookie, config.cookiesCrossOrigin)
              }
              // The analytics script sets `_ga`: its id is copied once it has loaded.
              scheduleExternalScripts(config, choice, () => rememberClientId(config.analyticsClientIdCookie, config.cookiesCrossOrigin))
            },
          ),
      )
    },
  }
}
