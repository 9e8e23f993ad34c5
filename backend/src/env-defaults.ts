/**
 * The backend's settings that are not read from the environment: its errors, the defaults of the
 * brands and of the sandboxes, the providers' own addresses, and the checks production mode makes.
 */
import type { BackendEnv } from './env.ts'

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    /** What is wrong with it, e.g. `must be "development" or "production" (was "staging")`. */
    readonly detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`)
    this.name = 'EnvError'
  }
}

/** The brands' defaults: the site's own (app.config.ts), so both name the same brand unconfigured. */
export const BRAND_DEFAULTS = {
  appNameEn: 'Skinvault',
  appNameRu: 'Скинволт',
  supportEmail: 'support@skinvault.gg',
  mirrorAppNameEn: 'SV Changer',
  mirrorAppNameRu: 'СВ Чейнджер',
  mirrorSupportEmail: 'help@svchanger.app',
} as const

/** Defaults that sandboxes use: recognisably not real secrets. */
export const SANDBOX_DEFAULTS = {
  openidSandboxSecret: 'sandbox-openid-secret-not-for-production',
  cloudpaymentsApiSecret: 'sandbox-cloudpayments-api-secret',
  payselectionSiteId: 'sandbox-site',
  payselectionSecretKey: 'sandbox-payselection-secret-key',
  cloudpaymentsPublicId: 'pk_sandbox_0000000000000000000000000',
} as const

/** Steam's OpenID 2.0 endpoint: the provider in production mode, where the sandbox provider does not exist. */
export const STEAM_OPENID_URL = 'https://steamcommunity.com/openid/login'
/** The providers' own APIs, where production mode sends voids and refunds. */
export const CLOUDPAYMENTS_API_URL = 'https://api.cloudpayments.ru'
export const PAYSELECTION_API_URL = 'https://gw.payselection.com'

/** The provider secrets production mode needs, by variable: unset or published defaults are refused there. */
const PRODUCTION_SECRETS = [
  ['CLOUDPAYMENTS_API_SECRET', 'cloudpaymentsApiSecret'],
  ['PAYSELECTION_SITE_ID', 'payselectionSiteId'],
  ['PAYSELECTION_SECRET_KEY', 'payselectionSecretKey'],
  ['CLOUDPAYMENTS_PUBLIC_ID', 'cloudpaymentsPublicId'],
] as const

/**
 * In production mode, refuses a provider secret that is unset or the published sandbox default: anyone
 * could sign a notification with it and grant themselves premium (ASVS: no default credential in
 * production). Development mode keeps the sandbox defaults.
 */
export function checkProductionSecrets(env: Pick<BackendEnv, 'mode' | (typeof PRODUCTION_SECRETS)[number][1]>): void {
  if (env.mode !== 'production') return
  for (const [variable, field] of PRODUCTION_SECRETS) {
    const value = env[field] as string | undefined
    if (!value || value === SANDBOX_DEFAULTS[field])
      throw new EnvError(variable, "must be set to the provider's own value in production mode (unset, or the published sandbox default)")
  }
}

/** Refuses a refresh lifetime that is not longer than the access token's. */
export function checkTokenLifetimes(env: Pick<BackendEnv, 'tokenTtlSeconds' | 'refreshTokenTtlSeconds'>): void {
  if (env.refreshTokenTtlSeconds <= env.tokenTtlSeconds)
    throw new EnvError('REFRESH_TOKEN_TTL_SECONDS', `must be greater than TOKEN_TTL_SECONDS (${env.refreshTokenTtlSeconds} <= ${env.tokenTtlSeconds})`)
}
