/**
 * The wiki's on-page search. Pure: the articles arrive with their texts already resolved in
 * the page language. Every word of the query must occur (case, accents and ё/е ignored).
 * An article whose title or summary matches keeps all its sections; otherwise only the
 * sections whose title or body match are kept, and an article with none is dropped.
 */
export interface SearchableSection {
  anchor: string
  title: string
  body: string
}

export interface SearchableArticle {
  anchor: string
  title: string
  summary: string
  sections: SearchableSection[]
}

export function normalizeForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ё/g, 'е')
    .replace(/ß/g, 'ss')
    .replace(/[“”„«»"'’]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

export function queryWords(query: string): string[] {
  return normalizeForSearch(query).split(' ').filter(Boolean)
}

function matchesAll(haystack: string, words: string[]): boolean {
  const h = normalizeForSearch(haystack)
  return words.every((w) => h.includes(w))
}

export function filterArticles<A extends SearchableArticle>(articles: readonly A[], query: string): A[] {
  const words = queryWords(query)
  if (!words.length) return [...articles]
  const result: A[] = []
  for (const article of articles) {
    if (matchesAll(`${article.title} ${article.summary}`, words)) {
      result.push(article)
      continue
    }
    const sections = article.sections.filter((s) => matchesAll(`${article.title} ${s.title} ${s.body}`, words))
    if (sections.length) result.push({ ...article, sections })
  }
  return result
}
