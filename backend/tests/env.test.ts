import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../src/env'
import { rawRequest } from './raw-http'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Runs the entry as `tsx backend/src/main.ts` does; once stdout matches `until`, calls `then` and stops the process. */
function run(
  env: Record<string, string>,
  until?: RegExp,
  then?: () => Promise<void>,
): Promise<{ code: number | null; out: string; err: string }> {
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
  it('has defaults for every variable', () => {
    expect(parseEnv({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '.data/backend',
      mode: 'production',
      siteUrl: 'http://localhost:3000',
      siteOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      tokenTtlSeconds: 2592000,
    })
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
    })
    expect(env).toMatchObject({
      port: 4010,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/site',
      mode: 'development',
      siteUrl: 'https://example.test',
      siteOrigins: ['https://example.test', 'https://mirror.test'],
      tokenTtlSeconds: 3600,
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
    ['TOKEN_TTL_SECONDS', '10'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name))
  })

  it('exits at start with a message naming a bad variable', async () => {
    const res = await run({ BACKEND_MODE: 'staging', BACKEND_DATA_DIR: 'memory://' })
    expect(res.code).toBe(1)
    expect(res.err).toContain('BACKEND_MODE')
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
