import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { legalHref } from '#app/core/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Route as CsGoRoute } from '#app/routes/cs-go.tsx'
import { routePage } from '#stories/pages.tsx'
import { RoutePage } from '#stories/site.tsx'
import { onPage } from '#stories/support.tsx'

/** R3: the CS:GO page (game version 2), rendered by its route file, in each language. */
const meta = {
  title: 'Pages/CS:GO',
  component: RoutePage,
  // An object literal: Storybook adds the description above to it (a bare call would be replaced).
  parameters: { ...routePage(CsGoRoute, '/cs-go', '/cs-go') },
  play: onPage(m.page_csgo_heading, async (page) => {
    // What differs from CS2, in three cards.
    const differences = page.getByRole('heading', { name: m.csgo_differences_title() }).closest('section')!
    await expect(within(differences).getAllByRole('listitem')).toHaveLength(3)
    await expect(differences).toHaveTextContent(m.csgo_difference_1_title())
    // The CS:GO download, the FAQ on game versions and the way to CS2.
    await expect(page.getByTestId('download-link')).toHaveTextContent(m.csgo_download_cta())
    await expect(page.getByTestId('download-link')).toHaveAttribute('data-version', 'cs-go')
    await expect(page.getByRole('link', { name: m.mk_csgo_faq_link() })).toHaveAttribute('href', legalHref(getLocale(), 'faq', 'game-versions'))
    await expect(page.getByRole('link', { name: m.mk_csgo_cs2_link() })).toHaveAttribute('href', expect.stringMatching(/#download$/))
  }),
} satisfies Meta<typeof RoutePage>
export default meta
type Story = StoryObj<typeof meta>

export const English: Story = { globals: { locale: 'en' } }
export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
