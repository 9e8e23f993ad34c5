import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createBackend } from '../src/app.ts'
import { EnvError, parseEnv } from '../src/env.ts'
import { rawRequest } from './raw-http.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Runs the entry as `tsx backend/src/main.ts` does; once stdout matches `until`, calls `then` and stops the process. */
function run(env: Record<string, string>, until?: RegExp, then?: () => Promise<void>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    })
    let out = ''
    let err = ''
    let triggered = false
    child.stdout.on('data', (d) => {
      out += d
      if (until && !triggered && until.test(out)) {
        triggered = true
        void (then ?? (async () => undefined))().finally(() => child.kill('SIGTERM'))
      }
    })
    child.stderr.on('data', (d) => (err += d))
    child.on('exit', (code) => resolve({ code, out, err }))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

describe('backend environment', () => {
  it('has defaults for every variable (development mode: the sandbox)', () => {
    expect(parseEnv({ BACKEND_MODE: 'development' })).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '.data/backend',
      mode: 'development',
      siteUrl: 'http://localhost:3000',
      siteOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      tokenTtlSeconds: 2592000,
      refreshTokenTtlSeconds: 5184000,
      backendPublicUrl: 'http://localhost:3001',
      openidProviderUrl: 'http://localhost:3001/sandbox/openid/login',
      openidSandboxSecret: 'sandbox-openid-secret-not-for-production',
      cloudpaymentsApiSecret: 'sandbox-cloudpayments-api-secret',
      payselectionSiteId: 'sandbox-site',
      payselectionSecretKey: 'sandbox-payselection-secret-key',
      payselectionNotificationUrl: 'http://localhost:3001/notifications/payselection',
      cloudpaymentsPublicId: 'pk_sandbox_0000000000000000000000000',
      cloudpaymentsApiUrl: 'http://localhost:3001/sandbox/cloudpayments-api',
      payselectionApiUrl: 'http://localhost:3001/sandbox/payselection-api',
      sandboxNotifyDelayMs: 2000,
      appNameEn: 'Skinvault',
      appNameRu: 'Скинволт',
      supportEmail: 'support@skinvault.gg',
      mirrorAppNameEn: 'SV Changer',
      mirrorAppNameRu: 'СВ Чейнджер',
      mirrorSupportEmail: 'help@svchanger.app',
      mirrorHost: null,
      codeAccountMaxWrong: 10,
      codeAccountWindowSeconds: 3600,
      codeStrangerMaxWrong: 30,
      codeClientMaxWrong: 100,
      codeClientWindowSeconds: 600,
      trustProxy: [],
      siteProxyToken: null,
      logLevel: 'info',
      logFormat: 'json',
      metricsPort: null,
      metricsHost: '127.0.0.1',
      errorReportUrl: null,
      buildId: null,
    })
  })

  it('derives the public URL from the port and the provider URLs from the public URL', () => {
    expect(parseEnv({ BACKEND_MODE: 'development', BACKEND_PORT: '4010' })).toMatchObject({
      backendPublicUrl: 'http://localhost:4010',
      openidProviderUrl: 'http://localhost:4010/sandbox/openid/login',
      payselectionNotificationUrl: 'http://localhost:4010/notifications/payselection',
    })
    expect(parseEnv({ BACKEND_MODE: 'development', BACKEND_PUBLIC_URL: 'https://api.example.test/' })).toMatchObject({
      backendPublicUrl: 'https://api.example.test',
      openidProviderUrl: 'https://api.example.test/sandbox/openid/login',
      payselectionNotificationUrl: 'https://api.example.test/notifications/payselection',
    })
    expect(
      parseEnv({
        BACKEND_MODE: 'development',
        BACKEND_PUBLIC_URL: 'https://api.example.test',
        OPENID_PROVIDER_URL: 'https://steamcommunity.com/openid/login',
        PAYSELECTION_NOTIFICATION_URL: 'https://hooks.example.test/ps',
      }),
    ).toMatchObject({
      openidProviderUrl: 'https://steamcommunity.com/openid/login',
      payselectionNotificationUrl: 'https://hooks.example.test/ps',
    })
  })

  it('takes access tokens from 2 s and needs refresh tokens to outlive them', () => {
    expect(parseEnv({ BACKEND_MODE: 'development', TOKEN_TTL_SECONDS: '2' }).tokenTtlSeconds).toBe(2)
    expect(() => parseEnv({ TOKEN_TTL_SECONDS: '1' })).toThrow(/TOKEN_TTL_SECONDS/)
    expect(() => parseEnv({ TOKEN_TTL_SECONDS: '31536001' })).toThrow(/TOKEN_TTL_SECONDS/)
    expect(() => parseEnv({ TOKEN_TTL_SECONDS: '3600', REFRESH_TOKEN_TTL_SECONDS: '3600' })).toThrow(
      /^Invalid environment variable REFRESH_TOKEN_TTL_SECONDS: must be greater than TOKEN_TTL_SECONDS/,
    )
    expect(() => parseEnv({ TOKEN_TTL_SECONDS: '31536000' })).toThrow(/REFRESH_TOKEN_TTL_SECONDS/)
    expect(parseEnv({ BACKEND_MODE: 'development', TOKEN_TTL_SECONDS: '31536000', REFRESH_TOKEN_TTL_SECONDS: '63072000' }).refreshTokenTtlSeconds).toBe(
      63072000,
    )
  })

  it("takes the brands' names, support addresses and the mirror's host as the site does", () => {
    expect(
      parseEnv({
        BACKEND_MODE: 'development',
        APP_NAME_EN: 'Example Skins',
        APP_NAME_RU: 'Пример Скинс',
        SUPPORT_EMAIL: 'care@example.test',
        MIRROR_APP_NAME_EN: 'Mirror Skins',
        MIRROR_APP_NAME_RU: 'Зеркало Скинс',
        MIRROR_SUPPORT_EMAIL: 'care@mirror.test',
        MIRROR_BASE_URL: 'https://WWW.Mirror.test:8443/',
      }),
    ).toMatchObject({
      appNameEn: 'Example Skins',
      appNameRu: 'Пример Скинс',
      supportEmail: 'care@example.test',
      mirrorAppNameEn: 'Mirror Skins',
      mirrorAppNameRu: 'Зеркало Скинс',
      mirrorSupportEmail: 'care@mirror.test',
      // Compared as the site compares hosts: lower case, without www. and the port.
      mirrorHost: 'mirror.test',
    })
    // `npm start` gives the site and the backend the same mirror.
    expect(parseEnv({ BACKEND_MODE: 'development', MIRROR_BASE_URL: 'http://mirror.localhost:3000' }).mirrorHost).toBe('mirror.localhost')
  })

  it('parses given values', () => {
    const env = parseEnv({
      BACKEND_PORT: '4010',
      BACKEND_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/site',
      BACKEND_MODE: 'development',
      SITE_URL: 'https://example.test/',
      SITE_ORIGINS: 'https://example.test, https://mirror.test',
      TOKEN_TTL_SECONDS: '3600',
      REFRESH_TOKEN_TTL_SECONDS: '7200',
      OPENID_SANDBOX_SECRET: 'an-openid-secret',
      CLOUDPAYMENTS_API_SECRET: 'cp-secret-123',
      PAYSELECTION_SITE_ID: '21044',
      PAYSELECTION_SECRET_KEY: 'ps-secret-123',
      SANDBOX_NOTIFY_DELAY_MS: '0',
      SUPPORT_EMAIL: 'help@example.test',
    })
    expect(env).toMatchObject({
      port: 4010,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/site',
      mode: 'development',
      siteUrl: 'https://example.test',
      siteOrigins: ['https://example.test', 'https://mirror.test'],
      tokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 7200,
      openidSandboxSecret: 'an-openid-secret',
      cloudpaymentsApiSecret: 'cp-secret-123',
      payselectionSiteId: '21044',
      payselectionSecretKey: 'ps-secret-123',
      sandboxNotifyDelayMs: 0,
      supportEmail: 'help@example.test',
    })
  })

  it.each([
    ['BACKEND_PORT', 'abc'],
    ['BACKEND_PORT', '70000'],
    ['BACKEND_HOST', 'bad host'],
    ['DATABASE_URL', 'mysql://x'],
    ['BACKEND_MODE', 'staging'],
    ['SITE_URL', 'ftp://example.test'],
    ['SITE_ORIGINS', 'https://example.test/path'],
    ['SITE_ORIGINS', ' , '],
    ['TOKEN_TTL_SECONDS', '1'],
    ['REFRESH_TOKEN_TTL_SECONDS', 'soon'],
    ['REFRESH_TOKEN_TTL_SECONDS', '60'],
    ['BACKEND_PUBLIC_URL', 'localhost:3001'],
    ['OPENID_PROVIDER_URL', 'javascript:alert(1)'],
    ['OPENID_SANDBOX_SECRET', 'short'],
    ['CLOUDPAYMENTS_API_SECRET', 'has a space in it'],
    ['PAYSELECTION_SITE_ID', 'bad id!'],
    ['PAYSELECTION_SECRET_KEY', 'x'],
    ['PAYSELECTION_NOTIFICATION_URL', 'ftp://hooks.example.test'],
    ['CLOUDPAYMENTS_API_URL', 'api.cloudpayments.ru'],
    ['PAYSELECTION_API_URL', 'ftp://gw.payselection.test'],
    ['CLOUDPAYMENTS_PUBLIC_ID', 'pk live with spaces'],
    ['SANDBOX_NOTIFY_DELAY_MS', '-5'],
    ['SANDBOX_NOTIFY_DELAY_MS', '600001'],
    ['SUPPORT_EMAIL', 'not-an-address'],
    ['MIRROR_SUPPORT_EMAIL', 'help at mirror'],
    ['APP_NAME_EN', 'Two\nlines'],
    ['APP_NAME_RU', 'x'.repeat(101)],
    ['MIRROR_APP_NAME_EN', 'Tab\there'],
    ['MIRROR_APP_NAME_RU', '\u0007'],
    ['MIRROR_BASE_URL', 'mirror.test'],
    ['MIRROR_BASE_URL', 'ftp://mirror.test'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name))
  })

  it('parses the operating settings: log level and format, metrics port and host, error reports, build', () => {
    expect(
      parseEnv({
        BACKEND_MODE: 'development',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'pretty',
        BACKEND_METRICS_PORT: '3051',
        BACKEND_METRICS_HOST: '0.0.0.0',
        ERROR_REPORT_URL: 'https://errors.example.test/api/42/store?key=abc',
        BUILD_ID: '2026.11.27+a1b2c3d',
      }),
    ).toMatchObject({
      logLevel: 'debug',
      logFormat: 'pretty',
      metricsPort: 3051,
      metricsHost: '0.0.0.0',
      errorReportUrl: 'https://errors.example.test/api/42/store?key=abc',
      buildId: '2026.11.27+a1b2c3d',
    })
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      expect(parseEnv({ BACKEND_MODE: 'development', LOG_LEVEL: level }).logLevel).toBe(level)
    // Empty values count as unset.
    expect(parseEnv({ BACKEND_MODE: 'development', BACKEND_METRICS_PORT: '', ERROR_REPORT_URL: ' ' })).toMatchObject({
      metricsPort: null,
      errorReportUrl: null,
    })
  })

  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['LOG_LEVEL', 'INFO'],
    ['LOG_LEVEL', '30'],
    ['LOG_FORMAT', 'text'],
    ['LOG_FORMAT', 'JSON'],
    ['BACKEND_METRICS_PORT', '0'],
    ['BACKEND_METRICS_PORT', '65536'],
    ['BACKEND_METRICS_PORT', 'nine'],
    ['BACKEND_METRICS_HOST', 'bad host'],
    ['ERROR_REPORT_URL', 'errors.example.test'],
    ['ERROR_REPORT_URL', 'ftp://errors.example.test'],
    ['BUILD_ID', 'two words'],
    ['BUILD_ID', 'x'.repeat(129)],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => parseEnv({ BACKEND_MODE: 'development', [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ BACKEND_MODE: 'development', [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: `))
  })

  it('refuses, in production mode, provider secrets that are unset or the published sandbox defaults', async () => {
    const real = {
      CLOUDPAYMENTS_API_SECRET: 'cp-live-secret-1',
      PAYSELECTION_SITE_ID: '21044',
      PAYSELECTION_SECRET_KEY: 'ps-live-secret-1',
      CLOUDPAYMENTS_PUBLIC_ID: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
    }
    const published = {
      CLOUDPAYMENTS_API_SECRET: 'sandbox-cloudpayments-api-secret',
      PAYSELECTION_SITE_ID: 'sandbox-site',
      PAYSELECTION_SECRET_KEY: 'sandbox-payselection-secret-key',
      CLOUDPAYMENTS_PUBLIC_ID: 'pk_sandbox_0000000000000000000000000',
    }
    for (const name of ['CLOUDPAYMENTS_API_SECRET', 'PAYSELECTION_SITE_ID', 'PAYSELECTION_SECRET_KEY', 'CLOUDPAYMENTS_PUBLIC_ID'] as const) {
      const message = `Invalid environment variable ${name}: must be set to the provider's own value in production mode (unset, or the published sandbox default)`
      // Unset (also when BACKEND_MODE is unset: production is the default) ...
      expect(() => parseEnv({ ...real, [name]: undefined })).toThrow(message)
      expect(() => parseEnv({ ...real, BACKEND_MODE: 'production', [name]: '' })).toThrow(message)
      // ... or the value everyone can read in the README.
      expect(() => parseEnv({ ...real, BACKEND_MODE: 'production', [name]: published[name] })).toThrow(message)
      try {
        parseEnv({ ...real, [name]: published[name] })
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError)
        expect((err as EnvError).variable).toBe(name)
      }
      // createBackend checks its final merged settings the same way.
      const field = (
        {
          CLOUDPAYMENTS_API_SECRET: 'cloudpaymentsApiSecret',
          PAYSELECTION_SITE_ID: 'payselectionSiteId',
          PAYSELECTION_SECRET_KEY: 'payselectionSecretKey',
          CLOUDPAYMENTS_PUBLIC_ID: 'cloudpaymentsPublicId',
        } as const
      )[name]
      const liveEnv = {
        dataDir: 'memory://',
        mode: 'production',
        cloudpaymentsApiSecret: 'cp-live-secret-1',
        payselectionSiteId: '21044',
        payselectionSecretKey: 'ps-live-secret-1',
        cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
      } as const
      await expect(createBackend({ env: { ...liveEnv, [field]: published[name] } })).rejects.toThrow(message)
      await expect(createBackend({ env: { ...liveEnv, [field]: undefined } })).rejects.toThrow(message)
    }
    await expect(createBackend({ env: { dataDir: 'memory://' } })).rejects.toThrow(
      "Invalid environment variable CLOUDPAYMENTS_API_SECRET: must be set to the provider's own value in production mode (unset, or the published sandbox default)",
    )
    // With the providers' own values production starts; Steam is the OpenID provider and no sandbox secret is needed.
    const env = parseEnv(real)
    expect(env).toMatchObject({
      mode: 'production',
      cloudpaymentsApiSecret: 'cp-live-secret-1',
      payselectionSiteId: '21044',
      payselectionSecretKey: 'ps-live-secret-1',
      cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
      openidProviderUrl: 'https://steamcommunity.com/openid/login',
      // Voids and refunds go to the providers' own APIs (decision 117).
      cloudpaymentsApiUrl: 'https://api.cloudpayments.ru',
      payselectionApiUrl: 'https://gw.payselection.com',
    })
    const backend = await createBackend({
      env: {
        dataDir: 'memory://',
        mode: 'production',
        cloudpaymentsApiSecret: 'cp-live-secret-1',
        payselectionSiteId: '21044',
        payselectionSecretKey: 'ps-live-secret-1',
        cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
      },
    })
    expect(backend.env.openidProviderUrl).toBe('https://steamcommunity.com/openid/login')
    await backend.close()
    // Development mode keeps the sandbox defaults, so `npm start` needs no configuration.
    expect(parseEnv({ BACKEND_MODE: 'development' })).toMatchObject({
      cloudpaymentsApiSecret: 'sandbox-cloudpayments-api-secret',
      payselectionSiteId: 'sandbox-site',
      payselectionSecretKey: 'sandbox-payselection-secret-key',
      openidProviderUrl: 'http://localhost:3001/sandbox/openid/login',
    })
  })

  it('refuses settings where the refresh token would not outlive the access token', async () => {
    await expect(createBackend({ env: { dataDir: 'memory://', tokenTtlSeconds: 600, refreshTokenTtlSeconds: 600 } })).rejects.toThrow(
      /REFRESH_TOKEN_TTL_SECONDS/,
    )
  })

  it('exits at start with a message naming a bad variable', async () => {
    const res = await run({ BACKEND_MODE: 'staging', BACKEND_DATA_DIR: 'memory://' })
    expect(res.code).toBe(1)
    expect(res.err).toContain('BACKEND_MODE')
  })

  it('exits at start with one line naming a bad LOG_LEVEL', async () => {
    const res = await run({ BACKEND_MODE: 'development', BACKEND_DATA_DIR: 'memory://', LOG_LEVEL: 'verbose' })
    expect(res.code).toBe(1)
    expect(res.err.trim().split('\n')).toHaveLength(1)
    expect(res.err).toMatch(/^\[backend\] Invalid environment variable LOG_LEVEL: /)
    expect(res.out).toBe('')
  })

  it('writes readable lines with LOG_FORMAT=pretty', async () => {
    const port = await freePort()
    const res = await run({ BACKEND_PORT: String(port), BACKEND_DATA_DIR: 'memory://', BACKEND_MODE: 'development', LOG_FORMAT: 'pretty' }, /listening/)
    expect(res.code).toBe(0)
    expect(res.out).toMatch(/INFO.*: development backend listening on http:\/\/127\.0\.0\.1:\d+ \(PGlite in memory:\/\/\)/)
    expect(res.out).toContain('{"service":"backend",')
    expect(res.out.trim().startsWith('{')).toBe(false)
  })

  it('starts, answers on the given port and stops on SIGTERM', async () => {
    const port = await freePort()
    let status = 0
    let body: any = null
    let tooLong: Awaited<ReturnType<typeof rawRequest>> | null = null
    const res = await run({ BACKEND_PORT: String(port), BACKEND_DATA_DIR: 'memory://', BACKEND_MODE: 'development' }, /listening/, async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/en/subscriptions`)
      status = reply.status
      body = await reply.json()
      tooLong = await rawRequest(port, `GET /en/subscriptions?x=${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    })
    expect(status).toBe(200)
    expect(body.country_group_id).toBe(2)
    // The server main.ts starts answers what Node's parser refuses as JSON too.
    expect(tooLong).toMatchObject({ status: 431, headers: { 'content-type': 'application/json; charset=utf-8' } })
    expect(JSON.parse(tooLong!.body).message).toBeTruthy()
    expect(res.out).toContain(`listening on http://127.0.0.1:${port}`)
    expect(res.out).toContain('/__dev/mail')
    expect(res.code).toBe(0)
  })
})
