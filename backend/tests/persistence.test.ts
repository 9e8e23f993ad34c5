import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackend } from '../src/app.ts'
import { openPglite } from '../src/db.ts'
import { migrate, readMigrations, splitStatements } from '../src/migrate.ts'
import { cpNotice, startApi } from './helpers.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('PGlite data directory survives a restart', () => {
  it('keeps users, tokens, payments and subscriptions, and does not re-run migrations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backend-data-'))
    dirs.push(dir)
    const first = await startApi(await openPglite(dir))
    const { token, email } = await first.signIn()
    const pay = (await first.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body
    expect((await first.cp('pay', cpNotice(pay))).status).toBe(200)
    const before = await first.me(token)
    await first.backend.close()

    const second = await startApi(await openPglite(dir))
    const after = await second.me(token)
    expect(after).toEqual(before)
    expect(after.email).toBe(email)
    expect(after.subscription.active).toBe(true)
    const mail = await second.call('GET', `/__dev/mail?to=${email}`)
    expect(mail.body.map((m: any) => m.subject)).toEqual([`Чек по платежу № ${pay.payment_id}`, expect.stringMatching(/^Your sign-in code/)])
    // Paid once: a repeated notification after the restart changes nothing.
    expect((await second.cp('pay', cpNotice(pay))).body.applied).toBe(false)
    const versions = await second.backend.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(versions.map((v) => v.version)).toEqual(readMigrations().map((m) => m.version))
    await second.backend.close()
  })

  it('creates the data directory from env when none exists', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'backend-data-')), 'nested', 'data')
    dirs.push(dir)
    const backend = await createBackend({ env: { dataDir: dir, mode: 'development', logLevel: 'silent' } })
    expect(backend.db.kind).toBe('pglite')
    const res = await backend.app.request('/en/subscriptions')
    expect(res.status).toBe(200)
    await backend.close()
  })
})

