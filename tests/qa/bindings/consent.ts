/**
 * R9.23–R9.25, R9.27, R9.28: the cookie banner, met on the home page on a desktop: a first visit,
 * one from a browser that sends Global Privacy Control, and visitors who chose before; "Cookie
 * settings" opens it as a dialog where the visitor is (decisions 122, 125).
 */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'

type Category = 'analytics' | 'marketing' | 'chat'
type Choice = Record<Category, boolean>
const CATEGORIES: readonly Category[] = ['analytics', 'marketing', 'chat']
const CATEGORY_WORDS: Record<Category, string> = { analytics: 'analytics', marketing: 'marketing', chat: 'the support chat' }

const banner = (w: World) => w.page.getByTestId('consent-banner')
const context = (s: Snap) => s.context as { choice: Choice | null; draft: Choice; gpc: boolean; dialog: boolean }
const today = () => new Date().toISOString().slice(0, 10)

/** A visitor who chose before: the cookie the site wrote then (version 2 of the policy, R9.24). */
async function chosenBefore(w: World, categories: string) {
  await w.page.context().addCookies([{ name: 'cookie_consent', value: `2.${categories}.${today()}`, domain: new URL(w.site).hostname, path: '/' }])
}

async function home(w: World, query = '') {
  await w.page.goto(`/en${query}`)
  await whenInteractive(w)
}

/** The settings as the visitor sees them: which switches are on. */
function settingsWords(draft: Choice): string {
  const on = CATEGORIES.filter((c) => draft[c]).map((c) => CATEGORY_WORDS[c])
  return `the cookie banner shows its settings, ${on.length ? `${on.join(' and ')} switched on` : 'every switch off'}`
}

const toggled = (event: TestEvent) => event as TestEvent & { category: Category; on: boolean }

