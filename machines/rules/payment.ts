/** R3, R4, R7, R9: the payment rules behind the payment machine's guards and widget options. Pure functions. */

/** R1, R3: the configured payment providers. */
export const PAYMENT_SERVICES = ['payselection', 'cloudpayments'] as const
export type PaymentService = (typeof PAYMENT_SERVICES)[number]

/**
 * R3, R4: the agreements a payment needs ticked: the offer and licence, renewal and privacy, and
 * for EU consumers the immediate start with the loss of the withdrawal right (R9.20).
 */
export type Agreement = 'premium' | 'promo' | 'withdrawal'

/**
 * R9.20 (decision 107): the agreements a visitor ticks before paying, by the page's language. The
 * German site's visitors (any visitor whose language is de) are EU consumers: they also confirm
 * that the service starts at once and that they lose the right of withdrawal for digital content.
 */
export function requiredAgreementsFor(locale: string): readonly Agreement[] {
  return locale === 'de' ? ['premium', 'promo', 'withdrawal'] : ['premium', 'promo']
}

/**
 * R9.30 (decision 128): the German site's prices say that VAT is included, as the German price
 * rules ask of a price to consumers; the price shown is the final price charged.
 */
export function pricesStateVat(locale: string): boolean {
  return locale === 'de'
}

/** R9: the trial plan. */
export const TRIAL_SUBSCRIPTION_ID = 1
/** R4, R9: a paid amount of exactly 1 marks a trial. */
export const TRIAL_AMOUNT = 1

export type PaymentScheme = 'auth' | 'charge'

export interface Subscription {
  id: number
  name: string
  days: number
  prices?: { using?: { actual?: number; currency?: string } } & Record<string, unknown>
}

/**
 * What the backend says of a payment after the widget's success (R4.5, R9.2): `pending` until the
 * provider's notification is in, then `paid`; `trial_used` when it refused a trial at
 * confirmation because the account's trial was used meanwhile; `offer_used` when it refused a
 * special offer bought twice side by side, `offer_expired` one whose window ended first (R9.16);
 * `refunded` for any other refusal whose money the provider took and gives back, `refused` for one
 * that took nothing. The money of every refusal goes back (decision 117).
 */
export type PaymentCheck = 'pending' | 'paid' | 'refused' | 'refunded' | 'trial_used' | 'offer_used' | 'offer_expired'

/** The refusals the backend names, each told in its own words. */
const NAMED_REFUSALS = ['trial_used', 'offer_used', 'offer_expired'] as const

/**
 * R4.5, R9.2: `GET /payments/{id}`'s answer as the payment machine reads it after the widget's
 * success. A decline on record is an earlier card's in the same form (the widget said this one was
 * approved, R9.19): its notification is still to come.
 */
export function readPaymentCheck(answer: {
  status: 'pending' | 'paid' | 'failed' | 'voided'
  failure?: string | null
  refund?: 'pending' | 'done' | null
}): PaymentCheck {
  if (answer.status === 'paid') return 'paid'
  if (answer.status === 'pending' || (answer.status === 'failed' && answer.failure === 'declined')) return 'pending'
  // A voided payment is a card check's end (R9.22), never a subscription payment's.
  const named = NAMED_REFUSALS.find((refusal) => refusal === answer.failure)
  if (answer.status === 'failed' && named !== undefined) return named
  return answer.refund === 'pending' || answer.refund === 'done' ? 'refunded' : 'refused'
}

/**
 * R9.22: what the backend says of a card check after the widget's success: `pending` until the
 * provider's notification is in; `replaced` once the new card is the renewal card and the
 * authorisation voided; `refused` for any other end. A decline on record is an earlier card's in
 * the same form: its notification is still to come.
 */
export type CardCheck = 'pending' | 'replaced' | 'refused'

/** R9.22: `GET /payments/{id}`'s answer for a card check. */
export function readCardCheck(answer: { status: string; failure?: string | null }): CardCheck {
  if (answer.status === 'voided') return 'replaced'
  if (answer.status === 'pending' || (answer.status === 'failed' && answer.failure === 'declined')) return 'pending'
  return 'refused'
}

/**
 * R4 and decision 053: after the widget's success a payment (or a card check, R9.22) is confirmed
 * by the provider's own notification to the backend, which may come later. It is checked this many
 * times, waiting the given milliseconds before each check after the first (about 20 seconds in all).
 */
export const CONFIRMATION_BACKOFF_MS = [1000, 2000, 3000, 5000, 8000] as const
export const CONFIRMATION_CHECKS = CONFIRMATION_BACKOFF_MS.length + 1

/** R3: what `POST /payments` answers. */
export interface PaymentOptions {
  amount: number
  currency: string
  payment_id: string | number
  user_id: string | number
  email: string
  tax_system_id?: number | null
  /**
   * R10.2: the stand-in backend's sandbox only: the token its sandbox widget must show to charge
   * this payment. A real provider never sees one: the backend sends none.
   */
  widget_token?: string
}

export function isPaymentService(name: unknown): name is PaymentService {
  return (PAYMENT_SERVICES as readonly unknown[]).includes(name)
}

/** R8: the message of the error raised for an unknown service. */
export function unknownPaymentServiceMessage(name: unknown): string {
  return `Unknown payment service "${String(name)}". Available services: ${PAYMENT_SERVICES.join(', ')}.`
}

/** R4, R8: the active service, or an error listing the available ones. */
export function assertPaymentService(name: unknown): PaymentService {
  if (!isPaymentService(name)) throw new Error(unknownPaymentServiceMessage(name))
  return name
}

/** R4: the trial (subscription id 1) only authorises; every other plan is charged at once. */
export function paymentScheme(subscriptionId: number): PaymentScheme {
  return subscriptionId === TRIAL_SUBSCRIPTION_ID ? 'auth' : 'charge'
}

