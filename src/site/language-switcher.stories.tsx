import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LocaleActor } from '#app/core/locale-provider.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { CountryFlag, type FlagSize } from '#app/ui/country-flag.tsx'
import { LOCALES } from '#machines/rules/locale.ts'
import { expectReadout, Readout } from '#stories/support.tsx'
import { LANGUAGE_NAMES, LanguageSwitcher } from './language-switcher.tsx'

/**
 * R2: the language switcher with country flags. A click asks the locale machine to load
 * the language; in Storybook the locale toolbar follows (the site loads the other page).
 */
function SwitcherWithState() {
  const state = LocaleActor.useSelector((s) => JSON.stringify(s.value))
  return (
    <div>
      <LanguageSwitcher />
      <Readout label="Locale machine" testId="locale-state" value={state} />
    </div>
  )
}

const meta = { title: 'Site/Language switcher', component: LanguageSwitcher, render: () => <SwitcherWithState /> } satisfies Meta<typeof LanguageSwitcher>
export default meta
type Story = StoryObj<typeof meta>

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('link', { name: LANGUAGE_NAMES.en })).toHaveAttribute('aria-current', 'true')
    await expectReadout(canvasElement, 'locale-state', 'ready')
  },
}
export const Russian: Story = {
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.ru })).toHaveAttribute('aria-current', 'true')
  },
}
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.de })).toHaveAttribute('aria-current', 'true')
  },
}

/**
 * A click on another language: the locale machine loads it, then the page is the other
 * language's (here the story's frame renders anew in German; the next story is English again).
 */
export const Switching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expectReadout(canvasElement, 'locale-state', 'ready')
    await expect(canvas.getByRole('link', { name: LANGUAGE_NAMES.de })).toHaveAttribute('href', expect.stringMatching(/^\/de(\/|$)/))
    await userEvent.click(canvas.getByRole('link', { name: LANGUAGE_NAMES.de }))
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    await expect(getLocale()).toBe('de')
    const german = await canvas.findByRole('link', { name: LANGUAGE_NAMES.de })
    await expect(german).toHaveAttribute('aria-current', 'true')
    await expect(canvas.getByRole('link', { name: LANGUAGE_NAMES.en })).not.toHaveAttribute('aria-current')
    await expect(canvas.getByRole('navigation')).toHaveAccessibleName(m.lang_switch_label({}, { locale: 'de' }))
    // The German page's machine has loaded German.
    await expectReadout(canvasElement, 'locale-state', 'ready')
  },
}

/**
 * The story after a switch, in the same document: no language of its own, so English, as on a
 * first visit (a story never inherits the language the one before it switched to).
 */
export const AfterSwitching: Story = {
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.lang).toBe('en')
    await expect(getLocale()).toBe('en')
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.en })).toHaveAttribute('aria-current', 'true')
  },
}

/** And the one after that, with a language of its own, gets it. */
export const RussianAfterSwitching: Story = {
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.lang).toBe('ru')
    await expect(await within(canvasElement).findByRole('link', { name: LANGUAGE_NAMES.ru })).toHaveAttribute('aria-current', 'true')
  },
}

function Flags({ size }: { size: FlagSize }) {
  return (
    <ul style={{ display: 'flex', gap: '1rem', listStyle: 'none', padding: 0 }}>
      {LOCALES.map((locale) => (
        <li key={locale} style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
          <CountryFlag locale={locale} size={size} />
          <span>{LANGUAGE_NAMES[locale]}</span>
        </li>
      ))}
    </ul>
  )
}
/** The flags in their three sizes. */
export const FlagsSmall: Story = { render: () => <Flags size="small" /> }
export const FlagsNormal: Story = { render: () => <Flags size="normal" /> }
export const FlagsBig: Story = { render: () => <Flags size="big" /> }
