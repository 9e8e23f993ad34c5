import { useEffect, useMemo, useRef, useState } from 'react'
import type { Locale } from '../../../app.constants'
import { m } from '~/paraglide/messages'
import { useApi } from '~/api/use-api'
import { notify } from '~/lib/toast'
import { useSite } from '~/lib/use-site'
import { planViews, type DaysMessages } from '~/lib/premium/plans'
import { loadPlans, type PlansResult } from '~/lib/premium/plans-result'
import { PlansError } from './plans-error'
import { PremiumCheckout } from './checkout'

const DAYS: DaysMessages = {
  one: (inputs) => m.premium_plan_days_one(inputs),
  few: (inputs) => m.premium_plan_days_few(inputs),
  many: (inputs) => m.premium_plan_days_many(inputs),
}

/**
 * Spec 7, 8: the plans from the route loader; a failed load shows a toast (the server's
 * message, else the generic one) and an error state whose retry fetches again in the browser.
 */
export function PremiumPlans({ initial, locale }: { initial: PlansResult; locale: Locale }) {
  const site = useSite()
  const api = useApi()
  const [result, setResult] = useState(initial)
  const [retrying, setRetrying] = useState(false)
  useEffect(() => setResult(initial), [initial])

  const announced = useRef<PlansResult | null>(null)
  useEffect(() => {
    if (result.ok || announced.current === result) return
    announced.current = result
    notify(result.message ? { kind: 'error', text: result.message } : { kind: 'error', key: 'notifications.errors.other' })
  }, [result])

  const views = useMemo(
    () => (result.ok ? planViews(result.list.subscriptions, { locale, debugPrices: site.config.debugPrices, days: DAYS }) : []),
    [result, locale, site.config.debugPrices],
  )

  if (!result.ok) {
    const retry = async () => {
      setRetrying(true)
      try {
        setResult(await loadPlans(api, site.config.payment.service))
      } finally {
        setRetrying(false)
      }
    }
    return (
      <section className="premium-plans" aria-labelledby="premium-plans-heading">
        <h2 id="premium-plans-heading">{m.premium_plans_heading()}</h2>
        <PlansError retrying={retrying} onRetry={() => void retry()} />
      </section>
    )
  }
  return <PremiumCheckout views={views} locale={locale} />
}
