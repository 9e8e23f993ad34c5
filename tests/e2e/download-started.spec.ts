/**
 * R2: the download button says what is happening. A click waits a moment for its analytics call
 * ("Начинаем загрузку…"); once the browser has the address, the file comes as a file answer
 * that does not leave the page, and the button says the download has started, then is the
 * download button again. On a phone it kept "Начинаем загрузку…" after the file had come.
 */
import { expect, test } from './support/fixtures.ts'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true })

test('ru, phone: once the file has come, the button says the download has started, then is the download button again', async ({ page, hydrated }) => {
  await page.goto('/ru')
  await hydrated()
  const button = page.getByTestId('hero-download')
  await expect(button).toHaveText('Скачать для Windows')
  // Every label the button shows, in order, whatever the machine's speed.
  await button.evaluate((element) => {
    const seen: string[] = [element.textContent ?? '']
    ;(window as unknown as { downloadLabels: string[] }).downloadLabels = seen
    new MutationObserver(() => {
      const text = element.textContent ?? ''
      if (seen.at(-1) !== text) seen.push(text)
    }).observe(element, { subtree: true, childList: true, characterData: true })
  })
  const download = page.waitForEvent('download')
  await button.tap()
  // The stand-in's launcher, as a file answer.
  expect((await download).suggestedFilename()).toBe('launcher-setup.exe')
  // The page stays where it was: a file answer does not navigate.
  await expect(page).toHaveURL(/\/ru$/u)
  await expect(button).toHaveText('Скачать для Windows', { timeout: 10_000 })
  await expect(button).not.toHaveAttribute('aria-busy')
  // Started once the browser has the address, then the button again; "starting" (the site's short
  // wait for its analytics call, too short to be seen when the call is quick) only before it.
  const labels = await page.evaluate(() => (window as unknown as { downloadLabels: string[] }).downloadLabels)
  expect(labels.filter((label) => label !== 'Начинаем загрузку…')).toEqual(['Скачать для Windows', 'Загрузка началась', 'Скачать для Windows'])
  expect(labels.lastIndexOf('Начинаем загрузку…')).toBeLessThan(labels.indexOf('Загрузка началась'))
})
