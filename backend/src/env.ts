import { type } from 'arktype'
import { parseTrustProxy } from './client-address.ts'
import {
  BRAND_DEFAULTS,
  CLOUDPAYMENTS_API_URL,
  checkProductionSecrets,
  checkTokenLifetimes,
  EnvError,
  PAYSELECTION_API_URL,
  SANDBOX_DEFAULTS,
  STEAM_OPENID_URL,
} from './env-defaults.ts'
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log.ts'

export { checkProductionSecrets, checkTokenLifetimes, EnvError, SANDBOX_DEFAULTS } from './env-defaults.ts'

/** Environment of the backend process, parsed once at start. */
export interface BackendEnv {
  port: number
  host: string
  databaseUrl: string | null
  dataDir: string
  mode: 'development' | 'production'
  siteUrl: string
  siteOrigins: string[]
  tokenTtlSeconds: number
  /** Lifetime of a refresh token; always greater than tokenTtlSeconds. */
  refreshTokenTtlSeconds: number
  /** The backend's own public address (no trailing slash): base of the sandbox provider URLs. */
  backendPublicUrl: string
  /** The OpenID 2.0 provider endpoint whose assertions sign users in (Steam's, or the sandbox's). */
  openidProviderUrl: string
  /** The key the sandbox OpenID provider signs its assertions with. */
  openidSandboxSecret: string
  /** CloudPayments API secret: the key of the Content-HMAC of its notifications, and the password of its API. */
  cloudpaymentsApiSecret: string
  /** CloudPayments public id: the user name of its API (voids and refunds, decision 117). */
  cloudpaymentsPublicId: string
  /** Where CloudPayments' API is (`/payments/void`, `/payments/refund`): the sandbox's in development mode. */
  cloudpaymentsApiUrl: string
  /** Where Payselection's API is (`/payments/cancellation`, `/payments/refund`): the sandbox's in development mode. */
  payselectionApiUrl: string
  /** Payselection site id (X-SITE-ID of its webhooks). */
  payselectionSiteId: string
  /** Payselection secret key: the key of X-WEBHOOK-SIGNATURE. */
  payselectionSecretKey: string
  /** The URL Payselection posts webhooks to; part of the signed text. */
  payselectionNotificationUrl: string
  /** How long the sandbox provider waits before it sends a notification. */
  sandboxNotifyDelayMs: number
  /**
   * The brands of the site's two domains (R1.7), as the site names them (APP_NAME_*, SUPPORT_EMAIL,
   * MIRROR_*): every e-mail speaks for the brand of the domain the visitor used. German pages use the
   * English name.
   */
  appNameEn: string
  appNameRu: string
  /** The original's support address, named in its e-mails. */
  supportEmail: string
  mirrorAppNameEn: string
  mirrorAppNameRu: string
  mirrorSupportEmail: string
  /** The mirror's host (MIRROR_BASE_URL without scheme, port and a leading www.); null: every origin is the original's. */
  mirrorHost: string | null
  /** Wrong 6-digit codes an account may get from one client address in codeAccountWindowSeconds, across all its codes. */
  codeAccountMaxWrong: number
  codeAccountWindowSeconds: number
  /** Wrong 6-digit codes an account may get in codeAccountWindowSeconds from all the addresses it never signed in from. */
  codeStrangerMaxWrong: number
  /** Wrong 6-digit codes one client address may send in codeClientWindowSeconds, across accounts. */
  codeClientMaxWrong: number
  codeClientWindowSeconds: number
  /** Proxies whose X-Forwarded-For names the client: IP addresses or 'loopback'; empty trusts nobody. */
  trustProxy: string[]
  /**
   * When set, a trusted proxy's X-Forwarded-For and X-Request-Id count only with this token in
   * `X-Site-Proxy-Token` (SITE_PROXY_TOKEN, the site's own): other clients at the proxy's address are not believed (R10.20).
   */
  siteProxyToken: string | null
  /** The least severe log level written (LOG_LEVEL); `silent` writes nothing. */
  logLevel: LogLevel
  /** `json`: one JSON line per event; `pretty`: readable lines (pino-pretty). */
  logFormat: LogFormat
  /** Port of the Prometheus metrics server; null: no metrics server. */
  metricsPort: number | null
  metricsHost: string
  /** Where uncaught errors are POSTed as JSON; null: nowhere. */
  errorReportUrl: string | null
  /** The build running (BUILD_ID), named in error reports as `release`. */
  buildId: string | null
}

