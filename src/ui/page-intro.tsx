import type { ReactNode } from 'react'

/** The heading and introductory copy every page opens with. */
export function PageIntro({ heading, intro, children }: { heading: string; intro: string; children?: ReactNode }) {
  return (
    <section className="page-intro">
      <h1>{heading}</h1>
      <p className="page-intro__lead">{intro}</p>
      {children}
    </section>
  )
}
