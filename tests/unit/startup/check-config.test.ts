import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkStart, startPlan } from '../../../scripts/check-config.mjs'
import { freePort } from '../support/ports.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-config-'))
  dirs.push(dir)
  return dir
}
/** An environment on free ports with its own data folder: nothing the test machine runs is in the way. */
async function env(extra: Record<string, string> = {}) {
  return { PORT: String(await freePort()), BACKEND_PORT: String(await freePort()), BACKEND_DATA_DIR: join(folder(), 'data'), ...extra }
}

describe('npm start checks all configuration before it starts anything', () => {
  it('passes the defaults', async () => {
    expect((await checkStart(await env())).problems).toEqual([])
  })

  it('names a bad site variable and what it allows, in one line', async () => {
    const { problems } = await checkStart(await env({ PAYMENT_SERVICE: 'foo' }))
    expect(problems).toEqual([expect.stringMatching(/^PAYMENT_SERVICE must be one of the available services: .*cloudpayments.* \(was "foo"\)$/)])
  })

  it("names a bad variable of the stand-in backend in the site's words", async () => {
    const { problems } = await checkStart(await env({ BACKEND_MODE: 'staging' }))
    expect(problems).toEqual(['BACKEND_MODE must be "development" or "production" (was "staging")'])
  })

  it('reports every bad variable at once, each once', async () => {
    const { problems } = await checkStart(await env({ PORT: 'abc', BACKEND_PORT: '70000', WEB_CONCURRENCY: '0', GTM_ID: 'x', TOKEN_TTL_SECONDS: '1' }))
    expect(problems).toEqual([
      'PORT must be a port number from 1 to 65535 (was "abc")',
      'BACKEND_PORT must be a port number from 1 to 65535 (was "70000")',
      'WEB_CONCURRENCY must be a number of site workers from 1 to 256 (was "0")',
      'GTM_ID must be a tag manager container id such as GTM-AB12CD3 (was "x")',
      'TOKEN_TTL_SECONDS must be at least 2 (was 1)',
    ])
  })

  it('names a bad setting of the logs, metrics or error hook (issue 40), each once, in one line', async () => {
    const { problems } = await checkStart(
      await env({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml', METRICS_PORT: '99999', METRICS_HOST: 'two words', ERROR_REPORT_URL: 'ftp://x' }),
    )
    expect(problems).toEqual([
      'METRICS_HOST must be an address to listen on, such as 127.0.0.1 (was "two words")',
      'LOG_LEVEL must be "debug", "error", "fatal", "info", "silent", "trace" or "warn" (was "loud")',
      'LOG_FORMAT must be "json" or "pretty" (was "xml")',
      'ERROR_REPORT_URL must be an http(s) URL such as https://example.com (was "ftp://x")',
      'METRICS_PORT must be at most 65535 (was 99999)',
    ])
  })

  it('gives the demo (the stand-in backend) readable log lines, and a deployment JSON unless it asks', async () => {
    expect((await checkStart(await env())).plan.siteEnv.LOG_FORMAT).toBe('pretty')
    expect((await checkStart(await env({ LOG_FORMAT: 'json' }))).plan.siteEnv.LOG_FORMAT).toBe('json')
    expect((await checkStart(await env({ API_BASE_URL: 'https://api.example.test' }))).plan.siteEnv.LOG_FORMAT).toBeUndefined()
  })

  it('leaves the backend variables alone when the site uses another backend (API_BASE_URL)', async () => {
    const { plan, problems } = await checkStart(await env({ API_BASE_URL: 'https://api.example.test', BACKEND_MODE: 'staging' }))
    expect(problems).toEqual([])
    expect(plan.backendEnv).toBeNull()
  })

  it('names a data folder another backend holds, in one line', async () => {
    const settings = await env()
    const dir = settings.BACKEND_DATA_DIR
    // A process started as the backend is (its command line names backend/src/main.ts), with a lock naming its pid.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', 'backend/src/main.ts'], { stdio: 'ignore' })
    try {
      const started = Date.now() + 5000
      while (!readFileSync(`/proc/${other.pid}/cmdline`, 'utf8').includes('backend/src/main.ts') && Date.now() < started)
        await new Promise((resolve) => setTimeout(resolve, 20))
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'backend.lock'), `${other.pid}\n`)
      expect((await checkStart(settings)).problems).toEqual([
        `The backend data folder ${dir} is in use by another backend (pid ${other.pid}): stop that one (another \`npm start\`?) or set BACKEND_DATA_DIR to another folder.`,
      ])
    } finally {
      other.kill()
    }
  })

  it('names a port in use and the variable that moves it', async () => {
    const settings = await env()
    const busy: Server = createServer()
    await new Promise<void>((resolve) => busy.listen(Number(settings.BACKEND_PORT), '127.0.0.1', resolve))
    try {
      expect((await checkStart(settings)).problems).toEqual([
        `Port ${settings.BACKEND_PORT} (BACKEND_PORT) is in use: stop the program on it (another \`npm start\`?) or set BACKEND_PORT to a free port.`,
      ])
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })

  it('leaves no module loader hooks in the process it checks: with one worker the site renders there', async () => {
    // Node's `module.register` and `registerHooks` are watched in a fresh process; the check must
    // call neither on its main thread (tsx's hooks would take every later `import()` of the
    // site's renders through them).
    const script = `
      import { createRequire, syncBuiltinESMExports } from 'node:module'
      const moduleCjs = createRequire(import.meta.url)('node:module')
      const registered = []
      for (const name of ['register', 'registerHooks']) {
        const original = moduleCjs[name]
        if (original) moduleCjs[name] = (...args) => { registered.push(name); return original.apply(moduleCjs, args) }
      }
      syncBuiltinESMExports()
      const { checkStart } = await import(${JSON.stringify(new URL('../../../scripts/check-config.mjs', import.meta.url).href)})
      const { problems } = await checkStart(JSON.parse(process.argv[2]))
      console.log(JSON.stringify({ problems, registered }))
    `
    const file = join(folder(), 'check.mjs')
    writeFileSync(file, script)
    const run = spawnSync(process.execPath, [file, JSON.stringify(await env({ PAYMENT_SERVICE: 'foo' }))], { encoding: 'utf8', timeout: 30_000 })
    expect(run.stderr).toBe('')
    const { problems, registered } = JSON.parse(run.stdout)
    // The TypeScript parsers still ran: the site's problem is named.
    expect(problems).toEqual([expect.stringMatching(/^PAYMENT_SERVICE must be one of the available services: /)])
    expect(registered).toEqual([])
  })

  it('leaves no child process behind in the process it checks: a site primary has its workers as its only children', async () => {
    // The TypeScript parsers run through tsx, whose esbuild service is a child process started
    // from the check's worker thread; left running when the thread ends, it stays a zombie child
    // of the site (a primary with two workers had three children).
    const script = `
      import { readdirSync, readFileSync } from 'node:fs'
      const { checkStart } = await import(${JSON.stringify(new URL('../../../scripts/check-config.mjs', import.meta.url).href)})
      await checkStart(JSON.parse(process.argv[2]))
      await new Promise((resolve) => setTimeout(resolve, 300))
      const children = readdirSync('/proc').filter((name) => /^\\d+$/.test(name)).filter((name) => {
        try {
          const stat = readFileSync('/proc/' + name + '/stat', 'utf8')
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid
        } catch {
          return false
        }
      }).map((name) => readFileSync('/proc/' + name + '/stat', 'utf8').split(' ')[1])
      console.log(JSON.stringify(children))
    `
    const file = join(folder(), 'children.mjs')
    writeFileSync(file, script)
    // Without tsx's cache of transformed files, as on a fresh machine: esbuild's service starts.
    const run = spawnSync(process.execPath, [file, JSON.stringify(await env())], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, TSX_DISABLE_CACHE: '1' },
    })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual([])
  })

  it('gives the stand-in backend the addresses of the site it serves', () => {
    const plan = startPlan({ PORT: '4000' })
    expect(plan.backendEnv).toMatchObject({
      BACKEND_PORT: '3001',
      BACKEND_MODE: 'development',
      SITE_URL: 'http://localhost:4000',
      SITE_ORIGINS: 'http://localhost:4000,http://127.0.0.1:4000,http://mirror.localhost:4000',
    })
    expect(plan.siteDefaults.MIRROR_BASE_URL).toBe('http://mirror.localhost:4000')
  })

  it('R10.20: the stand-in believes the X-Forwarded-For of the site’s server only: one token a run, the same on both sides', () => {
    const one = startPlan({ PORT: '4000' })
    const two = startPlan({ PORT: '4000' })
    expect(one.backendEnv!.BACKEND_TRUST_PROXY).toBe('loopback')
    expect(one.siteEnv.SITE_PROXY_TOKEN).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(one.backendEnv!.SITE_PROXY_TOKEN).toBe(one.siteEnv.SITE_PROXY_TOKEN)
    expect(two.siteEnv.SITE_PROXY_TOKEN).not.toBe(one.siteEnv.SITE_PROXY_TOKEN)
    // A deployment's own token is kept; another backend gets none from here.
    expect(startPlan({ SITE_PROXY_TOKEN: 'given-token-0123456789' }).backendEnv!.SITE_PROXY_TOKEN).toBe('given-token-0123456789')
    expect(startPlan({ API_BASE_URL: 'https://api.example.test' }).siteEnv.SITE_PROXY_TOKEN).toBeUndefined()
  })

  it('stops scripts/start.mjs with the message and starts nothing: the data folder is never created', async () => {
    const settings = await env({ PAYMENT_SERVICE: 'foo' })
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...settings }, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^PAYMENT_SERVICE must be one of the available services: .* \(was "foo"\)$/)])
    expect(run.stdout).toBe('')
    expect(existsSync(settings.BACKEND_DATA_DIR)).toBe(false)
  })
})
