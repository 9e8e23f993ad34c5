/**
 * Test viewports. A story that needs a phone width says so with a tag (`index.json` carries
 * tags, not parameters), and the stories test opens it at that size; the same story's
 * `globals.viewport` resizes the frame in the Storybook UI:
 *
 *   export const MobileMenu: Story = { tags: ['mobile'], globals: { ...PHONE_GLOBALS }, play: ... }
 *
 * The tag must be written out in the story: Storybook reads tags from the source without
 * running it, so a tag that comes from a spread or an import never reaches `index.json`.
 * No imports here: the stories test (Node) reads this file too.
 */
export interface Size {
  width: number
  height: number
}

/** Everything without a viewport tag: a desktop window, wider than the site's 860 px breakpoint. */
export const DESKTOP: Size = { width: 1280, height: 800 }
/** A current phone in portrait. */
export const PHONE: Size = { width: 390, height: 844 }

/** Tag → the size the stories test opens the story at. */
export const VIEWPORT_TAGS: Record<string, Size> = { mobile: PHONE }

/** The size for a story with these tags (the first viewport tag wins). */
export function viewportFor(tags: readonly string[] | undefined): Size {
  const tag = tags?.find((t) => t in VIEWPORT_TAGS)
  return tag ? VIEWPORT_TAGS[tag]! : DESKTOP
}

/** The Storybook viewport option of the same size (`parameters.viewport.options` in the preview). */
export const VIEWPORT_OPTIONS = {
  phone: { name: `Phone (${PHONE.width} × ${PHONE.height})`, styles: { width: `${PHONE.width}px`, height: `${PHONE.height}px` }, type: 'mobile' },
} as const

/** The Storybook UI's viewport for a phone-width story (its test tag is `mobile`). */
export const PHONE_GLOBALS = { viewport: { value: 'phone', isRotated: false } }