/** R7, R9: payselection wants the amount as a string with two decimals. */
export function formatPayselectionAmount(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2)
}

/** R9: the payment widget language for a site or translation locale. */
const PAYMENT_LANGUAGES: Readonly<Record<string, string>> = Object.freeze({
  ru: 'ru-RU',
  en: 'en-US',
  de: 'de-DE',
  cs: 'cs-CZ',
  kk: 'kk-KZ',
  vi: 'vi-VN',
  tr: 'tr-TR',
  es: 'es-ES',
  lv: 'lv',
  az: 'az',
  uk: 'uk',
  pl: 'pl',
  pt: 'pt',
})

export function paymentLanguage(locale: string | null | undefined): string {
  return Object.hasOwn(PAYMENT_LANGUAGES, String(locale)) ? (PAYMENT_LANGUAGES[String(locale)] as string) : 'en-US'
}

/**
 * The languages the Payselection pay-widget documents for `CustomerInfo.Language` (two-letter
 * codes; decision 050). Any other language opens the widget in English.
 */
export const PAYSELECTION_LANGUAGES = ['ru', 'en'] as const
export type PayselectionLanguage = (typeof PAYSELECTION_LANGUAGES)[number]

/** R9 and decision 050: the R9 payment language as the Payselection widget takes it. */
export function payselectionLanguage(locale: string | null | undefined): PayselectionLanguage {
  const primary = paymentLanguage(locale).split('-', 1)[0]!.toLowerCase()
  return (PAYSELECTION_LANGUAGES as readonly string[]).includes(primary) ? (primary as PayselectionLanguage) : 'en'
}

/** CloudPayments receipt (R9.4): `vat: null` is "no VAT". */
export interface ReceiptItem {
  label: string
  price: number
  quantity: 1
  amount: number
  vat: null
  method: 1
  object: 4
}
export interface Receipt {
  Items: [ReceiptItem]
  taxationSystem: number
  email: string
}

/**
 * R4, R9: receipt data only when the currency is RUB: one line, quantity 1, no VAT,
 * method 1 (full prepayment), object 4 (a service), the taxation system from `tax_system_id`.
 */
export function buildReceipt(label: string, options: PaymentOptions): Receipt | null {
  if (options.currency !== 'RUB') return null
  return {
    Items: [{ label, price: options.amount, quantity: 1, amount: options.amount, vat: null, method: 1, object: 4 }],
    taxationSystem: options.tax_system_id ?? 0,
    email: options.email,
  }
}

/** R7: the CloudPayments-style widget call. */
export interface CloudPaymentsRequest {
  service: 'cloudpayments'
  language: string
  scheme: PaymentScheme
  options: {
    publicId: string
    description: string
    amount: number
    currency: string
    invoiceId: string
    accountId: string
    email: string
    skin: 'classic'
    data?: { CloudPayments?: { CustomerReceipt: Receipt }; widgetToken?: string }
  }
}

/** R7: the payselection widget call. */
export interface PayselectionRequest {
  service: 'payselection'
  language: string
  keys: { serviceId: string; key: string }
  request: {
    /** `Block` holds the amount (a card check, R9.22); `Pay` charges it. */
    MetaData: { PaymentType: 'Pay' | 'Block' }
    PaymentRequest: {
      OrderId: string
      Amount: string
      Currency: 'RUB'
      Description: string
      RebillFlag: true
      ExtraData?: { WidgetToken: string }
    }
    /** `Language` is how the widget takes its language (decision 050). */
    CustomerInfo: { Email: string; ReceiptEmail: string; Language: PayselectionLanguage }
  }
}

export type WidgetRequest = CloudPaymentsRequest | PayselectionRequest

export interface WidgetRequestInput {
  service: PaymentService
  subscriptionId: number
  /** The operation, when the plan does not decide it: a card check only authorises (R9.22). */
  scheme?: PaymentScheme
  description: string
  options: PaymentOptions
  locale: string
  publicId: string
  payselection: { serviceId: string; publicKey: string }
}

/** R7: the widget call for the active provider. */
export function buildWidgetRequest(input: WidgetRequestInput): WidgetRequest {
  const { options } = input
  const language = paymentLanguage(input.locale)
  if (input.service === 'payselection') {
    return {
      service: 'payselection',
      language,
      keys: { serviceId: input.payselection.serviceId, key: input.payselection.publicKey },
      request: {
        MetaData: { PaymentType: input.scheme === 'auth' ? 'Block' : 'Pay' },
        PaymentRequest: {
          OrderId: String(options.payment_id),
          Amount: formatPayselectionAmount(options.amount),
          Currency: 'RUB',
          Description: input.description,
          RebillFlag: true,
          ...(options.widget_token ? { ExtraData: { WidgetToken: options.widget_token } } : {}),
        },
        CustomerInfo: { Email: options.email, ReceiptEmail: options.email, Language: payselectionLanguage(input.locale) },
      },
    }
  }
  const receipt = buildReceipt(input.description, options)
  const data = {
    ...(receipt ? { CloudPayments: { CustomerReceipt: receipt } } : {}),
    ...(options.widget_token ? { widgetToken: options.widget_token } : {}),
  }
  return {
    service: 'cloudpayments',
    language,
    scheme: input.scheme ?? paymentScheme(input.subscriptionId),
    options: {
      publicId: input.publicId,
      description: input.description,
      amount: options.amount,
      currency: options.currency,
      invoiceId: String(options.payment_id),
      accountId: String(options.user_id),
      email: options.email,
      skin: 'classic',
      ...(Object.keys(data).length > 0 ? { data } : {}),
    },
  }
}
