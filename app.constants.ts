/**
 * The configuration's constants, types and pure helpers: what both the server and the browser
 * use. No schema library here, so the browser's code never carries the environment parser
 * (`app.config.ts`, which re-exports all of this).
 */
import type { Locale } from '#machines/rules/locale.ts'
import type { PaymentService } from '#machines/rules/payment.ts'

export type BrandId = 'original' | 'mirror'

/** R3: the two game versions; CS2 is selected by default. */
export const GAME_VERSIONS = [
  { id: 1, code: 'cs2', name: 'CS2', goal_year: 2024 },
  { id: 2, code: 'cs-go', name: 'CS:GO', goal_year: 2019 },
] as const
export const DEFAULT_GAME_VERSION_ID = 1

/** R3: the site's languages as the backend knows them (German has the code `ge`). */
export const LANGUAGES = [
  { id: 1, code: 'ru', name: 'Русский', locale: 'ru' },
  { id: 2, code: 'en', name: 'English', locale: 'en' },
  { id: 3, code: 'ge', name: 'Deutsch', locale: 'de' },
] as const

/** R9: business constants. */
export const CONSTANTS = Object.freeze({
  trackingCookieMaxAgeSeconds: 31_536_000,
  toastDurationMs: 5000,
  prefetchIdleTimeoutMs: 2000,
  sliderAutoplayMs: 3000,
  sliderSpeedMs: 300,
  sliderLongSwipeMs: 300,
  analyticsBatchDelayMs: 500,
  analyticsBatchAmount: 2,
  pageDataMinDelayMs: 200,
  visibilityThrottleMs: 100,
  /**
   * Server-side backend calls made while a page renders (user, plans, special offer) give up
   * after this long, so a slow backend delays a page by at most about that (decision 030).
   */
  serverBackendTimeoutMs: 2500,
})

export interface Brand {
  id: BrandId
  /** Product names: Russian, Russian short, English (R3). */
  names: { ru: string; ruShort: string; en: string }
  supportEmail: string
  favicon: string
  shareImage: string
}

/**
 * What the browser receives. Deliberately without the brands and the mirror host: a page
 * carries its own brand only (`SiteContext.brandInfo`), so the original site's
 * pages never name the mirror and the mirror's pages never name the original (decision 005).
 */
export interface PublicConfig {
  apiBrowserBase: string
  /** Hosts bound to a locale (LOCALE_HOSTS); the browser's locale detection reads it. */
  localeHosts: Record<string, Locale> | null
  cookiesCrossOrigin: boolean
  promoShareImage: string
  payment: {
    service: PaymentService
    /** In the browser: at most the current host's entry (see `toPublicConfig`). */
    cloudpaymentsPublicIds: Record<string, string>
    cloudpaymentsFallbackId: string
    cloudpaymentsScriptUrl: string
    payselection: { serviceId: string; publicKey: string; scriptUrl: string }
  }
  externalDownloadUrl: string | null
  cs2DownloadUrl: string | null
  chatScriptUrl: string | null
  analyticsScriptUrl: string | null
  analyticsClientIdCookie: string | null
  /** The tag manager container id (`GTM-XXXXXXX`); null: no tag manager. */
  gtmId: string | null
  /** Where the tag manager container loads from; `?id=` is added. */
  gtmScriptUrl: string
  debugPrices: boolean
  /** Where "Sign in with Steam" goes: Steam's OpenID 2.0 endpoint (the stand-in's sandbox by default). */
  steamOpenIdUrl: string
  /** The seller's legal details (OPERATOR_*), shown on the requisites page and the Impressum; null: given by support on request. */
  operator: Operator | null
}

/** The seller (decisions 073, 076). */
export interface Operator {
  name: string
  /** The Russian taxpayer number (INN). */
  taxId: string | null
  address: string | null
  /** The commercial register entry, as the Impressum names it (`HRB 12345, Amtsgericht Berlin`). */
  registration: string | null
}

