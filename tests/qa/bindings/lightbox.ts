/** R3, R4.22, R9.13: the picture lightbox, met in the premium page's monitor gallery on a desktop (decision 122). */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'

const lightbox = (w: World) => w.page.getByTestId('lightbox')
const firstThumb = (w: World) =>
  w.page
    .getByRole('region', { name: msg('en', 'premium_gallery_title') })
    .getByTestId('gallery-thumb')
    .first()

export const lightboxBinding: Binding = {
  machine: 'lightbox',
  viewport: { width: 1280, height: 800 },
  starts: {
    'a page load': {
      words: 'a visitor on the Premium page, on a desktop',
      open: async (w) => {
        await w.page.goto('/en/premium')
        await whenInteractive(w)
        await firstThumb(w).scrollIntoViewIfNeeded()
      },
    },
  },
  events: {
    // Whichever picture the model names, the visitor opens the gallery's first: the page shows the
    // picture it was asked for, and that is what is checked.
    'lightbox.open': {
      by: 'visitor',
      words: () => 'opens the first picture of the gallery',
      act: (w) => firstThumb(w).click(),
    },
    'lightbox.close': {
      by: 'visitor',
      words: () => 'presses Escape',
      act: (w) => w.page.keyboard.press('Escape'),
    },
  },
  unreachableAt: (event, before) =>
    event.type === 'lightbox.open' && before.matches('open')
      ? 'a picture opened over an open one: the open lightbox covers the gallery, so no thumbnail can be clicked'
      : null,
  view: (state) =>
    state.matches('open')
      ? {
          words: 'the picture is shown large, with its name',
          see: async (w) => {
            await expect(lightbox(w)).toBeVisible()
            await expect(lightbox(w).locator('img')).toHaveAttribute('src', '/images/gallery/skin-01-big.webp')
            await expect(lightbox(w).locator('figcaption')).toHaveText(msg('en', 'gallery_item_1_name'))
            await expect(w.page.getByRole('button', { name: msg('en', 'gallery_close') })).toBeVisible()
          },
        }
      : {
          words: 'no picture is shown large: the gallery shows',
          see: async (w) => {
            await expect(lightbox(w)).toHaveCount(0)
            await expect(firstThumb(w)).toBeVisible()
          },
        },
}
