import type { ReactNode } from 'react'
import { Icon } from '#app/ui/icons.tsx'

/** A section's heading (its id labels the section) and, when given, the lead paragraph under it. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {lead === undefined ? null : <p className="section-lead">{lead}</p>}
    </>
  )
}

/** A page section that opens with its heading; `className` adds to `section`. */
export function Section({ id, title, lead, className, children }: { id: string; title: string; lead?: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={id}>
      <SectionHeading id={id} title={title} lead={lead} />
      {children}
    </section>
  )
}

export interface FeatureCard {
  icon: string
  title: string
  text: string
}

/** A card's title and the text under it. */
export function CardText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h3 className="card__title">{title}</h3>
      <p className="card__text">{text}</p>
    </>
  )
}

/** Cards of three to a row, each with its icon, title and text. */
export function FeatureCards({ cards }: { cards: readonly FeatureCard[] }) {
  return (
    <ul className="card-grid card-grid--3">
      {cards.map((card) => (
        <li key={card.title} className="card feature">
          <span className="feature__icon">
            <Icon name={card.icon} />
          </span>
          <CardText title={card.title} text={card.text} />
        </li>
      ))}
    </ul>
  )
}

/** A list whose every item opens with its small icon. */
export function IconList({ className, items }: { className: string; items: readonly { icon: string; text: string }[] }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.text}>
          <Icon name={item.icon} size={18} />
          {item.text}
        </li>
      ))}
    </ul>
  )
}
