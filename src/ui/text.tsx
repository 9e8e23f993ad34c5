import { Fragment } from 'react'
import type { AreaKey, MessageFn } from '#app/content/area-key.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { splitEmails, textBlocks } from './rich-text.ts'

/**
 * A message by its key, for the content indexes in src/content (keys are data there). `area` is
 * the generated module of that area's messages (`import * as faqText from '#app/content/messages/faq.ts'`):
 * looking keys up there, not in every message, keeps other areas' texts out of the page's code,
 * and the compiler checks every key against that area.
 */
export function t<Area>(area: Area, key: AreaKey<Area>, inputs: Record<string, string> = {}, locale?: Locale): string {
  const fn = area[key] as MessageFn
  return fn(inputs, locale ? { locale } : undefined)
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {splitEmails(text).map((part, i) =>
        part.email ? (
          <a key={i} href={`mailto:${part.text}`}>
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

/** Copy with paragraphs (blank lines) and lists ("- " lines); e-mail addresses become links. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'}>
      {textBlocks(text).map((block, i) =>
        block.type === 'p' ? (
          <p key={i}>
            <Inline text={block.text} />
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  )
}