describe('versioned migrations', () => {
  it('records each migration once and seeds the reference data', async () => {
    const db = await openPglite('memory://')
    const applied = await migrate(db)
    expect(applied).toEqual(readMigrations().map((m) => m.version))
    expect(applied.slice(0, 4)).toEqual(['001', '002', '003', '004'])
    expect(await migrate(db)).toEqual([])
    expect(await db.query('SELECT id, code, name, goal_year FROM game_versions ORDER BY id')).toEqual([
      { id: 1, code: 'cs2', name: 'CS2', goal_year: 2024 },
      { id: 2, code: 'cs-go', name: 'CS:GO', goal_year: 2019 },
    ])
    expect(await db.query('SELECT id, code, name FROM languages ORDER BY id')).toEqual([
      { id: 1, code: 'ru', name: 'Русский' },
      { id: 2, code: 'en', name: 'English' },
      { id: 3, code: 'ge', name: 'Deutsch' },
    ])
    await db.close()
  })

  it('rolls a failing migration back and does not record it', async () => {
    const db = await openPglite('memory://')
    await expect(
      migrate(db, [...readMigrations(), { version: '999', name: 'broken', sql: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;' }]),
    ).rejects.toThrow(/no_such_table/)
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
    expect(await db.query("SELECT to_regclass('half_done') AS t")).toEqual([{ t: null }])
    await db.close()
  })

  it('003 gives the payments of an existing database the e-mail of their user', async () => {
    const db = await openPglite('memory://')
    expect(
      await migrate(
        db,
        readMigrations().filter((m) => m.version < '003'),
      ),
    ).toEqual(['001', '002'])
    await db.query("INSERT INTO users (email, referral_code, created_at) VALUES ('old@example.com', 'OLDCODE1', now())")
    await db.query(
      `INSERT INTO payments (user_id, subscription_id, service, amount_minor, currency, created_at)
       SELECT id, 3, 'cloudpayments', 49000, 'RUB', now() FROM users WHERE email = 'old@example.com'`,
    )
    expect((await migrate(db))[0]).toBe('003')
    expect(await db.query('SELECT payer_email, status, operation, failure FROM payments')).toEqual([
      { payer_email: 'old@example.com', status: 'pending', operation: null, failure: null },
    ])
    await db.close()
  })

  it('006 gives existing payments their group and locale, and subscribers the payment that extended them', async () => {
    const db = await openPglite('memory://')
    await migrate(
      db,
      readMigrations().filter((m) => m.version < '006'),
    )
    await db.query(
      "INSERT INTO users (email, locale, referral_code, created_at, sub_plan_id, sub_expires_at) VALUES ('sub@example.com', 'de', 'SUBCODE1', now(), 3, now() + interval '10 days')",
    )
    await db.query(
      `INSERT INTO payments (user_id, subscription_id, service, amount_minor, currency, payer_email, status, created_at)
       SELECT id, 3, 'cloudpayments', 649, 'EUR', email, 'paid', now() FROM users WHERE email = 'sub@example.com'`,
    )
    expect(await migrate(db)).toEqual(
      readMigrations()
        .filter((m) => m.version >= '006')
        .map((m) => m.version),
    )
    expect(await db.query('SELECT locale, country_group_id FROM payments')).toEqual([{ locale: 'de', country_group_id: 3 }])
    const [user] = await db.query<{ sub_payment_id: number | null }>("SELECT sub_payment_id FROM users WHERE email = 'sub@example.com'")
    expect(user!.sub_payment_id).toEqual(expect.any(Number))
    expect(await db.query('SELECT id, renews_into FROM subscriptions ORDER BY id')).toEqual(
      [1, 2, 3, 4, 5, 6].map((id) => ({ id, renews_into: id === 1 ? 3 : id })),
    )
    await db.close()
  })

  it('splits statements at line-ending semicolons and drops comment lines', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nINSERT INTO a VALUES (1);\n')).toEqual(['CREATE TABLE a (x int)', 'INSERT INTO a VALUES (1)'])
  })
})

/** A production backend needs the providers' own secrets. */
const LIVE_SECRETS = {
  cloudpaymentsApiSecret: 'cp-live-secret-1',
  payselectionSiteId: '21044',
  payselectionSecretKey: 'ps-live-secret-1',
  cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
}

describe('development-only routes', () => {
  it('hides the mailbox, the device helper and every sandbox in production mode: the JSON 404 of an unknown path', async () => {
    const backend = await createBackend({ env: { dataDir: 'memory://', mode: 'production', logLevel: 'silent', ...LIVE_SECRETS } })
    for (const [method, path] of [
      ['GET', '/__dev/mail'],
      ['GET', '/__dev/mail?to=a@example.com'],
      ['POST', '/__dev/device?email=a@example.com'],
      ['GET', '/sandbox/cloudpayments.js'],
      ['GET', '/sandbox/pay-widget.js'],
      ['GET', '/sandbox/widget'],
      ['GET', '/sandbox/widget.js'],
      ['POST', '/sandbox/provider/charge'],
      ['OPTIONS', '/sandbox/provider/charge'],
      ['GET', '/sandbox/openid/login'],
      ['POST', '/sandbox/openid/login'],
    ] as const) {
      const res = await backend.app.request(path, {
        method,
        headers: { origin: 'http://localhost:3001', 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      })
      expect([path, res.status]).toEqual([path, 404])
      expect(await res.json()).toEqual({ message: 'Nothing was found at this address.' })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
    await backend.close()
  })

  it('serves the sandbox widgets, provider and OpenID sandbox in development mode', async () => {
    const backend = await createBackend({ env: { dataDir: 'memory://', mode: 'development', logLevel: 'silent' } })
    for (const path of ['/sandbox/cloudpayments.js', '/sandbox/pay-widget.js', '/sandbox/widget', '/sandbox/widget.js']) {
      const res = await backend.app.request(path)
      expect([path, res.status]).toEqual([path, 200])
    }
    expect((await backend.app.request('/__dev/mail?to=a@example.com')).status).toBe(200)
    await backend.close()
  })
})