const port = type('string.integer.parse').pipe(type('1 <= number.integer <= 65535'))
const host = type(/^[A-Za-z0-9.:[\]-]{1,253}$/)
const databaseUrl = type(/^postgres(ql)?:\/\/\S+$/)
const dataDir = type('0 < string <= 4096')
const mode = type("'development' | 'production'")
const httpUrl = type('string.url').narrow((s, ctx) => /^https?:\/\/[^/]/i.test(s) || ctx.mustBe('an http(s) URL'))
/** Access tokens: 2 s (browser tests let one expire during a visit) to 1 year. */
const ttl = type('string.integer.parse').pipe(type('2 <= number.integer <= 31536000'))
/** Refresh tokens: up to 2 years; checked against TOKEN_TTL_SECONDS below. */
const refreshTtl = type('string.integer.parse').pipe(type('3 <= number.integer <= 63072000'))
const secret = type('string').narrow((s, ctx) => /^[\x21-\x7e]{8,256}$/.test(s) || ctx.mustBe('8 to 256 printable ASCII characters without spaces'))
const siteId = type(/^[A-Za-z0-9_-]{1,64}$/)
const delayMs = type('string.integer.parse').pipe(type('0 <= number.integer <= 600000'))
const email = type('string.email')
/** A brand name: it goes into e-mails, so one line without control characters. */
const brandName = type(/^[^\p{Cc}]{1,100}$/u)
const accountMaxWrong = type('string.integer.parse').pipe(type('1 <= number.integer <= 1000'))
const clientMaxWrong = type('string.integer.parse').pipe(type('1 <= number.integer <= 100000'))
/** Windows of the code attempt limits: 1 s to 7 days. */
const limitWindow = type('string.integer.parse').pipe(type('1 <= number.integer <= 604800'))
const logLevel = type.enumerated(...LOG_LEVELS)
const logFormat = type.enumerated(...LOG_FORMATS)
/** A build's name (a commit, a version, a date): printable ASCII without spaces. */
const buildId = type('string').narrow((s, ctx) => /^[\x21-\x7e]{1,128}$/.test(s) || ctx.mustBe('1 to 128 printable ASCII characters without spaces'))
const trustProxy = type('string').pipe((raw, ctx) => {
  const parsed = parseTrustProxy(raw)
  return typeof parsed === 'string' ? ctx.error({ message: parsed }) : parsed
})

/** One schema per variable, so an error always names the variable it came from. */
const schemas = {
  BACKEND_PORT: port,
  BACKEND_HOST: host,
  DATABASE_URL: databaseUrl,
  BACKEND_DATA_DIR: dataDir,
  BACKEND_MODE: mode,
  SITE_URL: httpUrl,
  SITE_ORIGINS: type('string'),
  TOKEN_TTL_SECONDS: ttl,
  REFRESH_TOKEN_TTL_SECONDS: refreshTtl,
  BACKEND_PUBLIC_URL: httpUrl,
  OPENID_PROVIDER_URL: httpUrl,
  OPENID_SANDBOX_SECRET: secret,
  CLOUDPAYMENTS_API_SECRET: secret,
  PAYSELECTION_SITE_ID: siteId,
  PAYSELECTION_SECRET_KEY: secret,
  PAYSELECTION_NOTIFICATION_URL: httpUrl,
  CLOUDPAYMENTS_PUBLIC_ID: type(/^[\w-]{1,64}$/),
  CLOUDPAYMENTS_API_URL: httpUrl,
  PAYSELECTION_API_URL: httpUrl,
  SANDBOX_NOTIFY_DELAY_MS: delayMs,
  APP_NAME_EN: brandName,
  APP_NAME_RU: brandName,
  SUPPORT_EMAIL: email,
  MIRROR_APP_NAME_EN: brandName,
  MIRROR_APP_NAME_RU: brandName,
  MIRROR_SUPPORT_EMAIL: email,
  MIRROR_BASE_URL: httpUrl,
  CODE_ACCOUNT_MAX_WRONG: accountMaxWrong,
  CODE_ACCOUNT_WINDOW_SECONDS: limitWindow,
  CODE_STRANGER_MAX_WRONG: clientMaxWrong,
  CODE_CLIENT_MAX_WRONG: clientMaxWrong,
  CODE_CLIENT_WINDOW_SECONDS: limitWindow,
  BACKEND_TRUST_PROXY: trustProxy,
  SITE_PROXY_TOKEN: type(/^[\x21-\x7e]{16,256}$/),
  LOG_LEVEL: logLevel,
  LOG_FORMAT: logFormat,
  BACKEND_METRICS_PORT: port,
  BACKEND_METRICS_HOST: host,
  ERROR_REPORT_URL: httpUrl,
  BUILD_ID: buildId,
} as const

