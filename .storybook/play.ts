import { expect, waitFor } from 'storybook/test'

/** Waits until an element has faded in (toasts, dialogs and the lightbox animate their opacity). */
export async function expectVisible(element: HTMLElement | Promise<HTMLElement>): Promise<void> {
  const el = await element
  await waitFor(() => expect(el).toBeVisible(), { timeout: 4000 })
}
