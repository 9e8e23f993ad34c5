/**
 * What the sandbox provider is asked to charge and answers: its test cards, the charge each provider's
 * widget sends, the decision, and the reusable card token its notifications carry.
 */
import { createHash } from 'node:crypto'

/** Test cards (any other valid number is approved). */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  /** Approved; the notification arrives late (lateDelayMs, 30 s by default). */
  late: '4000000000000077',
  /** Approved; the notification is never sent. */
  lost: '4000000000000069',
} as const

export interface Card {
  number: string
  expiry: string
}

export interface CloudPaymentsCharge {
  scheme: 'charge' | 'auth'
  invoiceId: string
  accountId?: string | undefined
  amount: number
  currency: string
  email?: string | undefined
  description?: string | undefined
  card: Card
}

export interface PayselectionCharge {
  paymentType: 'Pay' | 'Block'
  orderId: string
  amount: string
  currency: string
  email?: string | undefined
  description?: string | undefined
  card: Card
}

export type ChargeResult =
  | { success: true; transactionId: string }
  | { success: false; code: string | number | null; message: string; transactionId: string | null }

export const DECLINE_MESSAGE = 'Card declined by the issuer'

/**
 * R9.22: the reusable token a provider gives a card it took, as its notification sends it: the same
 * card on the same account gives the same token (the providers keep one per card and payer).
 */
export function sandboxCardToken(card: Card, payer: string | undefined): string {
  return `tk_${createHash('sha256')
    .update(`${card.number}:${payer ?? ''}`)
    .digest('hex')
    .slice(0, 24)}`
}
