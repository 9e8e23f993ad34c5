/** R7: what the premium page renders with, fetched by the server: the plans and the visitor's special offer. */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import type { SpecialOffer } from '#app/api/schemas.ts'
import { PageRequest } from '#app/core/page-request.ts'
import { pageApi, pageSession, pageUser } from '#app/core/session.server.ts'
import { SharedAnswers } from '#app/core/shared-answers.server.ts'
import { loadConfig } from '#config'
import { pricingGroup } from '#machines/rules/plans.ts'
import { loadPlans, type PlansResult } from './plans-result.ts'

export interface PremiumData {
  plans: PlansResult
  /** R7: GET /users/subscription/special, for a signed-in visitor; null otherwise or when it fails. */
  offer: SpecialOffer['offer']
  /** The country group the plans were asked in, for a retry from the browser; null: the page language's. */
  group: number | null
}

/**
 * The plan list is the same for every visitor of a language and country group: kept for
 * BACKEND_CACHE_SECONDS (decision 080). A failed list is asked again by the next visitor.
 */
let sharedPlans: SharedAnswers<PlansResult> | undefined

/**
 * The plans in the page's language (R7: every request path carries the locale), priced in the
 * visitor's country group: a subscriber's is the one the subscription was paid in.
 */
export const getPremiumData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<PremiumData> => {
    const config = loadConfig()
    const api = pageApi(data.locale)
    const session = await pageSession(api)
    const mine = session ? api(session.token) : null
    const shared = (sharedPlans ??= new SharedAnswers<PlansResult>(config.backendCacheSeconds * 1000, (result) => result.ok))
    const plansIn = (group: number | undefined) => shared.get(`${data.locale}|${group ?? 'language'}`, () => loadPlans(api(null), group))
    // The guests' plans are asked at once, beside the user: a slow backend costs one wait, not two.
    const guestGroup = pricingGroup(config.payment.service, null)
    const [guestPlans, user, offer] = await Promise.all([
      plansIn(guestGroup),
      session ? pageUser(api, session).catch(() => null) : null,
      mine
        ? mine.specialOffer().then(
            (answer) => answer.offer,
            () => null,
          )
        : null,
    ])
    // A user that cannot be read is priced as a guest; the payment is still made in the
    // subscription's currency, which the backend decides.
    const group = pricingGroup(config.payment.service, user?.subscription)
    const plans = group === guestGroup ? guestPlans : await plansIn(group)
    // A page showing a failed load is not kept for other guests (decision 020).
    if (!plans.ok) setResponseHeader('cache-control', 'no-store')
    return { plans, offer, group: group ?? null }
  })