export interface Config extends PublicConfig {
  env: 'development' | 'production' | 'test'
  port: number
  backendPort: number
  /** Base address the server uses to reach the backend. */
  apiBase: string
  /** The mirror's host (R1); null: every host is the original. */
  mirrorHost: string | null
  brands: Record<BrandId, Brand>
  /** How long a guest page is served from the cache before it is rendered again; 0: no cache. */
  pageCacheSeconds: number
  /** How long backend answers that are the same for every visitor (plans per language and country group) are kept; 0: not kept. */
  backendCacheSeconds: number
  /** Renders at once per worker, places in the queue behind them and the longest wait there (decision 080). */
  renderLimit: { concurrency: number; queue: number; queueMs: number }
  /** The most bytes a form or server function may send (REQUEST_BODY_LIMIT_BYTES); past it 413. */
  requestBodyLimitBytes: number
  /** The original's host and scheme (SITE_BASE_URL): the address of a request for an unknown host (decision 082). */
  siteBase: { host: string; protocol: 'http' | 'https' }
  /** Proxies whose forwarding headers count (TRUST_PROXY). */
  trustedProxies: string[]
  /**
   * What the site's server shows the backend with every call it makes for a visitor (SITE_PROXY_TOKEN,
   * `X-Site-Proxy-Token`), so the backend believes the visitor it names in `X-Forwarded-For` (R10.20).
   */
  siteProxyToken: string | null
  /** The logs' level and format (LOG_LEVEL, LOG_FORMAT; README "Operating"). */
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; format: 'json' | 'pretty' }
  /** Where `GET /metrics` is served (METRICS_PORT, METRICS_HOST); null: nowhere. */
  metrics: { port: number; host: string } | null
  /** Where uncaught errors are posted (ERROR_REPORT_URL); null: nowhere. */
  errorReportUrl: string | null
}

export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '')
}

/**
 * The part of the configuration that may reach the browser, for a page on `host`: no server
 * field, no brand, and of the per-host card provider ids only this host's (the lookup
 * `cloudpaymentsPublicIdForHost` then answers as it would on the server).
 */
export function toPublicConfig(config: Config, host?: string | null): PublicConfig {
  const {
    env: _env,
    port: _port,
    backendPort: _backendPort,
    apiBase: _apiBase,
    pageCacheSeconds: _pageCacheSeconds,
    siteBase: _siteBase,
    trustedProxies: _trustedProxies,
    siteProxyToken: _siteProxyToken,
    backendCacheSeconds: _backendCacheSeconds,
    renderLimit: _renderLimit,
    requestBodyLimitBytes: _requestBodyLimitBytes,
    mirrorHost: _mirrorHost,
    brands: _brands,
    log: _log,
    metrics: _metrics,
    errorReportUrl: _errorReportUrl,
    ...rest
  } = config
  const key = host ? normalizeHost(host) : null
  const own = key && Object.hasOwn(config.payment.cloudpaymentsPublicIds, key) ? { [key]: config.payment.cloudpaymentsPublicIds[key]! } : {}
  return { ...rest, payment: { ...rest.payment, cloudpaymentsPublicIds: own } }
}

/** R1: the mirror is the configured mirror base address without its scheme; any other host is the original. */
export function brandForHost(config: Pick<Config, 'mirrorHost'>, host: string | null | undefined): BrandId {
  if (!host || !config.mirrorHost) return 'original'
  const h = host.toLowerCase()
  const m = config.mirrorHost
  return h === m || normalizeHost(h) === normalizeHost(m) ? 'mirror' : 'original'
}

/** R9: card provider public id by host with a leading www removed and the port dropped, else the fallback id. */
export function cloudpaymentsPublicIdForHost(config: Pick<PublicConfig, 'payment'>, host: string | null | undefined): string {
  const ids = config.payment.cloudpaymentsPublicIds
  return (host && ids[normalizeHost(host)]) || config.payment.cloudpaymentsFallbackId
}
