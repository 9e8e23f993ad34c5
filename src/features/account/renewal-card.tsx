/**
 * R9.22: the card renewals are charged to, on the account, and "Replace card": the card machine
 * with the site's effects (the backend's card check, the provider's widget, the confirmation, the
 * card read again). Against a backend without the card endpoints it says the card cannot be shown.
 */
import { useMachine } from '@xstate/react'
import { createContext, useContext, useState } from 'react'
import { fromPromise } from 'xstate'
import { reportFailure } from '#app/api/report.ts'
import type { RenewalCardAnswer } from '#app/api/schemas.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { createLoadWidgetScript, createRunWidget, type WidgetScope } from '#app/core/payments/index.ts'
import { notify } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { cloudpaymentsPublicIdForHost } from '#constants'
import { type CardEffects, type CardWaitInput, createCardMachine, type RenewalCard } from '#machines/card.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { isPaymentService } from '#machines/rules/payment.ts'
import { cardOf, useCardCalls } from './card.effects.ts'

/** Replacement actors for the card machine: stories give fakes here; the site never sets it. */
export const CardActorsOverride = createContext<CardEffects['actors'] | null>(null)

/** The card's words: brand and last 4 digits. */
function cardText(card: RenewalCard): string {
  return m.acc_card_on_file({ brand: card.brand ?? '', last4: card.last4 }).trim()
}

export function RenewalCardSection({
  answer,
  locale,
  canReplace,
}: {
  /** What GET /payments/card answered; null: the backend could not say. */
  answer: RenewalCardAnswer | null
  locale: Locale
  /** Only an active subscription that renews has a card to replace. */
  canReplace: boolean
}) {
  const { config } = useSite()
  const service = config.payment.service
  if (answer === null || !isPaymentService(service)) {
    return (
      <section className="card" aria-labelledby="acc-card" data-testid="renewal-card">
        <h2 id="acc-card">{m.acc_card_title()}</h2>
        <p className="form-card__muted" data-testid="renewal-card-unavailable">
          {m.acc_card_unavailable()}
        </p>
      </section>
    )
  }
  return <Replaceable initial={cardOf(answer)} service={service} locale={locale} canReplace={canReplace} />
}

function Replaceable({
  initial,
  service,
  locale,
  canReplace,
}: {
  initial: RenewalCard | null
  service: 'cloudpayments' | 'payselection'
  locale: Locale
  canReplace: boolean
}) {
  const site = useSite()
  const calls = useCardCalls()
  const override = useContext(CardActorsOverride)
  const payment = site.config.payment
  const [logic] = useState(() =>
    createWithEffects(createCardMachine, () => ({
      actors: {
        ...calls,
        loadWidgetScript: createLoadWidgetScript(payment),
        runWidget: createRunWidget(() => window as unknown as WidgetScope),
        wait: fromPromise<void, CardWaitInput>(({ input }) => new Promise<void>((resolve) => window.setTimeout(resolve, input.ms))),
        ...override,
      },
      actions: {
        toast: (_, params) => notify(params),
        log: (_, params) => console.info(`card: ${params.message}`),
        logError: (_, params) => ('message' in params ? reportFailure(`card: ${params.message}`, params.detail ?? '') : reportFailure('card:', params.error)),
      },
    })),
  )
  const [state, send] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: {
      service,
      locale,
      description: m.acc_card_description(),
      publicId: cloudpaymentsPublicIdForHost(site.config, site.host),
      payselection: { serviceId: payment.payselection.serviceId, publicKey: payment.payselection.publicKey },
      card: initial,
    },
  })
  const busy = state.hasTag('busy')
  const card = state.context.card
  return (
    <section className="card" aria-labelledby="acc-card" data-testid="renewal-card">
      <h2 id="acc-card">{m.acc_card_title()}</h2>
      <p data-testid="renewal-card-value">{card ? cardText(card) : m.acc_card_none()}</p>
      {canReplace ? (
        <>
          <p className="form-card__muted">{m.acc_card_note()}</p>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-busy={busy}
            onClick={() => send({ type: 'card.replace' })}
            data-testid="replace-card"
          >
            {busy ? m.acc_card_replacing() : m.acc_card_replace()}
          </button>
        </>
      ) : null}
    </section>
  )
}
