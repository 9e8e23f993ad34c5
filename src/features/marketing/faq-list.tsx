import { useCallback, useEffect, useState } from 'react'
import { FAQ_GROUPS } from '#app/content/faq.ts'
import * as faqText from '#app/content/messages/faq.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { RichText, t } from '#app/ui/text.tsx'

const ANCHORS: ReadonlySet<string> = new Set(FAQ_GROUPS.flatMap((g) => g.items.map((i) => i.anchor)))

function hashAnchor(): string | null {
  try {
    const a = decodeURIComponent(window.location.hash.slice(1))
    return ANCHORS.has(a) ? a : null
  } catch {
    return null
  }
}

/**
 * The FAQ, grouped. Every answer is a <details> with its anchor as id: a link to `#anchor`
 * (on load or later, through `hashchange`) opens that answer and scrolls to it.
 */
export function FaqList() {
  const { product, brandInfo } = useSite()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())

  const openFromHash = useCallback(() => {
    const anchor = hashAnchor()
    if (!anchor) return
    setOpen((prev) => (prev.has(anchor) ? prev : new Set(prev).add(anchor)))
    requestAnimationFrame(() => {
      const el = document.getElementById(anchor)
      el?.scrollIntoView({ block: 'start' })
      el?.querySelector('summary')?.focus({ preventScroll: true })
    })
  }, [])

  useEffect(() => {
    openFromHash()
    window.addEventListener('hashchange', openFromHash)
    return () => window.removeEventListener('hashchange', openFromHash)
  }, [openFromHash])

  const toggle = (anchor: string, isOpen: boolean) =>
    setOpen((prev) => {
      if (prev.has(anchor) === isOpen) return prev
      const next = new Set(prev)
      if (isOpen) next.add(anchor)
      else next.delete(anchor)
      return next
    })

  const inputs = { product, email: brandInfo.supportEmail }
  return (
    <div className="faq">
      <nav className="faq__topics" aria-label={m.mk_faq_groups_label()}>
        <ul>
          {FAQ_GROUPS.map((group) => (
            <li key={group.id}>
              <a href={`#faq-${group.id}`}>{t(faqText, group.title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_GROUPS.map((group) => (
        <section key={group.id} className="faq__group" aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`} className="section-title section-title--sm">
            {t(faqText, group.title)}
          </h2>
          <div className="faq__items">
            {group.items.map((item) => (
              <details
                key={item.anchor}
                id={item.anchor}
                className="faq-item"
                open={open.has(item.anchor)}
                onToggle={(e) => toggle(item.anchor, e.currentTarget.open)}
                data-testid="faq-item"
              >
                <summary className="faq-item__summary">
                  <h3 className="faq-item__question">{t(faqText, item.q)}</h3>
                  <span className="faq-item__chevron" aria-hidden="true" />
                </summary>
                <RichText className="faq-item__answer" text={t(faqText, item.a, inputs)} />
              </details>
            ))}
          </div>
        </section>
      ))}
      <aside className="callout">
        <h2 className="callout__title">{m.mk_faq_more_title()}</h2>
        <RichText text={m.mk_faq_more_text({ email: brandInfo.supportEmail })} />
      </aside>
    </div>
  )
}
