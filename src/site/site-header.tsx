import { Link, useRouterState } from '@tanstack/react-router'
import { useRef } from 'react'
import { AuthActor } from '#app/core/auth-actor.ts'
import { type LegalPage, legalHref } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { LanguageSwitcher } from '#app/site/language-switcher.tsx'
import { MenuActor } from '#app/ui/ui-actors.tsx'
import { isLoggedIn } from '#machines/auth-selectors.ts'
import { signInReturn } from '#machines/rules/redirect.ts'
import { type Scope, type SubscriberBadge, subscriberBadge } from './scope.ts'

/** The main menu's pages the router opens (the current one is marked). */
const ROUTED_PAGES = [
  { to: '/premium', label: m.nav_premium },
  { to: '/promo', label: m.nav_promo },
  { to: '/wiki', label: m.nav_wiki },
] as const

/** The main menu's info pages, linked by their address: under /ru in Russian, /en in every other language (R2). */
const ADDRESSED_PAGES = [
  { path: 'faq', label: m.nav_faq },
  { path: 'cs-go', label: m.nav_csgo },
] as const satisfies readonly { path: LegalPage; label: () => string }[]

/** The badge's words: the trial as the account names it, Premium as the menu does. */
const BADGE_WORDS: Record<NonNullable<SubscriberBadge>, () => string> = {
  trial: m.acc_sub_trial,
  premium: m.nav_premium,
}

export function SiteHeader() {
  const { product } = useSite()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  const badge = AuthActor.useSelector((s) => subscriberBadge(s.context.user as { scope?: Scope; subscription?: unknown } | null))
  const menuOpen = MenuActor.useSelector((s) => s.matches('open'))
  const menu = MenuActor.useActorRef()
  const locale = getLocale()
  // Sign-in returns to the page it was opened from.
  const back = useRouterState({ select: (s) => signInReturn(s.location.publicHref) })
  const toggle = useRef<HTMLButtonElement>(null)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the header closes the open menu (its controls are the buttons inside)
    <header
      className="site-header"
      data-menu={menuOpen ? 'open' : 'closed'}
      onKeyDown={(e) => {
        // Escape closes the open menu from anywhere in the header and gives focus back to its button.
        if (e.key !== 'Escape' || !menuOpen) return
        menu.send({ type: 'menu.close' })
        toggle.current?.focus()
      }}
    >
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand__name">{product}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? m.nav_menu_close() : m.nav_menu_open()}
          onClick={() => menu.send({ type: 'menu.toggle' })}
          data-testid="menu-toggle"
        >
          <span aria-hidden="true" className="menu-toggle__bars" />
        </button>
        <div id="site-menu" className="site-menu">
          <nav className="main-nav" aria-label={m.nav_main_label()}>
            <ul>
              {ROUTED_PAGES.map((page) => (
                <li key={page.to}>
                  <Link to={page.to} activeProps={{ 'aria-current': 'page' }}>
                    {page.label()}
                  </Link>
                </li>
              ))}
              {ADDRESSED_PAGES.map((page) => (
                <li key={page.path}>
                  <a href={legalHref(locale, page.path)}>{page.label()}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitcher />
            {loggedIn ? (
              <Link to="/account" className="button button--ghost" data-testid="account-link">
                {m.nav_account()}
                {badge ? (
                  <span className="badge badge--ok" data-testid="premium-badge" data-badge={badge}>
                    {BADGE_WORDS[badge]()}
                  </span>
                ) : null}
              </Link>
            ) : (
              <Link to="/login" search={back ? { redirect: back } : {}} className="button button--ghost" data-testid="login-link">
                {m.nav_login()}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  )
}
