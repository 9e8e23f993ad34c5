/**
 * Test viewports. A story that needs a phone width sets the `phone` viewport, which resizes the
 * frame in the Storybook UI and the page in the stories test alike, and says so with a tag too,
 * so the preview can tell when such a story renders wide:
 *
 *   export const MobileMenu: Story = { tags: ['mobile'], globals: { ...PHONE_GLOBALS }, play: ... }
 *
 * Every other story runs in the stories test at `desktop` (vitest.stories.config.ts).
 */
export interface Size {
  width: number
  height: number
}

/** Everything without a viewport tag: a desktop window, wider than the site's 860 px breakpoint. */
export const DESKTOP: Size = { width: 1280, height: 800 }
/** A current phone in portrait. */
export const PHONE: Size = { width: 390, height: 844 }

/** The Storybook viewport option of the same size (`parameters.viewport.options` in the preview). */
export const VIEWPORT_OPTIONS = {
  desktop: { name: `Desktop (${DESKTOP.width} × ${DESKTOP.height})`, styles: { width: `${DESKTOP.width}px`, height: `${DESKTOP.height}px` }, type: 'desktop' },
  phone: { name: `Phone (${PHONE.width} × ${PHONE.height})`, styles: { width: `${PHONE.width}px`, height: `${PHONE.height}px` }, type: 'mobile' },
} as const

/** The Storybook UI's viewport for a phone-width story (its test tag is `mobile`). */
export const PHONE_GLOBALS = { viewport: { value: 'phone', isRotated: false } }
