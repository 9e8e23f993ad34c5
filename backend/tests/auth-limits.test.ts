import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Backend, createBackend } from '../src/app.ts'
import { type Db, openPgIsolated, openPglite } from '../src/db.ts'
import type { BackendEnv } from '../src/env.ts'
import { serveBackend } from '../src/server.ts'
import { type Reply, startApi, type TestApi } from './helpers.ts'

/**
 * Findings A, B and C of the security review: sign-out ends the session, guessing codes is bounded per
 * account and per client address, and the password sign-in takes as long with a password as without.
 */

interface CallInit {
  body?: unknown
  token?: string
  headers?: Record<string, string>
}

/**
 * A request as api.call sends it, from a client address: the address reaches the backend as the
 * connection's remote address would (a binding of the request; a real server has the socket's).
 */
async function callFrom(api: TestApi, address: string, method: string, path: string, init: CallInit = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers }
  let body: string | undefined
  if (init.body !== undefined) {
    body = JSON.stringify(init.body)
    headers['content-type'] ??= 'application/json'
  }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const res = await api.backend.app.request(path, { method, headers, body }, { remoteAddress: address })
  const text = await res.text()
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text, headers: res.headers }
}

/** A 6-digit code that is not `code`. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

interface Grant {
  token: string
  refresh_token: string
}

/** Signs in by code (from no particular address) and answers the whole grant. */
async function grant(api: TestApi, email: string): Promise<Grant> {
  const { code } = await api.requestCode(email)
  const res = await api.call('PATCH', '/en/users/verify', { body: { email, code } })
  expect(res.status).toBe(200)
  return res.body
}

