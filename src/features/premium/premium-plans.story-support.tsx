/**
 * What the premium page's stories share: fake provider actors for the payment machine, the
 * story's site (a signed-in visitor on /premium), the page as its route renders it, and the steps
 * a visitor takes (choose a plan and tick the agreements, find the pay button).
 */
import type { ComponentProps } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import type { CreatePaymentInput, LoadWidgetInput, RunWidgetInput } from '#machines/payment-types.ts'
import type { PaymentOptions } from '#machines/rules/payment.ts'
import { hang } from '#stories/fetch-mock.ts'
import { PAYMENT_OPTIONS, plansOk } from '#stories/fixtures.ts'
import { type PaymentActors, SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { PremiumPlans } from './premium-plans.tsx'

export const createOk = fromPromise<PaymentOptions, CreatePaymentInput>(async () => PAYMENT_OPTIONS as PaymentOptions)
export const scriptOk = fromPromise<void, LoadWidgetInput>(async () => {})
export const pending = <O, I>() => fromPromise<O, I>(() => hang())
export const widget = (outcome: (EventObject & Record<string, unknown>) | null) =>
  fromCallback<EventObject, RunWidgetInput>(({ sendBack }) => {
    if (!outcome) return () => {}
    const timer = setTimeout(() => sendBack(outcome), 30)
    return () => clearTimeout(timer)
  })

export function site(payment: PaymentActors | undefined, extra: Partial<SiteParameters> = {}): { site: SiteParameters } {
  return { site: { user: SAMPLE_USER, path: '/premium', ...(payment ? { payment } : {}), ...extra } }
}

/**
 * The page's plans and payment panel as the premium route renders them; each story file writes
 * its meta out with these (Storybook reads a meta's parameters only when they are written in it).
 */
export const PREMIUM_PLANS_ARGS = { initial: plansOk('RUB'), offer: null, takeOffer: false, locale: 'en' } satisfies ComponentProps<typeof PremiumPlans>
/** The locale prop follows the toolbar, as the route passes getLocale(). */
export const renderPremiumPlans = (args: ComponentProps<typeof PremiumPlans>) => <PremiumPlans {...args} locale={getLocale()} />

export const planButton = (canvas: ReturnType<typeof within>, index = 2) =>
  canvas.findAllByRole('button', { pressed: false }).then((b: HTMLElement[]) => b[index]!)
/** The pay button in any of its states (machines/payment-words.ts names its words). */
export const pay = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('button', {
    name: new RegExp(`^(${m.premium_pay()}( · .+)?|${[m.premium_paying(), m.premium_pay_form_open(), m.premium_confirming(), m.premium_paid()].join('|')})$`),
  })
export const reason = (canvasElement: HTMLElement) => canvasElement.querySelector('#premium-payment-reason, .premium-payment__reason')

export async function chooseAndAgree(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await userEvent.click(await planButton(canvas))
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-premium')!)
  await userEvent.click(canvasElement.querySelector<HTMLInputElement>('#agreement-promo')!)
  await expect(await pay(canvas)).toHaveAttribute('aria-disabled', 'false')
}
