/**
 * What the stories under src/ have in common: the site's page area as a story's frame, the live
 * values a demo shows next to the component (a machine's state, the router's location) and the
 * check that reads them, typing into a form field, a story in another language, and the first
 * step of every route page story (the page, its one heading, its language).
 */
import { Fragment, type ReactNode } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { Locale } from '#machines/rules/locale.ts'
import { expectPage, storyProduct } from './pages.tsx'
import type { SiteParameters } from './site.tsx'

/** The story's parameters for a component shown in the site's page area, as a page has it, instead of the padded story frame. */
export const IN_PAGE_AREA: { site: SiteParameters } = { site: { layout: 'page' } }

/** One live value of a demo, `Label: value`; the checks find it by its test id. */
export function Readout({ label, testId, value }: { label: string; testId: string; value: ReactNode }) {
  return (
    <p>
      {label}: <output data-testid={testId}>{value}</output>
    </p>
  )
}

export interface Fact {
  term: string
  value: ReactNode
  /** Set on a value a check reads. */
  testId?: string
}

/** Live values as a list of terms and values (the `.facts` list). */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="facts">
      {facts.map(({ term, value, testId }) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd data-testid={testId}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/** Waits until the readout or fact with this test id says `text`. */
export async function expectReadout(canvasElement: HTMLElement, testId: string, text: string | RegExp): Promise<void> {
  await waitFor(() => expect(within(canvasElement).getByTestId(testId)).toHaveTextContent(text))
}

/** Types `text` into the form field labelled `label` (the label may say more, e.g. that the field is required). */
export async function typeIntoField(canvasElement: HTMLElement, label: string, text: string): Promise<void> {
  await userEvent.type(await within(canvasElement).findByLabelText(label, { exact: false }), text)
}

/** The story in a language of the site (the `locale` global); the rest as given. */
export function inLocale<S extends { globals?: object }>(locale: Locale, story?: S): S & { globals: { locale: Locale } } {
  return { ...story, globals: { ...story?.globals, locale } } as S & { globals: { locale: Locale } }
}

/** A page heading's message, which names the product. */
export type PageHeading = (inputs: { product: string }) => string

interface PageContext {
  canvasElement: HTMLElement
  globals: Record<string, unknown>
}

/**
 * The play function of a route page story: the page has opened in the story's language with
 * `heading` as its one heading (the product named as the story's brand has it), then `check`
 * runs on the page's main region.
 */
export function onPage<C extends PageContext>(heading: PageHeading, check: (main: ReturnType<typeof within>, context: C) => Promise<void>) {
  return async (context: C): Promise<void> => {
    const main = await expectPage(context.canvasElement, heading({ product: storyProduct(context.globals) }))
    await check(within(main), context)
  }
}
