/** R7: what the premium page renders with, fetched by the server: the plans and the visitor's special offer. */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import type { SpecialOffer } from '#app/api/schemas.ts'
import { pageApi, pageSession } from '#app/features/account/session.server.ts'
import { SharedAnswers } from '#app/server/shared-answers.server.ts'
import { PageRequest } from '#app/site/page-request.ts'
import { loadConfig } from '#config'
import { loadPlans, type PlansResult } from './plans-result.ts'

export interface PremiumData {
  plans: PlansResult
  /** R7: GET /users/subscription/special, for a signed-in visitor; null otherwise or when it fails. */
  offer: SpecialOffer['offer']
}

/**
 * The plan list is the same for every visitor of a language and payment service: kept for
 * BACKEND_CACHE_SECONDS (decision 080). A failed list is asked again by the next visitor.
 */
let sharedPlans: SharedAnswers<PlansResult> | undefined

/** The plans in the page's language, hence its currency (R7: every request path carries the locale). */
export const getPremiumData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<PremiumData> => {
    const config = loadConfig()
    const api = pageApi(data.locale)
    const session = await pageSession(api)
    const [plans, offer] = await Promise.all([
      (sharedPlans ??= new SharedAnswers<PlansResult>(config.backendCacheSeconds * 1000, (result) => result.ok)).get(
        `${data.locale}|${config.payment.service}`,
        () => loadPlans(api(null), config.payment.service),
      ),
      session
        ? api(session.token)
            .specialOffer()
            .then(
              (answer) => answer.offer,
              () => null,
            )
        : Promise.resolve(null),
    ])
    // A page showing a failed load is not kept for other guests (decision 020).
    if (!plans.ok) setResponseHeader('cache-control', 'no-store')
    return { plans, offer }
  })
