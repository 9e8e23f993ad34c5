/** Spec 7: the plan list for the first paint, fetched by the server from the backend. */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import { CONSTANTS, loadConfig } from '../../../app.config'
import { createApi } from '~/api/client'
import { PageRequest } from '../page-request'
import { loadPlans, type PlansResult } from './plans-result'

/** The plans in the page's language, hence its currency (spec 7: every request path carries the locale). */
export const getPlans = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<PlansResult> => {
    const config = loadConfig()
    const result = await loadPlans(createApi({ base: config.apiBase, locale: data.locale, timeoutMs: CONSTANTS.serverBackendTimeoutMs }), config.payment.service)
    // A page showing a failed load is not kept for other guests (decision 020).
    if (!result.ok) setResponseHeader('cache-control', 'no-store')
    return result
  })
