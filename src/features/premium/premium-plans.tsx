import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { reportFailure } from '#app/api/report.ts'
import type { SpecialOffer, SubscriptionList } from '#app/api/schemas.ts'
import { DAYS } from '#app/core/format.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { notify } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { createRequestMachine } from '#machines/request.ts'
import type { SpecialOffer as MachineOffer } from '#machines/rules/checkout.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { chargesRoublesOnly, pricingGroup } from '#machines/rules/plans.ts'
import { PremiumCheckout } from './checkout.tsx'
import { usePlansCall } from './plans.effects.ts'
import { labelledPlans } from './plans.ts'
import { PlansError } from './plans-error.tsx'
import { type PlansResult, plansFailureToast, settledPlans } from './plans-result.ts'

function machineOffer(offer: SpecialOffer['offer']): MachineOffer | null {
  return offer ? { subscriptionId: offer.subscription_id, price: offer.price, currency: offer.currency } : null
}

interface PremiumPlansProps {
  initial: PlansResult
  offer: SpecialOffer['offer']
  /** The country group the plans were asked in; null: the page language's. */
  group?: number | null
  takeOffer: boolean
  locale: Locale
}

/**
 * R7, R8: the plans from the route loader. A new loader result starts over (a new request
 * machine); see `Plans`.
 */
export function PremiumPlans(props: PremiumPlansProps) {
  const [current, setCurrent] = useState({ initial: props.initial, generation: 0 })
  if (current.initial !== props.initial) setCurrent({ initial: props.initial, generation: current.generation + 1 })
  return <Plans key={current.generation} {...props} />
}

/**
 * The loader's result drives a request machine: it starts `done`, or `failed` with a toast
 * (the server's message, else the generic one) and an error state whose retry fetches the
 * plans again in the browser.
 */
function Plans({ initial, offer, group = null, takeOffer, locale }: PremiumPlansProps) {
  const site = useSite()
  const run = usePlansCall(group ?? pricingGroup(site.config.payment.service, null) ?? null)
  const [logic] = useState(() =>
    createWithEffects(createRequestMachine, () => ({
      actors: { run },
      actions: {
        reportFailure: (_, params) => notify(plansFailureToast(params.error)),
        logError: (_, params) => reportFailure('premium: the plan list could not be loaded', params.error),
      },
    })),
  )
  const [snapshot, send] = useMachine(logic, { input: { settled: settledPlans(initial) }, inspect: useMachineInspect() })
  const list = snapshot.matches('done') ? (snapshot.context.result as SubscriptionList) : null

  if (!list) {
    return (
      <section className="premium-plans" aria-labelledby="premium-plans-heading">
        <h2 id="premium-plans-heading">{m.premium_plans_heading()}</h2>
        <PlansError retrying={snapshot.hasTag('busy')} onRetry={() => send({ type: 'request.retry' })} />
      </section>
    )
  }
  return (
    <>
      {/* Every price list says that the service charges roubles, in the page's language. */}
      {chargesRoublesOnly(site.config.payment.service) ? (
        <p className="premium-plans__note" data-testid="roubles-note">
          {m.premium_rub_note()}
        </p>
      ) : null}
      <PremiumCheckout
        plans={labelledPlans(list.subscriptions, locale, DAYS)}
        offer={machineOffer(offer)}
        offerDiscount={offer?.discount_percent ?? null}
        takeOffer={takeOffer}
        locale={locale}
      />
    </>
  )
}
