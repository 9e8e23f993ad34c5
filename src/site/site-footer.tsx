import { legalHref } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { CookieSettingsLink } from './consent.tsx'
import { LEGAL_DOCUMENT_LINKS } from './legal-documents.ts'

export function SiteFooter() {
  const { product, brandInfo } = useSite()
  const locale = getLocale()
  const links: { href: string; label: string; testId?: string }[] = [
    ...LEGAL_DOCUMENT_LINKS.map((d) => ({ href: legalHref(locale, d.path), label: d.label() })),
    // Decision 073: the seller's details, for Russian visitors only.
    ...(locale === 'ru' ? [{ href: '/ru/requisites', label: m.page_requisites_heading(), testId: 'footer-requisites' }] : []),
    // Decision 076: the Impressum, for German visitors.
    ...(locale === 'de' ? [{ href: '/de/impressum', label: m.impressum_footer(), testId: 'footer-impressum' }] : []),
  ]
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={m.footer_legal_label()}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} data-testid={link.testId}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <CookieSettingsLink testId="footer-cookie-settings" />
            </li>
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
