/**
 * R1.9, R9.10: the deadline countdown on the home page, on a desktop (decision 122). The page's
 * clock shows the model's time, 2025-01-15 12:00 UTC, and stands still (its timers run): time
 * passes only when a step says so. The page is opened with its scripts held, so its first state is the one the
 * server renders (idle); the countdown starts when they arrive, with the deadline the step stores
 * and the step's random numbers.
 */
import { expect, type Page, type Route } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import type { TestEvent } from '../../machines/harness.ts'
import type { Binding, World } from '../binding.ts'

/** The model's time (`tests/machines/models/deadline.model.ts`): every event's `now` counts from it. */
const MODEL_NOW = Date.UTC(2025, 0, 15, 12, 0, 0)

const countdown = (w: World) => w.page.getByTestId('countdown').first()
const held = new WeakMap<Page, { routes: Route[]; handler: (route: Route) => void }>()
const siteScript = (w: World) => (url: URL) => url.origin === new URL(w.site).origin && url.pathname.endsWith('.js')

type Hydrate = TestEvent & { stored: string | null; now: number; random: { hours: number; minutes: number; seconds: number } }
type Tick = TestEvent & { now: number; left: { hours: number; minutes: number; seconds: number } }

const clockText = (left: Tick['left']) => [left.hours, left.minutes, left.seconds].map((n) => String(n).padStart(2, '0')).join(':')
const hoursAhead = (event: Hydrate) => (event.stored === null ? null : (Date.parse(event.stored) - event.now) / 3_600_000)

export const deadlineBinding: Binding = {
  machine: 'deadline',
  viewport: { width: 1280, height: 800 },
  starts: {
    'a page with the countdown': {
      words: 'a visitor opening the home page on 15 January 2025 at 12:00 UTC, its scripts still on their way',
      open: async (w) => {
        await w.page.clock.setFixedTime(MODEL_NOW)
        const state = { routes: [] as Route[], handler: (route: Route) => void state.routes.push(route) }
        held.set(w.page, state)
        await w.page.route(siteScript(w), state.handler)
        await w.page.goto('/en', { waitUntil: 'domcontentloaded' })
      },
    },
  },
  events: {
    'deadline.hydrate': {
      by: 'visitor',
      words: (event) => {
        const ahead = hoursAhead(event as Hydrate)
        return `waits for the page to become interactive, ${ahead === null ? 'with no deadline stored' : `with a deadline stored ${ahead} hour${ahead === 1 ? '' : 's'} ahead`}`
      },
      act: async (w, event) => {
        const { stored, random } = event as Hydrate
        // The step's stored deadline, and its random numbers for a new one (one value: see unreachableAt).
        await w.page.evaluate(
          ({ stored, r }) => {
            if (stored === null) window.localStorage.removeItem('deadline')
            else window.localStorage.setItem('deadline', stored)
            Math.random = () => r
          },
          { stored, r: random.hours },
        )
        const state = held.get(w.page)!
        await w.page.unroute(siteScript(w), state.handler)
        for (const route of state.routes.splice(0)) await route.continue()
        await w.page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 })
      },
    },
    'deadline.tick': {
      by: 'visitor',
      words: (event) => `waits until ${clockText((event as Tick).left)} is left`,
      // The clock jumps to the step's time; the page's ticker, which runs every second, reads it.
      act: (w, event) => w.page.clock.setFixedTime((event as Tick).now),
    },
  },
  unreachableAt: (event, before) => {
    if (event.type === 'deadline.hydrate') {
      if (!before.matches('idle')) return 'a page becomes interactive once: a second hydration is no visitor’s step'
      const { now, random } = event as Hydrate
      if (now !== MODEL_NOW) return 'the visit’s clock starts at the model’s time; this step hydrates at another'
      if (random.minutes !== random.hours || random.seconds !== random.hours)
        return 'the page’s random numbers are set as one value for the visit, not one by one'
    }
    if (event.type === 'deadline.tick' && !before.matches('running')) return 'the page’s ticker runs only while the countdown runs'
    return null
  },
  view: (state) => {
    const { deadline, left } = state.context as { deadline: number | null; left: Tick['left'] }
    if (state.matches('idle'))
      return {
        words: 'the countdown shows no time yet',
        see: async (w) => {
          await expect(countdown(w)).toHaveAttribute('data-state', 'idle')
          await expect(countdown(w).locator('.countdown__value').first()).toHaveText('--')
        },
      }
    const stored = async (w: World) => {
      const value = await w.page.evaluate(() => window.localStorage.getItem('deadline'))
      expect(value === null ? null : Date.parse(value)).toBe(deadline)
    }
    if (state.matches('finished'))
      return {
        words: 'the countdown has run out, and says so',
        see: async (w) => {
          await expect(countdown(w)).toHaveAttribute('data-state', 'finished')
          await expect(countdown(w).getByRole('status')).toHaveText(msg('en', 'mk_countdown_finished'))
          await stored(w)
        },
      }
    return {
      words: `the countdown shows ${clockText(left)} left`,
      see: async (w) => {
        await expect(countdown(w)).toHaveAttribute('data-state', 'running')
        await expect(countdown(w)).toHaveAttribute('data-remaining', String(left.hours * 3600 + left.minutes * 60 + left.seconds))
        await expect(countdown(w).locator('[data-unit="hours"] .countdown__value')).toHaveText(String(left.hours).padStart(2, '0'))
        await stored(w)
      },
    }
  },
}
