/**
 * The payment machine's shapes: its input, its context and its events, what its calls take, and
 * the params of its log actions.
 */
import type { OfferedPlan, PremiumState, SpecialOffer } from '#machines/rules/checkout.ts'
import type { Locale } from '#machines/rules/locale.ts'
import type { Agreement, PaymentOptions, PaymentService, Subscription, WidgetRequest } from '#machines/rules/payment.ts'

export interface PaymentInput {
  locale: Locale
  loggedIn: boolean
  /** The signed-in visitor has an e-mail for the receipt (a Steam account may have none); true when not given. */
  hasEmail?: boolean
  /** The signed-in visitor has used the trial (R9.2); false when not given. */
  trialUsed?: boolean
  /** Runtime configuration: the active service name (validated here). */
  activeService: string
  /** Runtime configuration: the card provider public id for this host. */
  publicId: string
  /** Runtime configuration: the second provider's keys. */
  payselection: { serviceId: string; publicKey: string }
  /** Every plan the backend listed, with its label; which are offered is the machine's rule (R9). */
  plans?: readonly OfferedPlan[]
  /** R9: show plans priced 9000 or more too. */
  debugPrices?: boolean
  /** The signed-in visitor's special offer, if any. */
  offer?: SpecialOffer | null
  /** The page was opened to take the special offer: it is chosen at once. */
  takeOffer?: boolean
  /** Which agreements must be ticked before paying; by default those of the page's language (decision 051, R9.20). */
  requiredAgreements?: readonly Agreement[]
  /** A premium state persisted earlier (see `persistedPremiumState`), taken as it is. */
  restored?: Partial<PremiumState> | null
  /**
   * Read the stored premium state first (the `readStoredState` actor), once the actor runs in
   * the browser; until then the machine is `restoring`, on the server as in the first browser render.
   */
  restoreStored?: boolean
}

export interface PaymentContext extends PremiumState {
  locale: Locale
  loggedIn: boolean
  hasEmail: boolean
  /** R9.2: signed in with the trial used: the trial is not offered. */
  trialUsed: boolean
  service: PaymentService | null
  publicId: string
  payselection: { serviceId: string; publicKey: string }
  requiredAgreements: readonly Agreement[]
  restoreStored: boolean
  /** R9: the plans on offer, in the backend's order. */
  offered: readonly OfferedPlan[]
  offer: SpecialOffer | null
  /** The chosen plan is the special offer (bought at its price). */
  special: boolean
  options: PaymentOptions | null
  /** Confirmation checks made for the payment under way. */
  checks: number
  error: string | null
}

export type PaymentEvent =
  | { type: 'plan.select'; subscription: Subscription; label: string }
  /** Choose the special offer's plan at the offer's price. */
  | { type: 'offer.take' }
  | { type: 'agreement.set'; agreement: Agreement; value: boolean }
  | { type: 'payment.submit' }
  /** The confirmation took longer than its checks: look again. */
  | { type: 'payment.recheck' }
  /** The session changed (wired from the auth machine). */
  | { type: 'auth.changed'; loggedIn: boolean; hasEmail?: boolean; trialUsed?: boolean }
  // Sent by the `runWidget` actor:
  | { type: 'widget.success' }
  | { type: 'widget.fail'; reason?: unknown }
  | { type: 'widget.close' }

export interface CreatePaymentInput {
  subscriptionId: number
  locale: Locale
  special: boolean
}
export interface LoadWidgetInput {
  service: PaymentService
}
export type RunWidgetInput = WidgetRequest
export interface CheckPaymentInput {
  paymentId: string
}
export interface WaitInput {
  ms: number
}
export interface LogParams {
  message: string
  detail?: unknown
}
