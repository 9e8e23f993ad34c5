/** Spec 7: the plan list for the first paint, fetched by the server from the backend. */
import { createServerFn } from '@tanstack/react-start'
import { CONSTANTS, loadConfig } from '../../../app.config'
import { getLocale } from '~/paraglide/runtime'
import { createApi } from '~/api/client'
import { loadPlans, type PlansResult } from './plans-result'

export const getPlans = createServerFn({ method: 'GET' }).handler(
  async (): Promise<PlansResult> => {
    const config = loadConfig()
    return loadPlans(createApi({ base: config.apiBase, locale: getLocale(), timeoutMs: CONSTANTS.serverBackendTimeoutMs }), config.payment.service)
  },
)
