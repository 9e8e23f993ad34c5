import { Link } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { legalHref } from '~/lib/locale'
import { useSite } from '~/lib/use-site'
import { useSession } from '~/lib/use-session'
import { LanguageSwitcher } from './language-switcher'

export function SiteHeader() {
  const { product } = useSite()
  const session = useSession()
  const locale = getLocale()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={product}>
          <span className="brand__mark" aria-hidden="true">◆</span>
          <span className="brand__name">{product}</span>
        </Link>
        <nav className="main-nav" aria-label={m.nav_main_label()}>
          <ul>
            <li><Link to="/premium">{m.nav_premium()}</Link></li>
            <li><Link to="/promo">{m.nav_promo()}</Link></li>
            <li><Link to="/wiki">{m.nav_wiki()}</Link></li>
            <li><a href={legalHref(locale, 'faq')}>{m.nav_faq()}</a></li>
            <li><a href={legalHref(locale, 'cs-go')}>{m.nav_csgo()}</a></li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          {session.loggedIn ? (
            <Link to="/account" className="button button--ghost" data-testid="account-link">{m.nav_account()}</Link>
          ) : (
            <Link to="/login" className="button button--ghost" data-testid="login-link">{m.nav_login()}</Link>
          )}
        </div>
      </div>
    </header>
  )
}
