import { useHydrated } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { LEGAL_DOCUMENTS, type LegalDocumentId } from '#app/content/legal.ts'
import * as legalText from '#app/content/messages/legal.ts'
import { legalHref } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { RichText, t } from '#app/ui/text.tsx'
import { LEGAL_DOCUMENT_LINKS } from './legal-documents.ts'

/**
 * A full legal document: its revision date, a table of contents and every section with its
 * anchor; `{product}`, `{email}` and `{operator}` are filled from the brand. Documents exist in
 * Russian and English; a German page keeps the German chrome, says so, and shows the English
 * text (docs/decisions/003-legal-pages-in-german.md).
 */
export function LegalPage({
  heading,
  intro,
  document,
  extra,
}: {
  heading: string
  intro: string
  document: LegalDocumentId
  /** What follows a section's text, by anchor, in the page's language (the cookie policy's list and settings). */
  extra?: Partial<Record<string, ReactNode>>
}) {
  const locale = getLocale()
  const textLocale = locale === 'de' ? 'en' : locale
  const { product, brandInfo, config } = useSite()
  const doc = LEGAL_DOCUMENTS[document]
  const hydrated = useHydrated()
  const inputs = {
    product,
    email: brandInfo.supportEmail,
    // The operator as the Impressum and the requisites name it, when the settings name one; else who answers for it.
    operator: config.operator
      ? [config.operator.name, config.operator.address].filter(Boolean).join(', ')
      : t(legalText, 'legal_operator_details', { product }, textLocale),
  }
  return (
    <>
      <PageIntro heading={heading} intro={intro}>
        {locale === 'de' ? (
          <p className="notice" role="note" data-testid="legal-language-notice">
            {m.legal_de_notice()}
          </p>
        ) : null}
      </PageIntro>
      <div className="legal" data-hydrated={hydrated} data-testid="legal-document" data-document={document}>
        <aside className="legal__aside">
          <nav className="legal__toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title" className="legal__toc-title">
              {m.mk_legal_toc()}
            </h2>
            <ol lang={textLocale}>
              {doc.sections.map((s) => (
                <li key={s.anchor}>
                  <a href={`#${s.anchor}`}>{t(legalText, s.title, inputs, textLocale)}</a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <div className="legal__main">
          <article className="legal__body" lang={textLocale}>
            <p className="legal__updated">{t(legalText, doc.updated, inputs, textLocale)}</p>
            <dl className="legal__meta" data-testid="legal-operator">
              <div>
                <dt>{t(legalText, 'legal_operator_label', {}, textLocale)}</dt>
                <dd>{inputs.operator}</dd>
              </div>
              <div>
                <dt>{t(legalText, 'legal_support_label', {}, textLocale)}</dt>
                <dd>
                  <a href={`mailto:${inputs.email}`}>{inputs.email}</a>
                </dd>
              </div>
            </dl>
            {doc.sections.map((s) => (
              <section key={s.anchor} id={s.anchor} className="legal__section" data-testid="legal-section">
                <h2 className="legal__section-title">{t(legalText, s.title, inputs, textLocale)}</h2>
                <RichText text={t(legalText, s.body, inputs, textLocale)} />
                {extra?.[s.anchor] ? <div lang={locale}>{extra[s.anchor]}</div> : null}
              </section>
            ))}
          </article>
          <nav className="legal__others" aria-labelledby="legal-others-title">
            <h2 id="legal-others-title" className="legal__toc-title">
              {m.mk_legal_other_documents()}
            </h2>
            <ul>
              {LEGAL_DOCUMENT_LINKS.filter((d) => d.id !== document).map((d) => (
                <li key={d.id}>
                  <a href={legalHref(locale, d.path)}>{d.label()}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  )
}
