/**
 * Helpers for page stories: a page of the site rendered by its own route file (`StoryRoute`),
 * one story per language, and the checks every page story makes.
 */
import type { AnyRoute } from '@tanstack/react-router'
import { expect, within } from 'storybook/test'
import { productName } from '#app/core/meta-tags.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { type BrandId, parseConfig } from '#config'
import type { Locale } from '#machines/rules/locale.ts'
import type { SiteParameters } from './site.tsx'

export const PAGE_LOCALES = ['en', 'ru', 'de'] as const satisfies readonly Locale[]

const brands = parseConfig({}).brands

/** The product name the page shows for the story's brand, in the story's language. */
export function storyProduct(globals: Record<string, unknown>): string {
  const brand: BrandId = globals.brand === 'mirror' ? 'mirror' : 'original'
  return productName(brands[brand], getLocale())
}

/** The site parameters of a route page at `path` (the router's location), with the page's chrome. */
export function routePage(
  file: AnyRoute,
  routePath: string,
  path: string,
  extra: Omit<SiteParameters, 'route' | 'path'> = {},
  layout?: '_guests',
): { site: SiteParameters } {
  return { site: { layout: 'chrome', ...extra, path, route: { file, path: routePath, layout } } }
}

/** The page opened in the story's language: its one heading says `heading`, `<html lang>` is the language. */
export async function expectPage(canvasElement: HTMLElement, heading: string): Promise<HTMLElement> {
  // The frame renders once its router has loaded.
  const main = await within(canvasElement).findByRole('main')
  const h1 = await within(main).findByRole('heading', { level: 1 })
  await expect(h1).toHaveTextContent(heading)
  await expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1)
  await expect(document.documentElement.lang).toBe(getLocale())
  return main
}

/** Cyrillic letters: a Russian text has them, an English or German one has none. */
export const CYRILLIC = /[А-Яа-яЁё]/u
