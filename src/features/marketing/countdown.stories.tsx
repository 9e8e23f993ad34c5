import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { DEADLINE_STORAGE_KEY, deadlineToStorage } from '#machines/rules/deadline.ts'
import { Countdown } from './countdown.tsx'

/**
 * R3, R9: the deadline countdown. `running` with a new deadline or a stored one; `finished`
 * when the deadline passes while the page is open (the story moves the clock forward).
 */
const realNow = Date.now.bind(Date)
let offset = 0

const meta = {
  title: 'Marketing/Countdown',
  component: Countdown,
  beforeEach: () => {
    offset = 0
    Date.now = () => realNow() + offset
    return () => {
      Date.now = realNow
    }
  },
} satisfies Meta<typeof Countdown>
export default meta
type Story = StoryObj<typeof meta>

/** The countdown, once it runs. */
async function runningCountdown(canvasElement: HTMLElement) {
  const countdown = await within(canvasElement).findByTestId('countdown')
  await waitFor(() => expect(countdown).toHaveAttribute('data-state', 'running'))
  return countdown
}

/** `running`: no stored deadline, a new one 16 to 23 hours ahead. */
export const RunningNewDeadline: Story = {
  play: async ({ canvasElement }) => {
    const countdown = await runningCountdown(canvasElement)
    await expect(Number(countdown.getAttribute('data-remaining'))).toBeGreaterThan(16 * 3600 - 5)
  },
}

/** `running` with the stored deadline, 5 hours ahead. */
export const RunningStoredDeadline: Story = {
  beforeEach: () => {
    window.localStorage.setItem(DEADLINE_STORAGE_KEY, deadlineToStorage(realNow() + 5 * 3600_000))
  },
  play: async ({ canvasElement }) => {
    const countdown = await runningCountdown(canvasElement)
    await expect(Number(countdown.getAttribute('data-remaining'))).toBeLessThanOrEqual(5 * 3600)
  },
}

/** `finished`: the deadline passed while the page was open. */
export const Finished: Story = {
  beforeEach: () => {
    window.localStorage.setItem(DEADLINE_STORAGE_KEY, deadlineToStorage(realNow() + 3600_000 + 60_000))
  },
  play: async ({ canvasElement }) => {
    const countdown = await runningCountdown(canvasElement)
    offset = 2 * 3600_000
    await waitFor(() => expect(countdown).toHaveAttribute('data-state', 'finished'), { timeout: 3000 })
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(m.mk_countdown_finished())
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