function limitsSuite(kind: string, makeDb: () => Promise<Db>) {
  describe(`sign-out and code limits on ${kind}`, () => {
    let api: TestApi
    beforeAll(async () => {
      // Date stands still, so the test clock moves only when a test advances it: the Retry-After
      // values below are exact however long the requests take on a loaded machine.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
      api = await startApi(await makeDb(), { tokenTtlSeconds: 3600, refreshTokenTtlSeconds: 7200 })
    })
    afterAll(async () => {
      await api?.backend.close()
      vi.useRealTimers()
    })
    const me = async (token: string) => (await api.call('GET', '/en/users/me', { token })).status
    const refresh = async (refresh_token: string) => (await api.call('POST', '/en/users/refresh', { body: { refresh_token } })).status

    describe('A: POST /users/logout and /users/logout/all end sessions', () => {
      it('ends the session of the bearer token: its access and refresh tokens, also the refreshed ones; other sessions live on', async () => {
        const email = api.email('logout')
        const first = await grant(api, email)
        api.clock.advance(31_000)
        const second = await grant(api, email) // the same user on another device
        const refreshed = (await api.call('POST', '/en/users/refresh', { body: { refresh_token: first.refresh_token } })).body as Grant
        const out = await api.call('POST', '/en/users/logout', { token: first.token })
        expect(out.status).toBe(200)
        expect(out.body).toEqual({ message: 'You have signed out.' })
        expect(await me(first.token)).toBe(401)
        expect(await me(refreshed.token)).toBe(401)
        expect(await refresh(refreshed.refresh_token)).toBe(401)
        expect(await refresh(first.refresh_token)).toBe(401)
        expect(await me(second.token)).toBe(200)
        expect(await refresh(second.refresh_token)).toBe(200)
        // Signed out already: the token names no session any more.
        const again = await api.call('POST', '/en/users/logout', { token: first.token })
        expect(again.status).toBe(401)
        expect(again.headers.get('www-authenticate')).toBe('Bearer')
        expect(again.body).toEqual({ message: 'Please sign in to continue.' })
      })

      it('ends a session named by its refresh token, for a client whose access token has expired', async () => {
        const session = await grant(api, api.email('logout-refresh'))
        api.clock.advance(3600_000 + 1000) // the access token has expired, the refresh token has not
        expect(await me(session.token)).toBe(401)
        const out = await api.call('POST', '/ru/users/logout', { body: { refresh_token: session.refresh_token } })
        expect(out.status).toBe(200)
        expect(out.body).toEqual({ message: 'Вы вышли из аккаунта.' })
        expect(await refresh(session.refresh_token)).toBe(401)
        const again = await api.call('POST', '/ru/users/logout', { body: { refresh_token: session.refresh_token } })
        expect(again.status).toBe(401)
        expect(again.body).toEqual({ message: 'Войдите в аккаунт, чтобы продолжить.' })
      })

      it('answers 401 without a valid token, and 422 to a body that is not { refresh_token }', async () => {
        for (const init of [{}, { token: 'A'.repeat(43) }, { body: { refresh_token: 'B'.repeat(43) } }, { body: { refresh_token: 'short' } }, { body: {} }]) {
          const res = await api.call('POST', '/de/users/logout', init)
          expect(res.status).toBe(401)
          expect(res.body).toEqual({ message: 'Bitte melden Sie sich an, um fortzufahren.' })
        }
        expect((await api.call('POST', '/en/users/logout', { body: { refresh_token: 5 } })).status).toBe(422)
        const all = await api.call('POST', '/en/users/logout/all')
        expect(all.status).toBe(401)
        expect(all.body).toEqual({ message: 'Please sign in to continue.' })
        expect((await api.call('POST', '/en/users/logout/all', { body: { refresh_token: 'B'.repeat(43) } })).status).toBe(401)
      })

      it('logout/all ends every session of the user, on every device, and no one else’s', async () => {
        const email = api.email('logout-all')
        const sessions: Grant[] = []
        for (let i = 0; i < 3; i++) {
          sessions.push(await grant(api, email))
          api.clock.advance(31_000)
        }
        const other = await grant(api, api.email('bystander'))
        const out = await api.call('POST', '/de/users/logout/all', { token: sessions[1]!.token })
        expect(out.status).toBe(200)
        expect(out.body).toEqual({ message: 'Sie haben sich auf allen Geräten abgemeldet.' })
        for (const s of sessions) {
          expect(await me(s.token)).toBe(401)
          expect(await refresh(s.refresh_token)).toBe(401)
        }
        expect(await me(other.token)).toBe(200)
        const en = await grant(api, api.email('logout-all-en'))
        expect((await api.call('POST', '/en/users/logout/all', { token: en.token })).body).toEqual({ message: 'You have signed out on every device.' })
        const ru = await grant(api, api.email('logout-all-ru'))
        expect((await api.call('POST', '/ru/users/logout/all', { token: ru.token })).body).toEqual({ message: 'Вы вышли из аккаунта на всех устройствах.' })
        // Signing in again starts a new session that works.
        api.clock.advance(31_000)
        expect(await me((await grant(api, email)).token)).toBe(200)
      })
    })

    describe('R10.4: wrong codes per account and client address (10 per hour, across every code)', () => {
      it('answers the 10th wrong code from one address 422, then 429 there to any code, the right one too, until the hour has passed; another address signs the owner in', async () => {
        const ip = '198.51.100.10'
        const { token, email } = await api.signIn(api.email('guessed'))
        api.clock.advance(31_000)
        const login = await api.requestCode(email)
        const next = api.email('guessed-next')
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: next } })).status).toBe(200)
        const [change] = (await api.call('GET', `/__dev/mail?to=${next}`)).body
        const verify = (code: string, locale = 'en', from = ip) => callFrom(api, from, 'PATCH', `/${locale}/users/verify`, { body: { email, code } })
        const confirm = (code: string, locale = 'en') =>
          callFrom(api, ip, 'POST', `/${locale}/users/confirm`, { body: { email, code, password: 'long enough 1' } })
        const changeEmail = (code: string, locale = 'en') => callFrom(api, ip, 'POST', `/${locale}/users/email/${code}`, { token })
        const lefts: number[] = []
        for (let i = 0; i < 3; i++) lefts.push((await verify(wrongFor(login.code))).body.attempts_left) // wrong 1-3
        lefts.push((await confirm(wrongFor(login.code))).body.attempts_left) // wrong 4
        for (let i = 0; i < 5; i++) {
          const res = await changeEmail(wrongFor(change.code)) // wrong 5-9
          expect(res.status).toBe(422)
          lefts.push(res.body.attempts_left)
        }
        const tenth = await verify(wrongFor(login.code))
        expect(tenth.status).toBe(422)
        lefts.push(tenth.body.attempts_left)
        expect(lefts).toEqual([4, 3, 2, 1, 4, 3, 2, 1, 0, 0])
        // A new code, 31 s after the first wrong one: refused unchecked from that address, the right code too, on every endpoint.
        api.clock.advance(31_000)
        const fresh = await api.requestCode(email)
        const eleventh = await verify(fresh.code)
        expect(eleventh.status).toBe(429)
        expect(eleventh.headers.get('retry-after')).toBe('3569')
        expect(eleventh.body).toEqual({ message: 'Too many wrong codes for this account. Please try again in 60 min.', retry_after: 3569 })
        const ru = await confirm(fresh.code, 'ru')
        expect(ru.status).toBe(429)
        expect(ru.body).toEqual({ message: 'Слишком много неверных кодов для этого аккаунта. Попробуйте через 60 мин.', retry_after: 3569 })
        // The e-mail change code is closed (410 if it were checked): it is not checked at all.
        const de = await changeEmail(change.code, 'de')
        expect(de.status).toBe(429)
        expect(de.body).toEqual({ message: 'Zu viele falsche Codes für dieses Konto. Bitte versuchen Sie es in 60 Min. erneut.', retry_after: 3569 })
        // One second before the hour is over.
        api.clock.advance(3600_000 - 31_000 - 1000)
        const last = await api.requestCode(email) // the code of 31 s has expired by now
        const almost = await verify(last.code)
        expect(almost.status).toBe(429)
        expect(almost.headers.get('retry-after')).toBe('1')
        expect(almost.body).toEqual({ message: 'Too many wrong codes for this account. Please try again in 1 min.', retry_after: 1 })
        // Another address is not closed: it signs the owner in with the same code.
        const elsewhere = await verify(last.code, 'en', '198.51.100.11')
        expect(elsewhere.status).toBe(200)
        expect(await me(elsewhere.body.token)).toBe(200)
      })

      it('does not count the right code: 9 wrong and a sign-in leave one more wrong code before the limit', async () => {
        const email = api.email('nine')
        const { code } = await api.requestCode(email)
        const ip = '198.51.100.20'
        for (let i = 0; i < 4; i++) expect((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(code) } })).status).toBe(422)
        expect((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(200)
        api.clock.advance(31_000)
        const second = await api.requestCode(email)
        for (let i = 0; i < 5; i++)
          expect((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(second.code) } })).status).toBe(422)
        api.clock.advance(31_000)
        const third = await api.requestCode(email)
        const tenth = await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(third.code) } })
        expect(tenth.status).toBe(422)
        expect((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code: third.code } })).status).toBe(429)
      })
    })

    describe('R10.4: a stranger cannot lock the owner out', () => {
      const OWNER_HOME = '192.0.2.80'
      const signInByLink = (link: string, from: string) => callFrom(api, from, 'GET', `/en/users/auth/${link.split('/').pop()!.split('?')[0]}`)

      it("the probe's attack: 5 wrong codes, a new code 30 s later and 5 more, from one address; the owner signs in from home with a code, and by the link", async () => {
        const stranger = '203.0.113.66'
        const email = api.email('owner')
        // The owner has signed in from home before.
        const first = await api.requestCode(email)
        expect((await callFrom(api, OWNER_HOME, 'PATCH', '/en/users/verify', { body: { email, code: first.code } })).status).toBe(200)
        api.clock.advance(31_000)
        const one = await api.requestCode(email)
        for (let i = 0; i < 5; i++)
          expect((await callFrom(api, stranger, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(one.code) } })).status).toBe(422)
        api.clock.advance(30_000)
        const two = await api.requestCode(email)
        for (let i = 0; i < 5; i++)
          expect((await callFrom(api, stranger, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(two.code) } })).status).toBe(422)
        expect((await callFrom(api, stranger, 'PATCH', '/en/users/verify', { body: { email, code: two.code } })).status).toBe(429)
        // The links of both e-mails the stranger had sent stay open: wrong digits never close a link.
        const byOldLink = await signInByLink(one.link, OWNER_HOME)
        expect(byOldLink.status).toBe(200)
        expect(await me(byOldLink.body.token)).toBe(200)
        // A sign-in uses up every open code: the other e-mail's link is closed now.
        expect((await signInByLink(two.link, OWNER_HOME)).status).toBe(410)
        // A fresh code from home, and from a place the owner never signed in from: both sign in.
        api.clock.advance(31_000)
        const fresh = await api.requestCode(email)
        expect((await callFrom(api, OWNER_HOME, 'PATCH', '/en/users/verify', { body: { email, code: fresh.code } })).status).toBe(200)
        api.clock.advance(31_000)
        const onTheRoad = await api.requestCode(email)
        expect((await callFrom(api, '198.18.0.5', 'PATCH', '/en/users/verify', { body: { email, code: onTheRoad.code } })).status).toBe(200)
      })

      it('strangers on 3 addresses spend the 30 wrong codes of addresses the account never signed in from: new places wait, home and the link do not', async () => {
        const email = api.email('targeted')
        const first = await api.requestCode(email)
        expect((await callFrom(api, OWNER_HOME, 'PATCH', '/en/users/verify', { body: { email, code: first.code } })).status).toBe(200)
        let guessed = 0
        for (const stranger of ['203.0.113.71', '203.0.113.72', '203.0.113.73']) {
          for (let round = 0; round < 2; round++) {
            api.clock.advance(31_000)
            const { code } = await api.requestCode(email)
            for (let i = 0; i < 5; i++) {
              expect((await callFrom(api, stranger, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(code) } })).status).toBe(422)
              guessed++
            }
          }
        }
        expect(guessed).toBe(30)
        // 3 min 6 s after the first of them: the window of 60 min has 57 (rounded up) to run.
        api.clock.advance(31_000)
        const mine = await api.requestCode(email)
        const newPlace = await callFrom(api, '198.18.0.9', 'PATCH', '/en/users/verify', { body: { email, code: mine.code } })
        expect(newPlace.status).toBe(429)
        expect(newPlace.body.message).toBe(
          'Too many wrong codes were sent for this account from other places. Sign in with the link in our e-mail, or try again in 57 min.',
        )
        const ru = await callFrom(api, '198.18.0.9', 'PATCH', '/ru/users/verify', { body: { email, code: mine.code } })
        expect(ru.body.message).toBe(
          'Для этого аккаунта из других мест прислали слишком много неверных кодов. Войдите по ссылке из нашего письма или попробуйте через 57 мин.',
        )
        const de = await callFrom(api, '198.18.0.9', 'PATCH', '/de/users/verify', { body: { email, code: mine.code } })
        expect(de.body.message).toBe(
          'Für dieses Konto wurden von anderen Orten zu viele falsche Codes gesendet. Melden Sie sich über den Link in unserer E-Mail an oder versuchen Sie es in 57 Min. erneut.',
        )
        // Home is the owner's own place: its code is checked and signs in.
        expect((await callFrom(api, OWNER_HOME, 'PATCH', '/en/users/verify', { body: { email, code: mine.code } })).status).toBe(200)
        // And the link of the next e-mail signs in from anywhere.
        api.clock.advance(31_000)
        const next = await api.requestCode(email)
        expect((await signInByLink(next.link, '198.18.0.9')).status).toBe(200)
      })
    })

    describe('R10.4: wrong codes per client address (100 per 10 minutes, across accounts)', () => {
      it('answers 100 wrong codes across 20 accounts 422, then 429 for a 21st account, even with its right code', async () => {
        const ip = '203.0.113.7'
        const emails = Array.from({ length: 22 }, (_, i) => api.email(`net-${i}`))
        const codes: string[] = []
        for (const email of emails) codes.push((await api.requestCode(email)).code)
        const statuses: number[] = []
        for (let i = 0; i < 100; i++) {
          const n = i % 20 // five wrong codes for each of 20 accounts
          statuses.push((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email: emails[n], code: wrongFor(codes[n]!) } })).status)
        }
        expect(statuses).toEqual(Array(100).fill(422))
        const limited = await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email: emails[20], code: codes[20] } })
        expect(limited.status).toBe(429)
        expect(limited.headers.get('retry-after')).toBe('600')
        expect(limited.body).toEqual({ message: 'Too many wrong codes from your network. Please try again in 10 min.', retry_after: 600 })
        const ru = await callFrom(api, ip, 'POST', '/ru/users/confirm', { body: { email: emails[20], code: codes[20], password: 'long enough 1' } })
        expect(ru.body).toEqual({ message: 'Слишком много неверных кодов из вашей сети. Попробуйте через 10 мин.', retry_after: 600 })
        const de = await callFrom(api, ip, 'PATCH', '/de/users/verify', { body: { email: api.email('nobody'), code: '123456' } })
        expect(de.status).toBe(429)
        expect(de.body).toEqual({ message: 'Zu viele falsche Codes aus Ihrem Netzwerk. Bitte versuchen Sie es in 10 Min. erneut.', retry_after: 600 })
        // Another address signs the 21st account in: neither the account nor its code was touched.
        expect((await callFrom(api, '203.0.113.8', 'PATCH', '/en/users/verify', { body: { email: emails[20], code: codes[20] } })).status).toBe(200)
        api.clock.advance(599_000)
        const almost = await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email: emails[21], code: codes[21] } })
        expect(almost.status).toBe(429)
        expect(almost.headers.get('retry-after')).toBe('1')
        api.clock.advance(1000)
        expect((await callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email: emails[21], code: codes[21] } })).status).toBe(200)
      })

      it('a guesser behind a shared address spends at most 10 on one account: the neighbours sign in', async () => {
        const office = '203.0.113.90'
        const target = api.email('target')
        const { code } = await api.requestCode(target)
        for (let round = 0; round < 3; round++)
          for (let i = 0; i < 5; i++) await callFrom(api, office, 'PATCH', '/en/users/verify', { body: { email: target, code: wrongFor(code) } })
        const neighbour = api.email('neighbour')
        const theirs = await api.requestCode(neighbour)
        expect((await callFrom(api, office, 'PATCH', '/en/users/verify', { body: { email: neighbour, code: theirs.code } })).status).toBe(200)
      })

      it('counts wrong codes sent at the same moment before it checks them', async () => {
        const ip = '203.0.113.30'
        const emails = Array.from({ length: 105 }, (_, i) => api.email(`burst-${i}`))
        const codes: string[] = []
        for (const email of emails) codes.push((await api.requestCode(email)).code)
        const replies = await Promise.all(
          emails.map((email, i) => callFrom(api, ip, 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(codes[i]!) } })),
        )
        const statuses = replies.map((r) => r.status).sort()
        expect(statuses).toEqual([...Array(100).fill(422), ...Array(5).fill(429)])
      })

      it('counts an IPv6 client by its /64 network', async () => {
        const emails = Array.from({ length: 101 }, (_, i) => api.email(`v6-${i}`))
        const codes: string[] = []
        for (const email of emails) codes.push((await api.requestCode(email)).code)
        for (let i = 0; i < 100; i++) {
          const address = `2001:db8:7:1::${(i + 1).toString(16)}` // 100 addresses of one /64
          expect((await callFrom(api, address, 'PATCH', '/en/users/verify', { body: { email: emails[i], code: wrongFor(codes[i]!) } })).status).toBe(422)
        }
        expect((await callFrom(api, '2001:db8:7:1:ffff::1', 'PATCH', '/en/users/verify', { body: { email: emails[100], code: codes[100] } })).status).toBe(429)
        expect((await callFrom(api, '2001:db8:7:2::1', 'PATCH', '/en/users/verify', { body: { email: emails[100], code: codes[100] } })).status).toBe(200)
      })
    })
  })
}

