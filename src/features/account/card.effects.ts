/**
 * R9.22: the card machine's calls to the backend — open a card check (POST /payments/card), ask
 * whether it is done (GET /payments/{id}, read by `readCardCheck`), read the card on file again
 * (GET /payments/card).
 */
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Api } from '#app/api/client.ts'
import type { RenewalCardAnswer } from '#app/api/schemas.ts'
import { useApi } from '#app/core/use-api.ts'
import type { CheckCardInput, CreateCardCheckInput, RenewalCard } from '#machines/card.ts'
import { type CardCheck, type PaymentOptions, readCardCheck } from '#machines/rules/payment.ts'

/** The card on file as the machine keeps it. */
export function cardOf(answer: RenewalCardAnswer): RenewalCard | null {
  return answer.card ? { brand: answer.card.brand, last4: answer.card.last4 } : null
}

/** The card machine's backend actors. */
export function cardCalls(api: Api) {
  return {
    createCardCheck: fromPromise<PaymentOptions, CreateCardCheckInput>(({ input }) => api.replaceCard({ service: input.service })),
    checkCard: fromPromise<CardCheck, CheckCardInput>(async ({ input }) => readCardCheck(await api.payment(input.paymentId))),
    loadCard: fromPromise<RenewalCard | null, void>(async () => cardOf(await api.renewalCard())),
  }
}

/** The card machine's calls with the page's client (its token checked by the auth machine first, R4). */
export function useCardCalls(): ReturnType<typeof cardCalls> {
  const api = useApi()
  return useMemo(() => cardCalls(api), [api])
}
