import { getLocale } from '~/paraglide/runtime'
import { m } from '~/paraglide/messages'
import { PageIntro } from './page-intro'

/**
 * Legal documents exist in Russian and English. A German page keeps the German chrome and
 * says that the English text applies (see docs/decisions/003-legal-pages-in-german.md).
 */
export function LegalPage({ heading, intro }: { heading: string; intro: string }) {
  const locale = getLocale()
  return (
    <PageIntro heading={heading} intro={intro}>
      {locale === 'de' ? (
        <p className="notice" role="note" data-testid="legal-language-notice">{m.legal_de_notice()}</p>
      ) : null}
    </PageIntro>
  )
}
