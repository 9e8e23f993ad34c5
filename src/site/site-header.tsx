import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { AuthActor } from '#app/features/account/auth-actor.ts'
import { LanguageSwitcher } from '#app/features/locale/language-switcher.tsx'
import { legalHref } from '#app/features/locale/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { isLoggedIn } from '#machines/auth.ts'
import { hasScope, type Scope } from './scope.ts'
import { MenuActor } from './ui-actors.tsx'
import { useSite } from './use-site.ts'

export function SiteHeader() {
  const { product } = useSite()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  const premium = AuthActor.useSelector((s) => hasScope(s.context.user as { scope?: Scope } | null, 'premium'))
  const menuOpen = MenuActor.useSelector((s) => s.matches('open'))
  const menu = MenuActor.useActorRef()
  const locale = getLocale()
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
              <li>
                <Link to="/premium" activeProps={{ 'aria-current': 'page' }}>
                  {m.nav_premium()}
                </Link>
              </li>
              <li>
                <Link to="/promo" activeProps={{ 'aria-current': 'page' }}>
                  {m.nav_promo()}
                </Link>
              </li>
              <li>
                <Link to="/wiki" activeProps={{ 'aria-current': 'page' }}>
                  {m.nav_wiki()}
                </Link>
              </li>
              <li>
                <a href={legalHref(locale, 'faq')}>{m.nav_faq()}</a>
              </li>
              <li>
                <a href={legalHref(locale, 'cs-go')}>{m.nav_csgo()}</a>
              </li>
            </ul>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitcher />
            {loggedIn ? (
              <Link to="/account" className="button button--ghost" data-testid="account-link">
                {m.nav_account()}
                {premium ? (
                  <span className="badge badge--ok" data-testid="premium-badge">
                    {m.nav_premium()}
                  </span>
                ) : null}
              </Link>
            ) : (
              <Link to="/login" className="button button--ghost" data-testid="login-link">
                {m.nav_login()}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  )
}
