import { useLocation } from '@tanstack/react-router'
import { switchLocaleHref } from '#app/core/locale.ts'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { CountryFlag } from '#app/ui/country-flag.tsx'
import { LOCALES, type Locale } from '#machines/rules/locale.ts'

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', de: 'Deutsch' }

/**
 * R2: a locale change stores the cookie and loads the same page in the other language.
 * A document navigation, so every message, meta tag and `<html lang>` is rendered anew.
 * The click is the locale machine's `locale.change`, in whatever state it is: the machine
 * stores the cookie and navigates. Before hydration, or opened in a new tab, it is a plain link.
 */
export function LanguageSwitcher() {
  const current = getLocale()
  const { publicHref } = useLocation()
  const localeActor = LocaleActor.useActorRef()
  return (
    <nav className="lang-switcher" aria-label={m.lang_switch_label()}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={switchLocaleHref(publicHref, locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              data-locale={locale}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                const change = { type: 'locale.change', locale, path: publicHref } as const
                if (!localeActor.getSnapshot().can(change)) return
                event.preventDefault()
                localeActor.send(change)
              }}
            >
              <CountryFlag locale={locale} size="small" />
              <span>{LANGUAGE_NAMES[locale]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