limitsSuite('PGlite', () => openPglite('memory://'))
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) limitsSuite('PostgreSQL', () => openPgIsolated(databaseUrl))

describe('B: the counts live in the database', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('hold across a restart of the backend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backend-limits-'))
    dirs.push(dir)
    const limits = { codeAccountMaxWrong: 2, codeClientMaxWrong: 3 }
    const first = await startApi(await openPglite(dir), limits)
    const email = first.email('restart')
    const { code } = await first.requestCode(email)
    for (let i = 0; i < 2; i++)
      expect((await callFrom(first, '192.0.2.1', 'PATCH', '/en/users/verify', { body: { email, code: wrongFor(code) } })).status).toBe(422)
    const other = first.email('restart-other')
    const otherCode = (await first.requestCode(other)).code
    expect((await callFrom(first, '192.0.2.1', 'PATCH', '/en/users/verify', { body: { email: other, code: wrongFor(otherCode) } })).status).toBe(422)
    await first.backend.close()

    const second = await startApi(await openPglite(dir), limits)
    expect((await callFrom(second, '192.0.2.1', 'PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(429) // the account, from that address
    expect((await callFrom(second, '192.0.2.1', 'PATCH', '/en/users/verify', { body: { email: other, code: otherCode } })).status).toBe(429) // the address
    expect((await callFrom(second, '192.0.2.2', 'PATCH', '/en/users/verify', { body: { email: other, code: otherCode } })).status).toBe(200)
    await second.backend.close()
  })

  it('are shared by two backends on one database', async () => {
    const db = await openPglite('memory://')
    const limits = { codeClientMaxWrong: 2 }
    const one = await startApi(db, limits)
    const two = await startApi(db, limits)
    const emails = [one.email('shared'), one.email('shared'), one.email('shared')]
    const codes: string[] = []
    for (const email of emails) codes.push((await one.requestCode(email)).code)
    expect((await callFrom(one, '192.0.2.9', 'PATCH', '/en/users/verify', { body: { email: emails[0], code: wrongFor(codes[0]!) } })).status).toBe(422)
    expect((await callFrom(two, '192.0.2.9', 'PATCH', '/en/users/verify', { body: { email: emails[1], code: wrongFor(codes[1]!) } })).status).toBe(422)
    expect((await callFrom(one, '192.0.2.9', 'PATCH', '/en/users/verify', { body: { email: emails[2], code: codes[2] } })).status).toBe(429)
    expect((await callFrom(two, '192.0.2.9', 'PATCH', '/en/users/verify', { body: { email: emails[2], code: codes[2] } })).status).toBe(429)
    await one.backend.close()
    await two.backend.close()
  })
})

