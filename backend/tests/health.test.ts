// R10.18: the stand-in backend's health and readiness, down with its database.
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type Backend, createBackend } from '../src/app.ts'
import { type Db, openPglite } from '../src/db.ts'
import { SITE_URL } from './helpers.ts'
import { captureLog, freePort } from './ops-helpers.ts'

/**
 * The probes: `/__health` (alive, and the database answers `SELECT 1` within 1 s) and `/__ready` (and not
 * stopping). Both uncached, without CORS, and without info lines in the log.
 */

const backends: Backend[] = []
afterAll(async () => {
  for (const backend of backends) await backend.close().catch(() => undefined)
})

async function start(db?: Db, log = captureLog('debug')) {
  const backend = await createBackend({
    db: db ?? (await openPglite('memory://')),
    env: { mode: 'development', siteOrigins: [SITE_URL] },
    log: log.log,
  })
  backends.push(backend)
  const probe = async (path: '/__health' | '/__ready', headers: Record<string, string> = {}) => {
    const res = await backend.app.request(path, { headers })
    return { status: res.status, body: await res.json(), headers: res.headers }
  }
  return { backend, probe, lines: log.lines }
}

describe('health and readiness on PGlite', () => {
  it('answers 200 while the database answers, uncached, without CORS, logged at debug only', async () => {
    const { probe, lines } = await start()
    const health = await probe('/__health', { origin: SITE_URL })
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } })
    expect(health.headers.get('cache-control')).toBe('no-store')
    expect(health.headers.get('access-control-allow-origin')).toBeNull()
    const ready = await probe('/__ready', { origin: SITE_URL })
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } })
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(ready.headers.get('access-control-allow-origin')).toBeNull()
    const probeLines = lines.filter((l) => l.msg === 'request')
    expect(probeLines.map((l) => [l.level, l.route])).toEqual([
      ['debug', '/__health'],
      ['debug', '/__ready'],
    ])
  })

  it('is not limited: a probe every moment answers 200', async () => {
    const { probe } = await start()
    for (let i = 0; i < 50; i++) expect((await probe('/__health')).status).toBe(200)
  })

  it('is not ready once stopping (alive still)', async () => {
    const { backend, probe } = await start()
    backend.markStopping()
    expect(await probe('/__ready')).toMatchObject({ status: 503, body: { status: 'stopping' } })
    expect(await probe('/__health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } })
  })

  it('turns 503 when the database is closed', async () => {
    const { backend, probe } = await start()
    expect((await probe('/__health')).status).toBe(200)
    await backend.db.close()
    const health = await probe('/__health')
    expect(health).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unreachable' } })
    expect(health.headers.get('cache-control')).toBe('no-store')
    expect(await probe('/__ready')).toMatchObject({ status: 503, body: { status: 'unavailable' } })
  })

  it('gives the database 1 s to answer', async () => {
    const inner = await openPglite('memory://')
    let hang = false
    const db: Db = {
      kind: inner.kind,
      query: <T>(sql: string, params?: unknown[]) => (hang && sql === 'SELECT 1' ? new Promise<T[]>(() => undefined) : inner.query<T>(sql, params)),
      exec: (sql) => inner.exec(sql),
      transaction: (fn) => inner.transaction(fn),
      close: () => inner.close(),
    }
    const { probe } = await start(db)
    hang = true
    const started = Date.now()
    expect(await probe('/__health')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unreachable' } })
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(990)
    expect(took).toBeLessThan(1900)
  })
})

/** The newest PostgreSQL installed from Debian's packages, or null. */
function pgBin(): string | null {
  if (!existsSync('/usr/lib/postgresql')) return null
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
  versions.sort((a, b) => Number(a) - Number(b))
  return versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null
}

const PG_BIN = pgBin()
const asRoot = process.getuid?.() === 0

/** Runs a PostgreSQL tool, as the postgres user when this runs as root (PostgreSQL refuses root). */
function pgTool(tool: string, args: string[]): void {
  const command = `${PG_BIN}/${tool}`
  const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')
  const run = asRoot ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr || run.stdout}`)
}

describe('health and readiness on a PostgreSQL server', () => {
  // Runs wherever PostgreSQL's binaries are installed (CI installs them); a throw-away server of its own,
  // never the one DATABASE_URL names.
  it.runIf(PG_BIN !== null)(
    'answers 200, then 503 on both probes once the server is stopped',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'health-pg-'))
      const data = join(dir, 'data')
      const port = await freePort()
      let running = false
      try {
        if (asRoot) {
          const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout)
          chownSync(dir, id('-u'), id('-g'))
        }
        pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres'])
        pgTool('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'log'), '-w', 'start'])
        running = true
        const backend = await createBackend({
          env: { mode: 'development', databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` },
          log: captureLog('silent').log,
        })
        backends.push(backend)
        expect(backend.db.kind).toBe('pg')
        const probe = async (path: string) => {
          const res = await backend.app.request(path)
          return { status: res.status, body: await res.json() }
        }
        expect(await probe('/__health')).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } })
        expect(await probe('/__ready')).toEqual({ status: 200, body: { status: 'ready' } })
        pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
        running = false
        expect(await probe('/__health')).toEqual({ status: 503, body: { status: 'unavailable', database: 'unreachable' } })
        expect(await probe('/__ready')).toEqual({ status: 503, body: { status: 'unavailable' } })
      } finally {
        if (running) pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
        rmSync(dir, { recursive: true, force: true })
      }
    },
    120_000,
  )
})
