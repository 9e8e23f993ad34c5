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
  const download = page.waitForEvent('download')
  await button.tap()
  // The stand-in's launcher, as a file answer.
  expect((await download).suggestedFilename()).toBe('launcher-setup.exe')
  // The page stays where it was: a file answer does not navigate.
  await expect(page).toHaveURL(/\/ru$/u)
  // Within a moment of the file, not at a time guessed after it.
  await expect(button).toHaveText('Загрузка началась', { timeout: 1_000 })
  await expect(button).not.toHaveAttribute('aria-busy')
  await expect(button).toHaveText('Скачать для Windows', { timeout: 5_000 })
})
