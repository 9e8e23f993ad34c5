/**
 * R5.10: a code copied from the e-mail often brings a space or a line break along. Pasted into the
 * code field (six characters at most), it signs the visitor in: no digit is cut off.
 */

import { expect, test } from './support/fixtures.ts'
import { latestMail, uniqueEmail } from './support/login.ts'
import { msg } from './support/messages.ts'

test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] })

test('R5.10: " 493021\\n" pasted into the code field on a Russian phone signs in', async ({ page, request, hydrated }) => {
  const email = uniqueEmail('paste')
  await page.goto('/ru/login')
  await hydrated()
  await page.getByLabel(msg('ru', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('ru', 'acc_send_code') }).click()
  const code = (await latestMail(request, email)).code!
  const field = page.getByLabel(msg('ru', 'acc_code_label'))
  await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${code}\n`)
  await field.focus()
  await page.keyboard.press('ControlOrMeta+V')
  await expect(field).toHaveValue(code)
  await page.getByRole('button', { name: msg('ru', 'acc_sign_in'), exact: true }).click()
  await expect(page).not.toHaveURL(/\/login/u, { timeout: 15_000 })
})
