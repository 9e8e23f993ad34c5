/** R2.13, R4.22: the mobile menu, met on a 390 px phone's home page (decision 122). */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'

const toggle = (w: World) => w.page.getByTestId('menu-toggle')
const menu = (w: World) => w.page.locator('#site-menu')

export const menuBinding: Binding = {
  machine: 'menu',
  viewport: { width: 390, height: 844 },
  starts: {
    'a page load': {
      words: 'a visitor on the home page, on a 390 px phone',
      open: async (w) => {
        await w.page.goto('/en')
        await whenInteractive(w)
      },
    },
  },
  events: {
    'menu.toggle': {
      by: 'visitor',
      words: () => 'taps the menu button',
      act: (w) => toggle(w).click(),
    },
    'menu.close': {
      by: 'visitor',
      words: () => 'presses Escape',
      act: (w) => w.page.keyboard.press('Escape'),
    },
    // A link that changes the route in the page (its info pages, FAQ and CS:GO, load a new one): the
    // open menu's Premium link, or, with the menu closed, the home page's own.
    'route.changed': {
      by: 'visitor',
      words: () => 'follows a link to the Premium page',
      act: async (w, _event, before) => {
        const link = before.matches('open') ? menu(w).getByRole('link', { name: msg('en', 'nav_premium'), exact: true }) : w.page.getByTestId('hero-premium')
        await link.click()
        await expect(w.page).toHaveURL(/\/premium$/u)
      },
    },
  },
  view: (state) =>
    state.matches('open')
      ? {
          words: 'the menu is open: its links show, and the button closes it',
          see: async (w) => {
            await expect(toggle(w)).toHaveAttribute('aria-expanded', 'true')
            await expect(toggle(w)).toHaveAccessibleName(msg('en', 'nav_menu_close'))
            await expect(menu(w).getByRole('link', { name: msg('en', 'nav_premium'), exact: true })).toBeVisible()
          },
        }
      : {
          words: 'the menu is closed: only its button shows',
          see: async (w) => {
            await expect(toggle(w)).toHaveAttribute('aria-expanded', 'false')
            await expect(toggle(w)).toHaveAccessibleName(msg('en', 'nav_menu_open'))
            await expect(menu(w)).toBeHidden()
          },
        },
}
