/**
 * Stories are tests: every story of the static Storybook build is opened on its own, must
 * render, its play function (the interaction checks) must pass, the console must stay free of
 * errors, and axe must find no serious or critical violation.
 *
 * One browser page per worker: the first story loads `iframe.html`, the next ones are selected
 * through the Storybook channel (`setCurrentStory`), as the Storybook UI does, which unmounts
 * the previous story and renders the next one in the same document.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'

interface IndexEntry { id: string; title: string; name: string; type: 'story' | 'docs'; tags?: string[] }
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, IndexEntry> }
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story' && !entry.tags?.includes('skip-test'))

const test = base.extend<{ errors: string[] }, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
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

for (const story of stories) {
  test(`${story.title} / ${story.name}`, async ({ storyPage: page, errors }) => {
    const switched = await page.evaluate((id) => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, data: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__
      if (!channel || !location.pathname.endsWith('/iframe.html')) return false
      document.documentElement.dataset.storyStatus = 'switching'
      channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
      return true
    }, story.id).catch(() => false)
    if (!switched) await page.goto(`/iframe.html?id=${story.id}&viewMode=story`)
    const root = page.locator('html')
    await expect(root).toHaveAttribute('data-story-status', /^(rendered|failed)$/)
    const status = await root.getAttribute('data-story-status')
    expect(status, `story failed: ${await root.getAttribute('data-story-error')}`).toBe('rendered')
    await expect(page.locator('#storybook-root main > *').first()).toBeAttached()

    const results = await new AxeBuilder({ page }).include('#storybook-root').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    expect(errors).toEqual([])
  })
}
