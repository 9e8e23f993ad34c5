/**
 * The marketing pictures and their widths (R9: 16 big and 16 small gallery images, plus a
 * 640 wide one each for `srcset`). `scripts/make-gallery-images.mjs` draws every file. Plain
 * data, so a page that shows one picture does not load the gallery's component.
 */

import type { AreaKey } from '#app/content/area-key.ts'
import type * as galleryText from '#app/content/messages/gallery.ts'

export const GALLERY_BIG = { width: 1280, height: 800 } as const
export const GALLERY_SMALL = { width: 320, height: 200 } as const

/** R9: the premium monitor gallery's pictures by name, in order (the compiler checks each key). */
const GALLERY_NAMES = [
  'gallery_item_1_name',
  'gallery_item_2_name',
  'gallery_item_3_name',
  'gallery_item_4_name',
  'gallery_item_5_name',
  'gallery_item_6_name',
  'gallery_item_7_name',
  'gallery_item_8_name',
  'gallery_item_9_name',
  'gallery_item_10_name',
  'gallery_item_11_name',
  'gallery_item_12_name',
  'gallery_item_13_name',
  'gallery_item_14_name',
  'gallery_item_15_name',
  'gallery_item_16_name',
] as const satisfies readonly AreaKey<typeof galleryText>[]

/** R9: the premium monitor gallery, 16 big and 16 small images (and a 640 wide one between). */
export const GALLERY_ITEMS = GALLERY_NAMES.map((nameKey, i) => {
  const n = String(i + 1).padStart(2, '0')
  const big = `/images/gallery/skin-${n}-big.webp`
  const small = `/images/gallery/skin-${n}-small.webp`
  return {
    id: i + 1,
    nameKey,
    big,
    small,
    /** Every width of the picture, for `srcset` (scripts/make-gallery-images.mjs makes them). */
    srcSet: `${small} 320w, /images/gallery/skin-${n}-640.webp 640w, ${big} 1280w`,
  }
})

/** The monitor's picture: the screen is at most 800 px wide (820 minus its frame), else the page width minus its margins and frame. */
export const MONITOR_SIZES = '(max-width: 852px) calc(100vw - 52px), 800px'
