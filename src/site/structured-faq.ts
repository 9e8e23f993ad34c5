/**
 * R2.21: the FAQ's questions and answers for its structured data, from the content the page shows
 * (src/content/faq.ts, in display order), in the page's language, the answers' paragraphs and list
 * lines as the page splits them.
 */
import { FAQ_GROUPS } from '#app/content/faq.ts'
import * as faqText from '#app/content/messages/faq.ts'
import { textBlocks } from '#app/ui/rich-text.ts'
import { t } from '#app/ui/text.tsx'
import type { Locale } from '#machines/rules/locale.ts'
import type { FaqEntry } from './structured-data.ts'

/** Every question of the FAQ with its answer as plain text: paragraphs apart by a blank line, list lines starting with "- ". */
export function faqEntries(locale: Locale, inputs: { product: string; email: string }): FaqEntry[] {
  return FAQ_GROUPS.flatMap((group) =>
    group.items.map((item) => ({
      question: t(faqText, item.q, {}, locale),
      answer: textBlocks(t(faqText, item.a, inputs, locale))
        .map((block) => (block.type === 'p' ? block.text : block.items.map((line) => `- ${line}`).join('\n')))
        .join('\n\n'),
    })),
  )
}
