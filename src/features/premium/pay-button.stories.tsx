/**
 * R4.2, R4.24: the pay button and the hint under it, one story per state of the words table
 * (machines/payment-words.ts): the words written out, so a wrong row of the table fails here.
 * The machine is the real one; the provider's actors are fakes.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { CheckPaymentInput, CreatePaymentInput } from '#machines/payment-types.ts'
import type { PaymentCheck, PaymentOptions } from '#machines/rules/payment.ts'
import {
  chooseAndAgree,
  createOk,
  PREMIUM_PLANS_ARGS,
  pay,
  pending,
  planButton,
  reason,
  renderPremiumPlans,
  scriptOk,
  site,
  widget,
} from './premium-plans.story-support.tsx'
import { PremiumPlans } from './premium-plans.tsx'

// No JSDoc comment right above the meta: Storybook would take it for the docs description.
const meta = {
  title: 'Premium/Pay button and hint',
  component: PremiumPlans,
  args: PREMIUM_PLANS_ARGS,
  render: renderPremiumPlans,
  parameters: site(undefined),
} satisfies Meta<typeof PremiumPlans>
export default meta
type Story = StoryObj<typeof meta>

const button = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLButtonElement>('.premium-payment__pay')!

/** `choose`: no plan yet. */
export const Choose: Story = {
  play: async ({ canvasElement }) => {
    await pay(within(canvasElement))
    await expect(button(canvasElement)).toHaveTextContent(/^Pay by card$/)
    await expect(button(canvasElement)).toHaveAttribute('data-state', 'choose')
    await expect(reason(canvasElement)).toHaveTextContent('Choose a plan to pay.')
  },
}

/** `pay`: a plan chosen, its price on the button; the hint counts the two agreements as "both". */
export const PayWithBothAgreementsMissing: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await planButton(within(canvasElement)))
    await expect(button(canvasElement)).toHaveAttribute('data-state', 'pay')
    await expect(button(canvasElement)).toHaveTextContent(/^Pay by card · .+$/)
    await expect(reason(canvasElement)).toHaveTextContent('To pay, tick both agreements above.')
  },
}

/** The German checkout asks for three agreements: the hint says three, then two, then names the last. */
export const GermanThreeAgreements: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await planButton(within(canvasElement)))
    await expect(reason(canvasElement)).toHaveTextContent('Um zu bezahlen, setzen Sie oben noch 3 Häkchen.')
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
    await expect(reason(canvasElement)).toHaveTextContent('Um zu bezahlen, setzen Sie oben noch 2 Häkchen.')
    await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
    await expect(reason(canvasElement)).toHaveTextContent(
      'Um zu bezahlen, bestätigen Sie bitte die sofortige Gutschrift der Tage und den Verlust Ihres Widerrufsrechts.',
    )
  },
}

/** The Russian checkout's two agreements. */
export const RussianBothAgreements: Story = {
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await planButton(within(canvasElement)))
    await expect(reason(canvasElement)).toHaveTextContent('Чтобы оплатить, отметьте оба согласия выше.')
  },
}

/** `opening`: the payment is being created. */
export const Opening: Story = {
  parameters: site({ createPayment: pending<PaymentOptions, CreatePaymentInput>() }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await userEvent.click(await pay(within(canvasElement)))
    await expect(button(canvasElement)).toHaveTextContent('Opening the payment form…')
    await expect(button(canvasElement)).toHaveAttribute('data-state', 'opening')
    await expect(reason(canvasElement)).toHaveTextContent('Opening the payment form…')
  },
}

/** `formOpen`: the provider's form is open; the button no longer says it is opening. */
export const FormOpen: Story = {
  parameters: site({ createPayment: createOk, loadWidgetScript: scriptOk, runWidget: widget(null) }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await userEvent.click(await pay(within(canvasElement)))
    await expect(await within(canvasElement).findByRole('button', { name: 'Payment form is open' })).toHaveAttribute('data-state', 'formOpen')
    await expect(reason(canvasElement)).toHaveTextContent('The payment form is open. Finish or close it to continue.')
  },
}

/** `confirming`: the form said success; the bank's confirmation is awaited. */
export const Confirming: Story = {
  parameters: site({
    createPayment: createOk,
    loadWidgetScript: scriptOk,
    runWidget: widget({ type: 'widget.success' }),
    checkPayment: pending<PaymentCheck, CheckPaymentInput>(),
  }),
  play: async ({ canvasElement }) => {
    await chooseAndAgree(canvasElement)
    await userEvent.click(await pay(within(canvasElement)))
    await expect(await within(canvasElement).findByRole('button', { name: 'Confirming the payment…' })).toHaveAttribute('data-state', 'confirming')
    await expect(reason(canvasElement)).toHaveTextContent('The payment form has closed. Waiting for the bank to confirm the payment…')
  },
}
