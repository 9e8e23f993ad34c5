import { legalHref } from '#app/features/locale/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { useSite } from './use-site.ts'

export function SiteFooter() {
  const { product, brandInfo } = useSite()
  const locale = getLocale()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={m.footer_legal_label()}>
          <ul className="site-footer__links">
            <li>
              <a href={legalHref(locale, 'oferta')}>{m.footer_oferta()}</a>
            </li>
            <li>
              <a href={legalHref(locale, 'user-license')}>{m.footer_user_license()}</a>
            </li>
            <li>
              <a href={legalHref(locale, 'policy')}>{m.footer_policy()}</a>
            </li>
            <li>
              <a href={legalHref(locale, 'cookies-policy')}>{m.footer_cookies_policy()}</a>
            </li>
            {/* Decision 073: the seller's details, for Russian visitors only. */}
            {locale === 'ru' ? (
              <li>
                <a href="/ru/requisites" data-testid="footer-requisites">
                  {m.page_requisites_heading()}
                </a>
              </li>
            ) : null}
            {/* Decision 076: the Impressum, for German visitors. */}
            {locale === 'de' ? (
              <li>
                <a href="/de/impressum" data-testid="footer-impressum">
                  {m.impressum_footer()}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="site-footer__support">
          {m.footer_support()}:{' '}
          <a href={`mailto:${brandInfo.supportEmail}`} data-testid="support-email">
            {brandInfo.supportEmail}
          </a>
        </p>
        <p className="site-footer__rights">{m.footer_rights({ year: String(new Date().getUTCFullYear()), product })}</p>
      </div>
    </footer>
  )
}
