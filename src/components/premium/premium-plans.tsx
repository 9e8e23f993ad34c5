import { useMemo, useState } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { requestMachine } from '#machines/request'
import type { Locale } from '../../../app.constants'
import { m } from '~/paraglide/messages'
import { useApi } from '~/api/use-api'
import type { SubscriptionList } from '~/api/schemas'
import { notify } from '~/lib/toast'
import { useSite } from '~/lib/use-site'
import { useMachineInspect } from '~/lib/machine-inspect'
import { planViews, type DaysMessages } from '~/lib/premium/plans'
import { fetchPlans, plansFailureToast, settledPlans, type PlansResult } from '~/lib/premium/plans-result'
import { PlansError } from './plans-error'
import { PremiumCheckout } from './checkout'

const DAYS: DaysMessages = {
  one: (inputs) => m.premium_plan_days_one(inputs),
  few: (inputs) => m.premium_plan_days_few(inputs),
  many: (inputs) => m.premium_plan_days_many(inputs),
}

/**
 * Spec 7, 8: the plans from the route loader. A new loader result starts over (a new request
 * machine); see `Plans`.
 */
export function PremiumPlans({ initial, locale }: { initial: PlansResult; locale: Locale }) {
  const [current, setCurrent] = useState({ initial, generation: 0 })
  if (current.initial !== initial) setCurrent({ initial, generation: current.generation + 1 })
  return <Plans key={current.generation} initial={initial} locale={locale} />
}

/**
 * The loader's result drives a request machine: it starts `done`, or `failed` with a toast
 * (the server's message, else the generic one) and an error state whose retry fetches the
 * plans again in the browser.
 */
function Plans({ initial, locale }: { initial: PlansResult; locale: Locale }) {
  const site = useSite()
  const api = useApi()
  const service = site.config.payment.service
  const [logic] = useState(() =>
    requestMachine.provide({
      actors: { run: fromPromise<unknown, void>(() => fetchPlans(api, service)) },
      actions: {
        reportFailure: (_, params) => notify(plansFailureToast(params.error)),
        logError: (_, params) => console.error('premium: the plan list could not be loaded', params.error),
      },
    }),
  )
  const [snapshot, send] = useMachine(logic, { input: { settled: settledPlans(initial) }, inspect: useMachineInspect() })
  const list = snapshot.matches('done') ? (snapshot.context.result as SubscriptionList) : null

  const views = useMemo(
    () => (list ? planViews(list.subscriptions, { locale, debugPrices: site.config.debugPrices, days: DAYS }) : []),
    [list, locale, site.config.debugPrices],
  )

  if (!list) {
    return (
      <section className="premium-plans" aria-labelledby="premium-plans-heading">
        <h2 id="premium-plans-heading">{m.premium_plans_heading()}</h2>
        <PlansError retrying={snapshot.hasTag('busy')} onRetry={() => send({ type: 'request.retry' })} />
      </section>
    )
  }
  return <PremiumCheckout views={views} locale={locale} />
}
