/** Spec 7: the plan list for the first paint, fetched by the server from the backend. */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import { CONSTANTS, loadConfig } from '../../../app.config'
import { getLocale } from '~/paraglide/runtime'
import { createApi } from '~/api/client'
import { loadPlans, type PlansResult } from './plans-result'

export const getPlans = createServerFn({ method: 'GET' }).handler(
  async (): Promise<PlansResult> => {
    const config = loadConfig()
    const result = await loadPlans(createApi({ base: config.apiBase, locale: getLocale(), timeoutMs: CONSTANTS.serverBackendTimeoutMs }), config.payment.service)
    // A page showing a failed load is not kept for other guests (decision 020).
    if (!result.ok) setResponseHeader('cache-control', 'no-store')
    return result
  },
)
