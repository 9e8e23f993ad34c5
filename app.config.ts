/**
 * Runtime configuration: the environment, parsed once with arktype into one frozen object.
 *
 * Server code reads `loadConfig()`; the browser only ever sees `toPublicConfig(config)`,
 * which carries no secret. A bad value throws a `ConfigError` naming the variable and what
 * it expects, so the server never starts half-configured.
 */
import { type } from 'arktype'
import { parseProxies } from '#app/core/trusted-host.server.ts'
import { type Config, normalizeHost } from '#constants'
import { LOCALES, type Locale } from '#machines/rules/locale.ts'
import { PAYMENT_SERVICES, type PaymentService } from '#machines/rules/payment.ts'

export * from '#constants'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
    this.name = 'ConfigError'
  }
}

const port = type('string.integer.parse').pipe(type('1 <= number.integer <= 65535'))
const flag = type("'true' | 'false' | '1' | '0' | 'yes' | 'no' | 'on' | 'off'").pipe((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on')
const httpUrl = type(/^https?:\/\/[^\s/?#]+(?:[/?#][^\s]*)?$/).describe('an http(s) URL such as https://example.com')
const email = type('string.email')
/** `host=value,host=value`: a per-host map, hosts compared without a leading www. and port. */
const hostMap = type(/^\s*[^=,\s]+\s*=\s*[^=,\s]+\s*(,\s*[^=,\s]+\s*=\s*[^=,\s]+\s*)*$/)
  .describe('a list like host=value,host=value')
  .pipe(
    (raw) =>
      Object.fromEntries(
        raw.split(',').map((pair) => {
          const [host = '', value = ''] = pair.split('=').map((s) => s.trim())
          return [normalizeHost(host), value]
        }),
      ) as Record<string, string>,
  )
const localeHostMap = hostMap.pipe((map, ctx) => {
  for (const key of Object.values(map)) {
    if (!(LOCALES as readonly string[]).includes(key)) return ctx.error(`locales among ${LOCALES.join(', ')}`)
  }
  return map as Record<string, Locale>
})

const nonEmpty = type('string > 0')
/** A tag manager container id: `GTM-` and upper-case letters or digits. */
const gtmId = type(/^GTM-[A-Z0-9]{4,12}$/).describe('a tag manager container id such as GTM-AB12CD3')

/** Where the tag manager's container script comes from unless GTM_SCRIPT_URL says otherwise. */
export const DEFAULT_GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js'

export const EnvSchema = type({
  'NODE_ENV?': "'development' | 'production' | 'test'",
  PORT: port.default('3000'),
  BACKEND_PORT: port.default('3001'),
  'API_BASE_URL?': httpUrl,
  'API_BROWSER_BASE_URL?': httpUrl,
  'MIRROR_BASE_URL?': httpUrl,
  /** The original's address: a request for an unknown host is answered as this one (decision 082). */
  'SITE_BASE_URL?': httpUrl,
  /** Proxies whose X-Forwarded-Host and X-Forwarded-Proto count: IP addresses, or loopback. */
  'TRUST_PROXY?': type('string').narrow((raw, ctx) => {
    const parsed = parseProxies(raw)
    return typeof parsed === 'string' ? ctx.mustBe('a list of proxy IP addresses or loopback, separated by commas') : true
  }),
  /** Shown to the backend with every call the server makes for a visitor (R10.20): 16 to 256 printable characters. */
  'SITE_PROXY_TOKEN?': type(/^[\x21-\x7e]{16,256}$/).describe('16 to 256 printable ASCII characters without spaces'),
  'LOCALE_HOSTS?': localeHostMap,
  COOKIES_CROSS_ORIGIN: flag.default('false'),

  APP_NAME_EN: nonEmpty.default('Skinvault'),
  APP_NAME_RU: nonEmpty.default('Скинволт'),
  APP_NAME_RU_SHORT: nonEmpty.default('SV'),
  MIRROR_APP_NAME_EN: nonEmpty.default('SV Changer'),
  MIRROR_APP_NAME_RU: nonEmpty.default('СВ Чейнджер'),
  MIRROR_APP_NAME_RU_SHORT: nonEmpty.default('SVC'),
  SUPPORT_EMAIL: email.default('support@skinvault.gg'),
  MIRROR_SUPPORT_EMAIL: email.default('help@svchanger.app'),

  PAYMENT_SERVICE: nonEmpty.default('cloudpayments'),
  'CLOUDPAYMENTS_PUBLIC_IDS?': hostMap,
  CLOUDPAYMENTS_PUBLIC_ID: nonEmpty.default('pk_sandbox_0000000000000000000000000'),
  'CLOUDPAYMENTS_SCRIPT_URL?': httpUrl,
  PAYSELECTION_SERVICE_ID: nonEmpty.default('sandbox-service'),
  PAYSELECTION_PUBLIC_KEY: nonEmpty.default('sandbox-public-key'),
  'PAYSELECTION_SCRIPT_URL?': httpUrl,

  'EXTERNAL_DOWNLOAD_URL?': httpUrl,
  'CS2_DOWNLOAD_URL?': httpUrl,
  'STEAM_OPENID_URL?': httpUrl,
  'CHAT_SCRIPT_URL?': httpUrl,
  'ANALYTICS_SCRIPT_URL?': httpUrl,
  'ANALYTICS_CLIENT_ID_COOKIE?': nonEmpty,
  'GTM_ID?': gtmId,
  GTM_SCRIPT_URL: httpUrl.default(DEFAULT_GTM_SCRIPT_URL),
  'OPERATOR_NAME?': nonEmpty,
  'OPERATOR_TAX_ID?': type(/^\d{10}(\d{2})?$/).describe('a Russian taxpayer number (INN) of 10 or 12 digits'),
  'OPERATOR_ADDRESS?': nonEmpty,
  'OPERATOR_REGISTRATION?': nonEmpty,
  DEBUG_PRICES: flag.default('false'),
  /** Issue 40: logs, metrics and the error hook (README "Operating"). */
  LOG_LEVEL: type("'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'").default('info'),
  LOG_FORMAT: type("'json' | 'pretty'").default('json'),
  'METRICS_PORT?': port,
  METRICS_HOST: type(/^[0-9A-Za-z.:-]+$/)
    .describe('an address to listen on, such as 127.0.0.1')
    .default('127.0.0.1'),
  'ERROR_REPORT_URL?': httpUrl,
  PAGE_CACHE_SECONDS: type('string.integer.parse').pipe(type('0 <= number.integer <= 86400')).default('60'),
  BACKEND_CACHE_SECONDS: type('string.integer.parse').pipe(type('0 <= number.integer <= 3600')).default('30'),
  RENDER_CONCURRENCY: type('string.integer.parse').pipe(type('1 <= number.integer <= 1024')).default('8'),
  RENDER_QUEUE: type('string.integer.parse').pipe(type('0 <= number.integer <= 100000')).default('64'),
  RENDER_QUEUE_MS: type('string.integer.parse').pipe(type('1 <= number.integer <= 60000')).default('1000'),
  /** The most a form (`/forms/*`) or server function may send; past it 413 (src/server/admission.server.ts). */
  REQUEST_BODY_LIMIT_BYTES: type('string.integer.parse').pipe(type('1024 <= number.integer <= 16777216')).default('16384'),
})

export type Env = typeof EnvSchema.infer

/** Steam's OpenID 2.0 endpoint: the default with a real backend (API_BASE_URL set). */
export const STEAM_OPENID_URL = 'https://steamcommunity.com/openid/login'

/** The providers' own widget scripts: the default with a real backend (API_BASE_URL set). */
export const PROVIDER_SCRIPT_URLS = Object.freeze({
  cloudpayments: 'https://widget.cloudpayments.ru/bundles/cloudpayments.js',
  payselection: 'https://widget.payselection.com/lib/pay-widget.js',
} as const)

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

/** Parse an environment; throws ConfigError naming every bad variable. */
export function parseConfig(raw: Record<string, string | undefined>): Config {
  // An empty variable means "not set".
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''))
  const env = EnvSchema(present)
  if (env instanceof type.errors) {
    throw new ConfigError(env.map((e) => e.message))
  }
  if (!(PAYMENT_SERVICES as readonly string[]).includes(env.PAYMENT_SERVICE)) {
    throw new ConfigError([`PAYMENT_SERVICE must be one of the available services: ${PAYMENT_SERVICES.join(', ')} (was "${env.PAYMENT_SERVICE}")`])
  }
  const apiBase = trimSlash(env.API_BASE_URL ?? `http://127.0.0.1:${env.BACKEND_PORT}`)
  const apiBrowserBase = trimSlash(env.API_BROWSER_BASE_URL ?? env.API_BASE_URL ?? `http://localhost:${env.BACKEND_PORT}`)
  const mirrorHost = env.MIRROR_BASE_URL ? new URL(env.MIRROR_BASE_URL).host.toLowerCase() : null
  // Without API_BASE_URL the site runs with the built-in stand-in backend and its sandbox
  // widget scripts; a real backend means the providers' real scripts (decision 050).
  const standIn = !env.API_BASE_URL

  const config: Config = {
    env: env.NODE_ENV ?? 'production',
    port: env.PORT,
    backendPort: env.BACKEND_PORT,
    apiBase,
    apiBrowserBase,
    mirrorHost,
    localeHosts: env.LOCALE_HOSTS ?? null,
    siteBase: (() => {
      const url = new URL(env.SITE_BASE_URL ?? `http://localhost:${env.PORT}`)
      return { host: url.host.toLowerCase(), protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const) }
    })(),
    trustedProxies: [...(parseProxies(env.TRUST_PROXY) as Set<string>)],
    siteProxyToken: env.SITE_PROXY_TOKEN ?? null,
    cookiesCrossOrigin: env.COOKIES_CROSS_ORIGIN,
    brands: {
      original: {
        id: 'original',
        names: { ru: env.APP_NAME_RU, ruShort: env.APP_NAME_RU_SHORT, en: env.APP_NAME_EN },
        supportEmail: env.SUPPORT_EMAIL,
        favicon: '/favicon.png',
        shareImage: '/share/original.jpg',
      },
      mirror: {
        id: 'mirror',
        names: { ru: env.MIRROR_APP_NAME_RU, ruShort: env.MIRROR_APP_NAME_RU_SHORT, en: env.MIRROR_APP_NAME_EN },
        supportEmail: env.MIRROR_SUPPORT_EMAIL,
        favicon: '/favicon-mirror.png',
        shareImage: '/share/mirror.jpg',
      },
    },
    promoShareImage: '/share/promo.jpg',
    payment: {
      service: env.PAYMENT_SERVICE as PaymentService,
      cloudpaymentsPublicIds: env.CLOUDPAYMENTS_PUBLIC_IDS ?? {},
      cloudpaymentsFallbackId: env.CLOUDPAYMENTS_PUBLIC_ID,
      cloudpaymentsScriptUrl: env.CLOUDPAYMENTS_SCRIPT_URL ?? (standIn ? `${apiBrowserBase}/sandbox/cloudpayments.js` : PROVIDER_SCRIPT_URLS.cloudpayments),
      payselection: {
        serviceId: env.PAYSELECTION_SERVICE_ID,
        publicKey: env.PAYSELECTION_PUBLIC_KEY,
        scriptUrl: env.PAYSELECTION_SCRIPT_URL ?? (standIn ? `${apiBrowserBase}/sandbox/pay-widget.js` : PROVIDER_SCRIPT_URLS.payselection),
      },
    },
    externalDownloadUrl: env.EXTERNAL_DOWNLOAD_URL ?? null,
    cs2DownloadUrl: env.CS2_DOWNLOAD_URL ?? null,
    chatScriptUrl: env.CHAT_SCRIPT_URL ?? null,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL ?? null,
    analyticsClientIdCookie: env.ANALYTICS_CLIENT_ID_COOKIE ?? null,
    gtmId: env.GTM_ID ?? null,
    gtmScriptUrl: env.GTM_SCRIPT_URL,
    debugPrices: env.DEBUG_PRICES,
    steamOpenIdUrl: env.STEAM_OPENID_URL ?? (standIn ? `${apiBrowserBase}/sandbox/openid/login` : STEAM_OPENID_URL),
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    log: { level: env.LOG_LEVEL, format: env.LOG_FORMAT },
    metrics: env.METRICS_PORT ? { port: env.METRICS_PORT, host: env.METRICS_HOST } : null,
    errorReportUrl: env.ERROR_REPORT_URL ?? null,
    backendCacheSeconds: env.BACKEND_CACHE_SECONDS,
    renderLimit: { concurrency: env.RENDER_CONCURRENCY, queue: env.RENDER_QUEUE, queueMs: env.RENDER_QUEUE_MS },
    requestBodyLimitBytes: env.REQUEST_BODY_LIMIT_BYTES,
    operator: env.OPERATOR_NAME
      ? { name: env.OPERATOR_NAME, taxId: env.OPERATOR_TAX_ID ?? null, address: env.OPERATOR_ADDRESS ?? null, registration: env.OPERATOR_REGISTRATION ?? null }
      : null,
  }
  return deepFreeze(config)
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

let cached: Config | undefined
/** The server's configuration, parsed from process.env on first use. */
export function loadConfig(): Config {
  cached ??= parseConfig(process.env)
  return cached
}
