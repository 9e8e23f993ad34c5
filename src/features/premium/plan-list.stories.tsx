import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { type DaysMessages, isPlanShown } from '#machines/rules/plans.ts'
import { type Currency, planList } from '#stories/fixtures.ts'
import { PlanList } from './plan-list.tsx'
import { labelledPlans, planView } from './plans.ts'

const DAYS: DaysMessages = {
  one: (inputs) => m.premium_plan_days_one(inputs),
  few: (inputs) => m.premium_plan_days_few(inputs),
  many: (inputs) => m.premium_plan_days_many(inputs),
}

/** R1, R3, R9: the plan cards: the trial by its name, day plans by their days count, per currency. */
function Plans({
  currency,
  selectedId,
  busy,
  onSelect,
  only,
}: {
  currency: Currency
  selectedId: number | null
  busy: boolean
  onSelect: () => void
  only?: 'trial' | 'days'
}) {
  const locale = getLocale()
  const views = labelledPlans(
    planList(currency).subscriptions.filter((plan) => isPlanShown(plan, false)),
    locale,
    DAYS,
  )
    .map((offered) => planView(offered, locale, DAYS))
    .filter((view) => !only || (only === 'trial') === view.trial)
  return <PlanList views={views} selectedId={selectedId} busy={busy} onSelect={onSelect} />
}

const meta = {
  title: 'Premium/Plan cards',
  component: Plans,
  args: { currency: 'RUB', selectedId: null, busy: false, onSelect: fn() },
  argTypes: { currency: { control: 'inline-radio', options: ['RUB', 'USD', 'EUR'] } },
} satisfies Meta<typeof Plans>
export default meta
type Story = StoryObj<typeof meta>

export const TrialRub: Story = { args: { only: 'trial', currency: 'RUB' } }
export const TrialUsd: Story = { args: { only: 'trial', currency: 'USD' } }
export const TrialEur: Story = { args: { only: 'trial', currency: 'EUR' } }
export const DayPlansRub: Story = { args: { only: 'days', currency: 'RUB' } }
export const DayPlansUsd: Story = { args: { only: 'days', currency: 'USD' } }
export const DayPlansEur: Story = { args: { only: 'days', currency: 'EUR' } }

export const Selected: Story = {
  args: { selectedId: 3 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { pressed: true })).toHaveTextContent(m.premium_plan_selected())
  },
}

export const Busy: Story = {
  args: { busy: true, selectedId: 2 },
  play: async ({ canvasElement }) => {
    for (const button of await within(canvasElement).findAllByRole('button')) await expect(button).toBeDisabled()
  },
}

export const ChoosingAPlan: Story = {
  play: async ({ canvasElement, args }) => {
    const buttons = await within(canvasElement).findAllByRole('button')
    await userEvent.click(buttons[1]!)
    await expect(args.onSelect).toHaveBeenCalledTimes(1)
  },
}

export const Empty: Story = {
  render: () => <PlanList views={[]} selectedId={null} busy={false} onSelect={() => {}} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(m.premium_plans_empty())).toBeVisible()
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' }, args: { currency: 'EUR' } }