describe('B: over HTTP the client is the socket’s peer, or whom a trusted proxy names', () => {
  const servers: { backend: Backend; server: ServerType }[] = []
  afterAll(async () => {
    for (const { backend, server } of servers) {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
    }
  })

  async function serve(env: Partial<BackendEnv>) {
    const backend = await createBackend({ env: { dataDir: 'memory://', mode: 'development', logLevel: 'silent', ...env } })
    const server = serveBackend(backend, { port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
    servers.push({ backend, server })
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    let seq = 0
    return {
      async code(): Promise<{ email: string; code: string }> {
        const email = `http-${++seq}@example.com`
        expect((await fetch(`${base}/en/users/auth?email=${encodeURIComponent(email)}`)).status).toBe(200)
        const [mail] = (await (await fetch(`${base}/__dev/mail?to=${encodeURIComponent(email)}`)).json()) as { code: string }[]
        return { email, code: mail!.code }
      },
      async verify(email: string, code: string, headers: Record<string, string> = {}) {
        const res = await fetch(`${base}/en/users/verify`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ email, code }),
        })
        return res.status
      },
    }
  }

  it('counts the socket’s address and ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const http = await serve({ codeClientMaxWrong: 2 })
    for (let i = 0; i < 2; i++) {
      const { email, code } = await http.code()
      expect(await http.verify(email, wrongFor(code), { 'x-forwarded-for': `198.51.100.${i + 1}` })).toBe(422)
    }
    const { email, code } = await http.code()
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.99' })).toBe(429)
  })

  it('takes the right-most untrusted X-Forwarded-For address when the peer is a trusted proxy (BACKEND_TRUST_PROXY=loopback)', async () => {
    const http = await serve({ codeClientMaxWrong: 2, trustProxy: ['loopback'] })
    for (let i = 0; i < 2; i++) {
      const { email, code } = await http.code()
      // The visitor forged the first entry; the proxy appended the address it saw.
      expect(await http.verify(email, wrongFor(code), { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.50` })).toBe(422)
    }
    const { email, code } = await http.code()
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.50' })).toBe(429)
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.51, 127.0.0.1' })).toBe(200)
  })

  it('R10.20: with SITE_PROXY_TOKEN, a loopback client believes its X-Forwarded-For only when it shows the token: a browser on the same machine names nobody', async () => {
    const token = 'run-token-abcdefghijklmnop'
    const http = await serve({ codeClientMaxWrong: 2, trustProxy: ['loopback'], siteProxyToken: token })
    // A browser at 127.0.0.1 names a new address with each wrong code: all counted as 127.0.0.1.
    for (let i = 0; i < 2; i++) {
      const { email, code } = await http.code()
      expect(await http.verify(email, wrongFor(code), { 'x-forwarded-for': `198.51.100.${60 + i}` })).toBe(422)
    }
    const { email, code } = await http.code()
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.69' })).toBe(429)
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.69', 'x-site-proxy-token': 'not-the-token-0123456' })).toBe(429)
    // The site's server shows the token: the visitor it names is counted, and has room.
    expect(await http.verify(email, code, { 'x-forwarded-for': '198.51.100.69', 'x-site-proxy-token': token })).toBe(200)
  })
})

describe('C: the password sign-in takes as long for any address', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi(await openPglite('memory://'))
  })
  afterAll(async () => {
    await api?.backend.close()
  })

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }

  it('hashes a dummy password for an address without an account or without a password', async () => {
    const withPassword = api.email('has-password')
    const { code } = await api.requestCode(withPassword)
    expect((await api.call('POST', '/en/users/confirm', { body: { email: withPassword, code, password: 'correct horse' } })).status).toBe(200)
    const withoutPassword = (await api.signIn(api.email('no-password'))).email
    const noAccount = api.email('no-account')
    const attempt = async (email: string) => {
      const started = performance.now()
      const res = await api.call('PATCH', '/en/users/verify', { body: { email, password: 'wrong horse' } })
      const ms = performance.now() - started
      expect(res.status).toBe(422)
      expect(res.body.message).toBe('Wrong e-mail or launcher password.')
      return ms
    }
    const times: Record<string, number[]> = { withPassword: [], withoutPassword: [], noAccount: [] }
    // One round to warm up, then 15 measured rounds; the order alternates so that drift of the machine's
    // load hits every path alike. The clock moves past the 15-minute window so the limit never answers.
    for (let round = 0; round < 16; round++) {
      const order = round % 2 === 0 ? (['withPassword', 'withoutPassword', 'noAccount'] as const) : (['noAccount', 'withoutPassword', 'withPassword'] as const)
      for (const path of order) {
        const ms = await attempt({ withPassword, withoutPassword, noAccount }[path])
        if (round > 0) times[path]!.push(ms)
      }
      api.clock.advance(15 * 60_000 + 1000)
    }
    const reference = median(times.withPassword!)
    // One scrypt (N=16384, r=8: 20-40 ms here) is nearly all of a password sign-in; the rest (a few
    // queries on an in-memory database) is 1-3 ms. With a dummy hash on every path the medians differ by
    // that rest and by noise, so 60% leaves room for a loaded 2-core machine; without it the paths
    // without a password take 1-3 ms against 20-40 ms, under 15%, far below the bound.
    expect(median(times.withoutPassword!)).toBeGreaterThanOrEqual(0.6 * reference)
    expect(median(times.noAccount!)).toBeGreaterThanOrEqual(0.6 * reference)
  })
})