export const consentBinding: Binding = {
  machine: 'consent',
  viewport: { width: 1280, height: 800 },
  starts: {
    'a first visit': { words: 'a visitor on the home page for the first time, on a desktop', open: (w) => home(w) },
    'a first visit from a browser that sends Global Privacy Control': {
      words: 'a visitor on the home page for the first time, with a browser that sends Global Privacy Control',
      open: async (w) => {
        await w.page.setExtraHTTPHeaders({ 'Sec-GPC': '1' })
        await home(w)
      },
    },
    'a visitor who allowed analytics and the chat': {
      words: 'a visitor who allowed analytics and the support chat before, on the home page',
      open: async (w) => {
        await chosenBefore(w, 'analytics-chat')
        await home(w)
      },
    },
    'a visitor who allowed everything, opening the page at the cookie settings': {
      words: 'a visitor who allowed everything before, opening the home page at its cookie settings',
      open: async (w) => {
        await chosenBefore(w, 'analytics-marketing-chat')
        await home(w, '?cookies=settings')
      },
    },
  },
  events: {
    'consent.acceptAll': { by: 'visitor', words: () => 'chooses “Accept all”', act: (w) => w.page.getByTestId('consent-accept').click() },
    'consent.rejectAll': { by: 'visitor', words: () => 'chooses “Reject all”', act: (w) => w.page.getByTestId('consent-reject').click() },
    'consent.settings': {
      by: 'visitor',
      words: () => 'opens the banner’s settings',
      act: (w) =>
        banner(w)
          .locator('summary', { hasText: msg('en', 'consent_settings') })
          .click(),
    },
    'consent.toggle': {
      by: 'visitor',
      words: (event) => `switches ${CATEGORY_WORDS[toggled(event).category]} ${toggled(event).on ? 'on' : 'off'}`,
      act: (w, event) => w.page.getByTestId(`consent-${toggled(event).category}`).setChecked(toggled(event).on),
    },
    'consent.save': { by: 'visitor', words: () => 'chooses “Save my choice”', act: (w) => w.page.getByTestId('consent-save').click() },
    'consent.reopen': {
      by: 'visitor',
      words: () => 'follows “Cookie settings” at the bottom of the page',
      act: (w) => w.page.getByTestId('footer-cookie-settings').click(),
    },
    'consent.summary': {
      by: 'visitor',
      words: () => 'closes the banner’s settings',
      act: (w) =>
        banner(w)
          .locator('summary', { hasText: msg('en', 'consent_settings') })
          .click(),
    },
    // A dialog closes with Escape, whatever was chosen before; a banner in the page with “Keep my choice”.
    'consent.close': {
      by: 'visitor',
      words: () => 'closes the settings, keeping the choice as it is',
      act: (w, _event, before) => (context(before).dialog ? w.page.keyboard.press('Escape') : w.page.getByTestId('consent-close').click()),
    },
  },
  unreachableAt: (event, before) => {
    const asking = before.matches('asking')
    const settings = before.matches({ asking: 'settings' })
    switch (event.type) {
      case 'consent.acceptAll':
      case 'consent.rejectAll':
        return asking ? null : 'the banner is gone once the visitor has chosen: its buttons show again only after “Cookie settings”'
      case 'consent.settings':
        return asking && !settings ? null : 'the settings open from the banner’s summary; they are open already, or the banner is gone'
      case 'consent.toggle':
      case 'consent.save':
        if (!settings) return 'the switches and “Save my choice” show only in the banner’s open settings'
        if (event.type === 'consent.toggle' && context(before).draft[toggled(event).category] === toggled(event).on)
          return 'the switch is already where the step would move it: a click moves it the other way'
        return null
      case 'consent.summary':
        return settings ? null : 'the settings close from their own disclosure, in the banner’s open settings'
      case 'consent.close':
        return asking && (context(before).choice !== null || context(before).dialog)
          ? null
          : 'a first visit’s banner in the page has no way to close it but a choice; “Keep my choice” and Escape close a banner opened again'
      case 'consent.reopen':
        return context(before).dialog ? 'the dialog covers the page: “Cookie settings” at its bottom is behind it' : null
      default:
        return null
    }
  },
  view: (state) => {
    const { choice, draft, gpc, dialog } = context(state)
    if (state.matches('asking')) {
      const settings = state.matches({ asking: 'settings' })
      return {
        words: `${settings ? settingsWords(draft) : 'the cookie banner asks: “Accept all”, “Reject all” and its settings, closed'}${dialog ? ', in a dialog over the page' : ''}`,
        see: async (w) => {
          await expect(banner(w)).toBeVisible()
          await expect(w.page.getByRole('dialog', { name: msg('en', 'consent_title') })).toHaveCount(dialog ? 1 : 0)
          await expect(banner(w).getByRole('heading', { name: msg('en', 'consent_title') })).toBeVisible()
          await expect(w.page.getByTestId('consent-gpc')).toHaveCount(gpc ? 1 : 0)
          await expect(w.page.getByTestId('consent-close')).toHaveCount(choice === null ? 0 : 1)
          if (!settings) {
            await expect(w.page.getByTestId('consent-save')).toBeHidden()
            return
          }
          for (const c of CATEGORIES) {
            const box = w.page.getByTestId(`consent-${c}`)
            await expect(box).toBeChecked({ checked: draft[c] })
          }
        },
      }
    }
    const allowed = CATEGORIES.filter((c) => choice?.[c])
    return {
      words: `the banner is gone, and the choice stored: ${allowed.length ? allowed.map((c) => CATEGORY_WORDS[c]).join(', ') : 'nothing optional'} allowed`,
      see: async (w) => {
        await expect(banner(w)).toHaveCount(0)
        await expect(w.page.getByTestId('footer-cookie-settings')).toBeVisible()
        const stored = async () => (await w.page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value ?? null
        await expect.poll(stored).toMatch(new RegExp(`^2\\.${allowed.length ? allowed.join('-') : 'none'}\\.\\d{4}-\\d{2}-\\d{2}$`, 'u'))
      },
    }
  },
}