type VarName = keyof typeof schemas

function read<K extends VarName>(source: Record<string, string | undefined>, name: K) {
  const raw = source[name]
  if (raw === undefined || raw.trim() === '') return undefined
  const out = schemas[name](raw.trim())
  if (out instanceof type.errors) throw new EnvError(name, out.summary)
  return out as Exclude<ReturnType<(typeof schemas)[K]>, InstanceType<typeof type.errors>>
}

function parseOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return ['http://localhost:3000', 'http://127.0.0.1:3000']
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0) throw new EnvError('SITE_ORIGINS', 'must list at least one origin')
  return list.map((item) => {
    let url: URL
    try {
      url = new URL(item)
    } catch {
      throw new EnvError('SITE_ORIGINS', `"${item}" is not an origin`)
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
      throw new EnvError('SITE_ORIGINS', `"${item}" must be a bare http(s) origin such as http://localhost:3000`)
    return url.origin
  })
}

const trimSlash = (s: string) => s.replace(/\/+$/, '')

/** A host as brands compare it, as the site does: lower case, without a leading www. and the port. */
export function brandHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '')
}

/**
 * Fills in the settings derived from others (the public URL from the port, the provider URLs from the
 * public URL) when they were not given.
 */
export function deriveEnv(
  base: Omit<BackendEnv, 'backendPublicUrl' | 'openidProviderUrl' | 'payselectionNotificationUrl' | 'cloudpaymentsApiUrl' | 'payselectionApiUrl'> &
    Partial<BackendEnv>,
): BackendEnv {
  const backendPublicUrl = trimSlash(base.backendPublicUrl ?? `http://localhost:${base.port}`)
  return {
    ...base,
    backendPublicUrl,
    // The sandbox OpenID provider exists in development mode only; production signs in through Steam.
    openidProviderUrl: base.openidProviderUrl ?? (base.mode === 'production' ? STEAM_OPENID_URL : `${backendPublicUrl}/sandbox/openid/login`),
    payselectionNotificationUrl: base.payselectionNotificationUrl ?? `${backendPublicUrl}/notifications/payselection`,
    // The sandbox providers' APIs exist in development mode only, beside their widgets.
    cloudpaymentsApiUrl: trimSlash(
      base.cloudpaymentsApiUrl ?? (base.mode === 'production' ? CLOUDPAYMENTS_API_URL : `${backendPublicUrl}/sandbox/cloudpayments-api`),
    ),
    payselectionApiUrl: trimSlash(
      base.payselectionApiUrl ?? (base.mode === 'production' ? PAYSELECTION_API_URL : `${backendPublicUrl}/sandbox/payselection-api`),
    ),
  }
}

