/**
 * Stories are tests: every story of the static Storybook build is opened on its own, must
 * render, its play function (the interaction checks) must pass, the console must stay free of
 * errors, and axe must find no serious or critical violation.
 *
 * One browser page per worker: the first story loads `iframe.html`, the next ones are selected
 * through the Storybook channel (`setCurrentStory`), as the Storybook UI does, which unmounts
 * the previous story and renders the next one in the same document.
 *
 * The window is a desktop one unless the story's tags ask for another size (`mobile`: a phone,
 * see `.storybook/viewports.ts`); it is resized before the story is selected, so the story
 * renders, plays and is checked by axe at that size.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { DESKTOP, viewportFor } from '../../.storybook/viewports.ts'

interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  tags?: string[]
}
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, IndexEntry> }
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story' && !entry.tags?.includes('skip-test'))

/** Opens a story: through the Storybook channel in a page that has the preview, else by loading it. */
async function openStory(page: Page, id: string): Promise<string | null> {
  const switched = await page
    .evaluate((storyId) => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, data: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__
      if (!channel || !location.pathname.endsWith('/iframe.html')) return false
      document.documentElement.dataset.storyStatus = 'switching'
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
      return true
    }, id)
    .catch(() => false)
  if (!switched) await page.goto(`/iframe.html?id=${id}&viewMode=story`)
  const root = page.locator('html')
  await expect(root).toHaveAttribute('data-story-status', /^(rendered|failed)$/)
  const status = await root.getAttribute('data-story-status')
  return status === 'rendered' ? null : await root.getAttribute('data-story-error')
}

const test = base.extend<{ errors: string[] }, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: DESKTOP })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
  errors: async ({ storyPage }, use) => {
    const errors: string[] = []
    const onConsole = (message: { type(): string; text(): string }) => {
      // Failed loads are reported with their address by the response listener.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
    }
    const onPageError = (error: Error) => errors.push(error.message)
    const onResponse = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
    }
    storyPage.on('console', onConsole)
    storyPage.on('pageerror', onPageError)
    storyPage.on('response', onResponse)
    await use(errors)
    storyPage.off('console', onConsole)
    storyPage.off('pageerror', onPageError)
    storyPage.off('response', onResponse)
  },
})

test('the build has stories', () => {
  expect(stories.length).toBeGreaterThan(0)
})

test('the mobile menu stories run at a phone width', () => {
  const phone = stories.filter((story) => viewportFor(story.tags) !== DESKTOP).map((story) => story.id)
  expect(phone).toEqual(expect.arrayContaining(['site-header--mobile-menu-closed', 'site-header--mobile-menu-open', 'flows--menu']))
})

test('a story starts in its own language after a story before it switched the language', async ({ page }) => {
  expect(await openStory(page, 'site-language-switcher--switching')).toBeNull()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  // The next story in the same document has no language of its own: English, as on a first visit.
  expect(await openStory(page, 'site-providers--expired-token')).toBeNull()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // And one with its own language gets it.
  expect(await openStory(page, 'site-language-switcher--russian')).toBeNull()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
})

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ storyPage: page, errors }) => {
    const size = viewportFor(story.tags)
    const current = page.viewportSize()
    if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size)
    const failure = await openStory(page, story.id)
    expect(failure, `story failed: ${failure}`).toBeNull()
    await expect(page.locator('#storybook-root main > *').first()).toBeAttached()

    const results = await new AxeBuilder({ page }).include('#storybook-root').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    expect(errors).toEqual([])
  })
}
