import { useEffect, useId, useMemo, useRef, useState } from 'react'
import * as wikiText from '#app/content/messages/wiki.ts'
import { WIKI_ARTICLES, WIKI_UI } from '#app/content/wiki.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { Icon } from '#app/ui/icons.tsx'
import { RichText, t } from '#app/ui/text.tsx'
import { filterArticles, type SearchableArticle } from './wiki-search.ts'

/** The wiki: a table of contents, the articles with their sections, and an on-page search. */
export function Wiki() {
  const { product, brandInfo } = useSite()
  const [query, setQuery] = useState('')
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  // What the visitor typed before the page was interactive is the search (issue 15).
  useEffect(() => {
    if (input.current && input.current.value !== '') setQuery(input.current.value)
  }, [])
  const articles: SearchableArticle[] = useMemo(
    () =>
      WIKI_ARTICLES.map((a) => ({
        anchor: a.anchor,
        title: t(wikiText, a.title),
        summary: t(wikiText, a.summary),
        sections: a.sections.map((s) => ({
          anchor: s.anchor,
          title: t(wikiText, s.title),
          body: t(wikiText, s.body, { product, email: brandInfo.supportEmail }),
        })),
      })),
    [product, brandInfo.supportEmail],
  )
  const shown = useMemo(() => filterArticles(articles, query), [articles, query])
  const searching = query.trim().length > 0

  return (
    <div className="wiki">
      <aside className="wiki__sidebar" aria-labelledby={`${inputId}-toc`}>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet in every browser the site supports */}
        <div className="wiki__search" role="search">
          <label htmlFor={inputId} className="wiki__search-label">
            {t(wikiText, WIKI_UI.searchLabel)}
          </label>
          <div className="wiki__search-field">
            <Icon name="search" size={18} className="wiki__search-icon" />
            <input
              ref={input}
              id={inputId}
              type="search"
              value={query}
              placeholder={t(wikiText, WIKI_UI.searchPlaceholder)}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              data-testid="wiki-search"
            />
            {searching ? (
              <button type="button" className="wiki__search-clear" onClick={() => setQuery('')} aria-label={m.mk_wiki_clear()}>
                ×
              </button>
            ) : null}
          </div>
        </div>
        <nav className="wiki__toc" aria-labelledby={`${inputId}-toc`} data-testid="wiki-toc">
          <h2 id={`${inputId}-toc`} className="wiki__toc-title">
            {t(wikiText, WIKI_UI.tocTitle)}
          </h2>
          <ol>
            {shown.map((article) => (
              <li key={article.anchor}>
                <a href={`#${article.anchor}`} className="wiki__toc-article">
                  {article.title}
                </a>
                <ol>
                  {article.sections.map((s) => (
                    <li key={s.anchor}>
                      <a href={`#${s.anchor}`}>{s.title}</a>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <div className="wiki__content">
        <p className="wiki__status" role="status" aria-live="polite">
          {searching ? (shown.length ? m.mk_wiki_results({ query: query.trim() }) : '') : ''}
        </p>
        {shown.length === 0 ? (
          <p className="wiki__empty" data-testid="wiki-empty">
            {t(wikiText, WIKI_UI.searchEmpty)}
          </p>
        ) : (
          shown.map((article) => (
            <article key={article.anchor} id={article.anchor} className="wiki-article" data-testid="wiki-article">
              <header className="wiki-article__header">
                <h2 className="wiki-article__title">{article.title}</h2>
                <p className="wiki-article__summary">{article.summary}</p>
              </header>
              {article.sections.map((s) => (
                <section key={s.anchor} id={s.anchor} className="wiki-section" data-testid="wiki-section">
                  <h3 className="wiki-section__title">
                    <a href={`#${s.anchor}`}>{s.title}</a>
                  </h3>
                  <RichText text={s.body} />
                </section>
              ))}
            </article>
          ))
        )}
        <aside className="callout" aria-labelledby={`${inputId}-help`}>
          <h2 id={`${inputId}-help`} className="callout__title">
            {m.mk_wiki_help_title()}
          </h2>
          <RichText text={m.mk_wiki_help_text({ email: brandInfo.supportEmail })} />
        </aside>
      </div>
    </div>
  )
}