/** Parses the backend's environment; throws EnvError naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): BackendEnv {
  const siteUrl = read(source, 'SITE_URL')
  const publicUrl = read(source, 'BACKEND_PUBLIC_URL')
  const mirrorUrl = read(source, 'MIRROR_BASE_URL')
  const env = deriveEnv({
    port: read(source, 'BACKEND_PORT') ?? 3001,
    host: read(source, 'BACKEND_HOST') ?? '127.0.0.1',
    databaseUrl: read(source, 'DATABASE_URL') ?? null,
    dataDir: read(source, 'BACKEND_DATA_DIR') ?? '.data/backend',
    mode: read(source, 'BACKEND_MODE') ?? 'production',
    siteUrl: trimSlash(siteUrl ?? 'http://localhost:3000'),
    siteOrigins: parseOrigins(source.SITE_ORIGINS),
    tokenTtlSeconds: read(source, 'TOKEN_TTL_SECONDS') ?? 2592000,
    refreshTokenTtlSeconds: read(source, 'REFRESH_TOKEN_TTL_SECONDS') ?? 5184000,
    ...(publicUrl ? { backendPublicUrl: publicUrl } : {}),
    ...(read(source, 'OPENID_PROVIDER_URL') ? { openidProviderUrl: read(source, 'OPENID_PROVIDER_URL')! } : {}),
    openidSandboxSecret: read(source, 'OPENID_SANDBOX_SECRET') ?? SANDBOX_DEFAULTS.openidSandboxSecret,
    cloudpaymentsApiSecret: read(source, 'CLOUDPAYMENTS_API_SECRET') ?? SANDBOX_DEFAULTS.cloudpaymentsApiSecret,
    payselectionSiteId: read(source, 'PAYSELECTION_SITE_ID') ?? SANDBOX_DEFAULTS.payselectionSiteId,
    payselectionSecretKey: read(source, 'PAYSELECTION_SECRET_KEY') ?? SANDBOX_DEFAULTS.payselectionSecretKey,
    ...(read(source, 'PAYSELECTION_NOTIFICATION_URL') ? { payselectionNotificationUrl: read(source, 'PAYSELECTION_NOTIFICATION_URL')! } : {}),
    cloudpaymentsPublicId: read(source, 'CLOUDPAYMENTS_PUBLIC_ID') ?? SANDBOX_DEFAULTS.cloudpaymentsPublicId,
    ...(read(source, 'CLOUDPAYMENTS_API_URL') ? { cloudpaymentsApiUrl: read(source, 'CLOUDPAYMENTS_API_URL')! } : {}),
    ...(read(source, 'PAYSELECTION_API_URL') ? { payselectionApiUrl: read(source, 'PAYSELECTION_API_URL')! } : {}),
    sandboxNotifyDelayMs: read(source, 'SANDBOX_NOTIFY_DELAY_MS') ?? 2000,
    appNameEn: read(source, 'APP_NAME_EN') ?? BRAND_DEFAULTS.appNameEn,
    appNameRu: read(source, 'APP_NAME_RU') ?? BRAND_DEFAULTS.appNameRu,
    supportEmail: read(source, 'SUPPORT_EMAIL') ?? BRAND_DEFAULTS.supportEmail,
    mirrorAppNameEn: read(source, 'MIRROR_APP_NAME_EN') ?? BRAND_DEFAULTS.mirrorAppNameEn,
    mirrorAppNameRu: read(source, 'MIRROR_APP_NAME_RU') ?? BRAND_DEFAULTS.mirrorAppNameRu,
    mirrorSupportEmail: read(source, 'MIRROR_SUPPORT_EMAIL') ?? BRAND_DEFAULTS.mirrorSupportEmail,
    mirrorHost: mirrorUrl === undefined ? null : brandHost(new URL(mirrorUrl).host),
    codeAccountMaxWrong: read(source, 'CODE_ACCOUNT_MAX_WRONG') ?? 10,
    codeAccountWindowSeconds: read(source, 'CODE_ACCOUNT_WINDOW_SECONDS') ?? 3600,
    codeStrangerMaxWrong: read(source, 'CODE_STRANGER_MAX_WRONG') ?? 30,
    codeClientMaxWrong: read(source, 'CODE_CLIENT_MAX_WRONG') ?? 100,
    codeClientWindowSeconds: read(source, 'CODE_CLIENT_WINDOW_SECONDS') ?? 600,
    trustProxy: read(source, 'BACKEND_TRUST_PROXY') ?? [],
    siteProxyToken: read(source, 'SITE_PROXY_TOKEN') ?? null,
    logLevel: read(source, 'LOG_LEVEL') ?? 'info',
    logFormat: read(source, 'LOG_FORMAT') ?? 'json',
    metricsPort: read(source, 'BACKEND_METRICS_PORT') ?? null,
    metricsHost: read(source, 'BACKEND_METRICS_HOST') ?? '127.0.0.1',
    errorReportUrl: read(source, 'ERROR_REPORT_URL') ?? null,
    buildId: read(source, 'BUILD_ID') ?? null,
  })
  checkTokenLifetimes(env)
  checkProductionSecrets(env)
  return env
}
