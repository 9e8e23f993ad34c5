import { createHmac } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db.ts'
import { sendMail } from '../src/mail.ts'
import { OPENID_NS, positiveAssertion, sign } from '../src/openid.ts'
import { type DbHooks, hookDb, secondIsStuck } from './db-hooks.ts'
import { cpNotice, MIRROR_URL, psNotice, type Reply, SITE_URL, startApi, type TestApi } from './helpers.ts'

const DAY = 86_400_000
const TTL = 3600
const REFRESH_TTL = 7200
/**
 * The sandbox provider's delays in this suite: notify, the late card, and the retries' back-off. The
 * notify delay leaves a loaded CI machine time to read a payment as pending right after the card.
 */
const NOTIFY_DELAY = 300
const LATE_DELAY = 1800
const RETRY_DELAYS = [20, 40, 80]
/** Text with the no-break spaces that amounts and dates are formatted with made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const LONG = /^[A-Za-z0-9_-]{43}$/
/** The token grant of every sign-in and of POST /users/refresh. */
const GRANT = {
  token: expect.stringMatching(LONG),
  token_type: 'Bearer',
  expires_in: TTL,
  refresh_token: expect.stringMatching(LONG),
  refresh_expires_in: REFRESH_TTL,
}

/** A browser's CORS preflight from a page of `origin` for a `method` request (with the request headers it names). */
function preflight(api: TestApi, path: string, origin: string, method: string, requestHeaders?: string): Promise<Reply> {
  const headers: Record<string, string> = { origin, 'access-control-request-method': method }
  if (requestHeaders) headers['access-control-request-headers'] = requestHeaders
  return api.call('OPTIONS', path, { headers })
}

/**
 * The backend contract of R7, over HTTP. Registered once per database kind:
 * makeDb opens a fresh, empty database.
 */
export function contractSuite(kind: string, makeDb: () => Promise<Db>) {
  describe(`backend contract on ${kind}`, () => {
    let api: TestApi
    let hooks: DbHooks
    beforeAll(async () => {
      hooks = hookDb(await makeDb())
      api = await startApi(
        hooks.db,
        { tokenTtlSeconds: TTL, refreshTokenTtlSeconds: REFRESH_TTL, sandboxNotifyDelayMs: NOTIFY_DELAY },
        { lateDelayMs: LATE_DELAY, retryDelaysMs: RETRY_DELAYS },
      )
    })
    afterEach(() => {
      hooks?.reset()
    })
    afterAll(async () => {
      await api?.backend.close()
    })

    describe('R7: locale prefix, routing, CORS', () => {
      it('answers 404 JSON for an unknown locale and an unknown route', async () => {
        const a = await api.call('GET', '/fr/subscriptions')
        expect(a.status).toBe(404)
        expect(a.body.message).toMatch(/language/i)
        const b = await api.call('GET', '/en/no-such-thing')
        expect(b.status).toBe(404)
        expect(typeof b.body.message).toBe('string')
        const c = await api.call('GET', '/subscriptions')
        expect(c.status).toBe(404)
        const d = await api.call('PATCH', '/en/subscriptions')
        expect(d.status).toBe(404)
        expect(d.body.message).toBeTruthy()
      })

      it.each([
        ['POST', '/fr/analytics/collect', { domain: 'a.test', token: null, client_id: '1', utm: null }],
        ['POST', '/fr/payments', { subscription_id: 3, service: 'cloudpayments' }],
        ['PUT', '/xx/users/email', { email: 'new@example.com' }],
        ['PATCH', '/fr/users/verify', { email: 'v@example.com', code: '123456' }],
        ['POST', '/EN/users/confirm', { email: 'v@example.com', code: '123456', password: 'long enough' }],
        ['DELETE', '/fr/users/device/reset', undefined],
      ])('answers 404 for an unknown locale on %s %s and changes nothing', async (method, path, body) => {
        const { token } = await api.signIn()
        const before = await api.counts()
        const res = await api.call(method, path, { token, body })
        expect(res.status).toBe(404)
        expect(res.body.message).toBe('Unknown language in the address. Use /en, /ru or /de.')
        expect(await api.counts()).toEqual(before)
      })

      it('translates messages into en, ru and de', async () => {
        const texts = await Promise.all(['en', 'ru', 'de'].map((l) => api.call('GET', `/${l}/users/me`)))
        for (const r of texts) expect(r.status).toBe(401)
        const [en, ru, de] = texts.map((r) => r.body.message as string)
        expect(en).toBe('Please sign in to continue.')
        expect(ru).toMatch(/[а-я]/)
        expect(de).toMatch(/melde/)
        expect(new Set([en, ru, de]).size).toBe(3)
      })

      it('allows only the configured origins, with credentials and the two headers', async () => {
        const pre = await preflight(api, '/en/users/me', 'http://site.test:3000', 'GET', 'authorization')
        expect(pre.status).toBe(204)
        expect(pre.headers.get('access-control-allow-origin')).toBe('http://site.test:3000')
        expect(pre.headers.get('access-control-allow-credentials')).toBe('true')
        expect(pre.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type')
        const ok = await api.call('GET', '/en/subscriptions', { headers: { origin: 'http://site.test:3000' } })
        expect(ok.headers.get('access-control-allow-origin')).toBe('http://site.test:3000')
        const evil = await api.call('GET', '/en/subscriptions', { headers: { origin: 'http://evil.test' } })
        expect(evil.headers.get('access-control-allow-origin')).toBeNull()
        expect(evil.headers.get('access-control-allow-credentials')).toBeNull()
        const evilPre = await preflight(api, '/en/users/me', 'http://evil.test', 'GET')
        expect(evilPre.status).toBe(403)
        expect(evilPre.headers.get('access-control-allow-origin')).toBeNull()
        expect(evilPre.body.message).toBe('This website is not allowed to call the API.')
        const evilPreRu = await preflight(api, '/ru/payments', 'http://evil.test', 'POST')
        expect(evilPreRu.status).toBe(403)
        expect(evilPreRu.body.message).toBe('Этому сайту нельзя обращаться к API.')
      })
    })

    describe('R7: POST /analytics/collect', () => {
      it('stores an event and answers 202', async () => {
        const { token } = await api.signIn()
        const user = await api.me(token)
        const before = await api.counts()
        const res = await api.call('POST', '/en/analytics/collect', {
          body: { domain: 'localhost', token, client_id: '1234.5678', utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: 'skins' } },
        })
        expect(res.status).toBe(202)
        expect(res.body).toEqual({ ok: true })
        const anon = await api.call('POST', '/ru/analytics/collect', { body: { domain: 'mirror.test', token: null, client_id: '99.1', utm: null } })
        expect(anon.status).toBe(202)
        expect((await api.counts()).analytics_events).toBe(before.analytics_events! + 2)
        const rows = await api.backend.db.query<{ user_id: number | null; utm: any; locale: string }>(
          "SELECT user_id, utm, locale FROM analytics_events WHERE client_id IN ('1234.5678', '99.1') ORDER BY id",
        )
        expect(rows[0]).toMatchObject({ user_id: user.id, locale: 'en' })
        expect(rows[0]!.utm).toMatchObject({ source: 'google', medium: 'cpc', campaign: 'spring' })
        expect(rows[1]).toMatchObject({ user_id: null, utm: null, locale: 'ru' })
      })

      it.each([
        ['missing client_id', { domain: 'a.test', token: null, utm: null }],
        ['token of a wrong type', { domain: 'a.test', token: 5, client_id: '1', utm: null }],
        ['utm without campaign', { domain: 'a.test', token: null, client_id: '1', utm: { source: 's', medium: 'm' } }],
        ['script in the domain', { domain: '<script>alert(1)</script>', token: null, client_id: '1', utm: null }],
        ['SQL in the client id', { domain: 'a.test', token: null, client_id: "1'); DROP TABLE users; --", utm: null }],
        ['an array body', [1, 2]],
      ])('refuses %s with 422 and stores nothing', async (_name, body) => {
        const before = await api.counts()
        const res = await api.call('POST', '/en/analytics/collect', { body })
        expect(res.status).toBe(422)
        expect(typeof res.body.message).toBe('string')
        expect(await api.counts()).toEqual(before)
      })
    })

    describe('R7: bad input on every endpoint changes nothing', () => {
      it('answers 400 to malformed JSON, 415 to non-JSON and 413 to bodies over 16 KB', async () => {
        const { token } = await api.signIn()
        const before = await api.counts()
        const big = JSON.stringify({ domain: 'a.test', token: null, client_id: 'x'.repeat(17 * 1024), utm: null })
        const cases: [string, string, number][] = [
          ['POST', '/en/analytics/collect', 400],
          ['PATCH', '/en/users/verify', 400],
          ['POST', '/en/users/confirm', 400],
          ['POST', '/en/users/credentials', 400],
          ['PUT', '/en/users/email', 400],
          ['POST', '/en/payments', 400],
          ['POST', '/en/users/refresh', 400],
        ]
        for (const [method, path, status] of cases) {
          const malformed = await api.call(method, path, { raw: '{"email": ', token, headers: { 'content-type': 'application/json' } })
          expect(malformed.status, `${method} ${path}`).toBe(status)
          expect(malformed.body.message).toBeTruthy()
          const text = await api.call(method, path, { raw: 'email=a', token, headers: { 'content-type': 'text/plain' } })
          expect(text.status, `${method} ${path}`).toBe(415)
          const huge = await api.call(method, path, { raw: big, token, headers: { 'content-type': 'application/json' } })
          expect(huge.status, `${method} ${path}`).toBe(413)
          expect(huge.body.message).toBeTruthy()
        }
        expect(await api.counts()).toEqual(before)
      })

      it('never answers 500 to odd strings, types or paths', async () => {
        const { token } = await api.signIn()
        const before = await api.counts()
        const odd = ["' OR 1=1 --", '<script>alert(1)</script>', '%00', '../../etc/passwd', 'x'.repeat(3000), '😀']
        for (const s of odd) {
          const e = encodeURIComponent(s)
          const replies = await Promise.all([
            api.call('GET', `/en/users/auth?email=${e}`),
            api.call('GET', `/en/users/auth/${e}`),
            api.call('PATCH', '/en/users/verify', { body: { email: s, code: s } }),
            api.call('POST', '/en/users/confirm', { body: { email: s, code: s, password: s } }),
            api.call('POST', '/en/users/credentials', { token, body: { password: 5, password_confirm: s } }),
            api.call('PUT', '/en/users/email', { token, body: { email: s } }),
            api.call('POST', `/en/users/email/${e}`, { token }),
            api.call('GET', `/en/referrer/link/${e}`),
            api.call('GET', `/en/subscriptions?country_group_id=${e}`),
            api.call('GET', `/en/users/subscription/special?country_group_id=${e}`, { token }),
            api.call('POST', '/en/payments', { token, body: { subscription_id: s, service: s } }),
            api.call('GET', `/en/launcher/download?referrer_link_code=${e}`),
            api.call('POST', '/en/users/refresh', { body: { refresh_token: s } }),
            api.cp('pay', { TransactionId: s, InvoiceId: s, Amount: s, Currency: s, Email: s, Status: s }),
            api.cp('check', { TransactionId: '1', InvoiceId: '1', Amount: '1', Currency: 'RUB', Email: 'a@example.com', AccountId: s }).then((r) =>
              // A Check of a payment that does not exist is refused with CloudPayments' code, not an HTTP error.
              r.status === 200 ? { ...r, status: 400, body: { message: String(r.body.code) } } : r,
            ),
            api.ps({ Event: s, OrderId: s, Amount: s, Currency: s, Email: s }),
            api.call('POST', `/sandbox/provider/charge`, {
              body: { provider: 'cloudpayments', scheme: s, invoiceId: s, amount: s, currency: s, card: { number: s } },
            }),
            api.call('GET', `/__dev/mail?to=${e}`),
          ])
          for (const r of replies) {
            expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400)
            expect(r.status).toBeLessThan(500)
            expect(typeof r.body.message).toBe('string')
          }
        }
        expect(await api.counts()).toEqual(before)
      })
      it('refuses text a database cannot store (NUL, lone surrogates) with 422', async () => {
        const { token } = await api.signIn()
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        const before = await api.counts()
        const nul = await api.call('POST', '/en/analytics/collect', {
          body: { domain: 'a.test', token: null, client_id: '1', utm: { source: 'a\u0000b', medium: 'm', campaign: 'c' } },
        })
        expect(nul.status).toBe(422)
        const surrogate = await api.call('POST', '/en/analytics/collect', {
          raw: '{"domain":"a.test","token":null,"client_id":"1","utm":{"source":"x","medium":"m","campaign":"c","term":"\\ud800"}}',
          headers: { 'content-type': 'application/json' },
        })
        expect(surrogate.status).toBe(422)
        const notice = await api.cp('pay', cpNotice(pay, 'Completed', { AccountId: 'x\u0000' }))
        expect(notice.status).toBe(422)
        const ps = await api.ps({ ...psNotice(pay, 'Payment'), TransactionId: 'PS\ud800' })
        expect(ps.status).toBe(422)
        expect(await api.counts()).toEqual(before)
      })
    })

    describe('R7: GET /users/auth sends a code and a link', () => {
      it('creates the user and mails a 6-digit code and a link in the request locale', async () => {
        const email = api.email('New')
        const res = await api.call('GET', `/ru/users/auth?email=${encodeURIComponent(email)}&redirect=${encodeURIComponent('/ru/premium?plan=3')}`)
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ email: email.toLowerCase(), expires_in: 900, resend_in: 30 })
        expect(res.body.message).toMatch(/[а-я]/)
        const mail = await api.call('GET', `/__dev/mail?to=${encodeURIComponent(email.toLowerCase())}`)
        expect(mail.body).toHaveLength(1)
        const [m] = mail.body
        expect(m.to).toBe(email.toLowerCase())
        expect(m.code).toMatch(/^\d{6}$/)
        expect(m.link).toMatch(new RegExp(`^${SITE_URL}/ru/login/[A-Za-z0-9_-]{43}\\?redirect=%2Fru%2Fpremium%3Fplan%3D3$`))
        expect(m.subject).toContain(m.code)
        expect(m.subject).toMatch(/код/)
        expect(m.text).toContain(m.link)
        expect(new Date(m.sentAt).toString()).not.toBe('Invalid Date')
        const [row] = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email.toLowerCase()])
        expect(row!.n).toBe(1)
      })

      it('mails in German for /de', async () => {
        const email = api.email()
        await api.call('GET', `/de/users/auth?email=${email}`)
        const mail = await api.call('GET', `/__dev/mail?to=${email}`)
        expect(mail.body[0].subject).toMatch(/Anmeldecode/)
        expect(mail.body[0].link).toContain(`${SITE_URL}/de/login/`)
      })

      it('limits resends to one per 30 s per address', async () => {
        const email = api.email()
        expect((await api.call('GET', `/en/users/auth?email=${email}`)).status).toBe(200)
        const again = await api.call('GET', `/en/users/auth?email=${email}`)
        expect(again.status).toBe(429)
        expect(again.body.message).toMatch(/wait/)
        expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
        api.clock.advance(31_000)
        expect((await api.call('GET', `/en/users/auth?email=${email}`)).status).toBe(200)
        const mail = await api.call('GET', `/__dev/mail?to=${email}`)
        expect(mail.body).toHaveLength(2)
      })

      it.each([
        ['no e-mail', ''],
        ['a bad e-mail', '?email=not-an-email'],
        ['SQL in the e-mail', `?email=${encodeURIComponent("a'; DROP TABLE users; --@x.com")}`],
        ['an external redirect', '?email=r@example.com&redirect=https%3A%2F%2Fevil.test'],
        ['a protocol-relative redirect', '?email=r@example.com&redirect=%2F%2Fevil.test'],
      ])('refuses %s with 422', async (_name, query) => {
        const before = await api.counts()
        const res = await api.call('GET', `/en/users/auth${query}`)
        expect(res.status).toBe(422)
        expect(res.body.message).toMatch(/incorrectly/)
        expect(await api.counts()).toEqual(before)
      })
    })

    describe('R1: links in e-mails open the domain the visitor used', () => {
      const linkFor = async (headers: Record<string, string>, locale = 'en') => {
        const email = api.email('domain')
        const res = await api.call('GET', `/${locale}/users/auth?email=${email}`, { headers })
        expect(res.status).toBe(200)
        return (await api.call('GET', `/__dev/mail?to=${email}`)).body[0].link as string
      }

      it.each([
        ['the browser Origin of the mirror', { origin: MIRROR_URL }, MIRROR_URL],
        ['the browser Origin of the original domain', { origin: SITE_URL }, SITE_URL],
        ['X-Site-Origin from the site server (no Origin)', { 'x-site-origin': MIRROR_URL }, MIRROR_URL],
        ['X-Site-Origin when the Origin is not the site', { origin: 'http://evil.test', 'x-site-origin': MIRROR_URL }, MIRROR_URL],
        ['the Origin before X-Site-Origin', { origin: SITE_URL, 'x-site-origin': MIRROR_URL }, SITE_URL],
        ['SITE_URL for a foreign Origin', { origin: 'http://evil.test' }, SITE_URL],
        ['SITE_URL for a foreign X-Site-Origin', { 'x-site-origin': 'http://evil.test' }, SITE_URL],
        ['SITE_URL for an X-Site-Origin with a path', { 'x-site-origin': `${MIRROR_URL}/evil` }, SITE_URL],
        ['SITE_URL for a junk X-Site-Origin', { 'x-site-origin': 'not a url' }, SITE_URL],
        ['SITE_URL without either header', {}, SITE_URL],
      ])('builds the sign-in link from %s', async (_name, headers, base) => {
        const link = await linkFor(headers as Record<string, string>, 'ru')
        expect(link).toMatch(new RegExp(`^${base}/ru/login/[A-Za-z0-9_-]{43}$`))
      })

      it('builds the confirm-email link the same way', async () => {
        const { token } = await api.signIn()
        const viaOrigin = api.email('mirror-change')
        expect((await api.call('PUT', '/de/users/email', { token, body: { email: viaOrigin }, headers: { origin: MIRROR_URL } })).status).toBe(200)
        const [a] = (await api.call('GET', `/__dev/mail?to=${viaOrigin}`)).body
        expect(a.link).toMatch(new RegExp(`^${MIRROR_URL}/de/confirm-email/[A-Za-z0-9_-]{43}$`))
        api.clock.advance(31_000)
        const viaServer = api.email('server-change')
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: viaServer }, headers: { 'x-site-origin': MIRROR_URL } })).status).toBe(200)
        expect((await api.call('GET', `/__dev/mail?to=${viaServer}`)).body[0].link).toMatch(new RegExp(`^${MIRROR_URL}/en/confirm-email/`))
        api.clock.advance(31_000)
        const plain = api.email('plain-change')
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: plain }, headers: { origin: 'http://evil.test' } })).status).toBe(200)
        expect((await api.call('GET', `/__dev/mail?to=${plain}`)).body[0].link).toMatch(new RegExp(`^${SITE_URL}/en/confirm-email/`))
      })
    })

    describe('R7: PATCH /users/verify performs login', () => {
      it('answers a bearer token for the right code', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        const res = await api.call('PATCH', '/en/users/verify', { body: { email, code } })
        expect(res.status).toBe(200)
        expect(res.body).toEqual(GRANT)
        expect(res.body.refresh_token).not.toBe(res.body.token)
        const [stored] = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tokens WHERE token_hash = $1', [res.body.token])
        expect(stored!.n).toBe(0) // only the hash is stored
        const [refresh] = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1', [
          res.body.refresh_token,
        ])
        expect(refresh!.n).toBe(0)
        const me = await api.me(res.body.token)
        expect(me.email).toBe(email)
        expect(me.email_confirmed).toBe(true)
      })

      it('uses a code once', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(200)
        const again = await api.call('PATCH', '/en/users/verify', { body: { email, code } })
        expect(again.status).toBe(410)
        expect(again.body.message).toMatch(/expired|used/)
      })

      it('counts wrong codes and closes the code after 5', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        const wrong = code === '000000' ? '111111' : '000000'
        for (let left = 4; left >= 0; left--) {
          const res = await api.call('PATCH', '/en/users/verify', { body: { email, code: wrong } })
          expect(res.status).toBe(422)
          expect(res.body.attempts_left).toBe(left)
        }
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(410)
      })

      it('expires a code after 15 minutes', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        api.clock.advance(15 * 60_000 + 1000)
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(410)
      })

      it('closes the older code when a new one is sent', async () => {
        const email = api.email()
        const first = await api.requestCode(email)
        api.clock.advance(31_000)
        const second = await api.requestCode(email)
        // The old code no longer opens the account: it is checked against the newest code only.
        if (first.code !== second.code) expect((await api.call('PATCH', '/en/users/verify', { body: { email, code: first.code } })).status).toBe(422)
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code: second.code } })).status).toBe(200)
        expect((await api.call('GET', `/en/users/auth/${first.link.split('/login/')[1]}`)).status).toBe(410)
      })

      it('410 for an address that has no code', async () => {
        expect((await api.call('PATCH', '/en/users/verify', { body: { email: api.email(), code: '123456' } })).status).toBe(410)
      })

      it.each([
        ['letters in the code', { email: 'v@example.com', code: '12ab56' }],
        ['a numeric code', { email: 'v@example.com', code: 123456 }],
        ['a 5-digit code', { email: 'v@example.com', code: '12345' }],
        ['no e-mail', { code: '123456' }],
        ['null', null],
      ])('refuses %s with 422', async (_name, body) => {
        const before = await api.counts()
        const res = await api.call('PATCH', '/en/users/verify', { body })
        expect(res.status).toBe(422)
        expect(res.body.errors).toBeTypeOf('object')
        expect(await api.counts()).toEqual(before)
      })
    })

    describe('R7: sign in through Steam (OpenID 2.0, sandbox provider)', () => {
      const ENDPOINT = 'http://localhost:3001/sandbox/openid/login'
      const RETURN_TO = `${SITE_URL}/en/login?redirect=%2Fru%2Fpremium`
      const HANNAH = '76561198000000001'
      const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
      const request = (overrides: Record<string, string | null> = {}) => {
        const params: Record<string, string | null> = {
          'openid.ns': OPENID_NS,
          'openid.mode': 'checkid_setup',
          'openid.return_to': RETURN_TO,
          'openid.realm': `${SITE_URL}/`,
          'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
          'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
          ...overrides,
        }
        return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== null))
      }
      const loginPath = (overrides: Record<string, string | null> = {}) => `/sandbox/openid/login?${new URLSearchParams(request(overrides))}`
      /** Submits the sandbox form; answers the 302 Location. */
      async function submit(form: Record<string, string>, overrides: Record<string, string | null> = {}) {
        const res = await api.call('POST', '/sandbox/openid/login', { raw: new URLSearchParams({ ...request(overrides), ...form }).toString(), headers: FORM })
        expect(res.status, String(res.body)).toBe(302)
        return res.headers.get('location')!
      }
      const answer = (account = HANNAH, overrides: Record<string, string | null> = {}) => submit({ account, action: 'sign_in' }, overrides)
      const assertionOf = (location: string) => Object.fromEntries([...new URL(location).searchParams].filter(([k]) => k.startsWith('openid.')))
      const callback = (location: string, locale = 'en', headers: Record<string, string> = {}) =>
        api.call('GET', `/${locale}/users/auth${new URL(location).search}`, { headers })
      /** A callback query with the assertion fields changed (the rest of return_to's query kept). */
      const tampered = (location: string, change: Record<string, string | null>) => {
        const url = new URL(location)
        for (const [k, v] of Object.entries(change)) {
          if (v === null) url.searchParams.delete(k)
          else url.searchParams.set(k, v)
        }
        return url.toString()
      }
      const resign = (fields: Record<string, string>) => ({
        ...fields,
        'openid.sig': sign(fields, fields['openid.signed']!.split(','), api.backend.env.openidSandboxSecret),
      })
      const asQuery = (fields: Record<string, string>) => `${RETURN_TO}&${new URLSearchParams(fields)}`

      it('shows a self-contained sign-in page like Steam’s, in the language of Accept-Language', async () => {
        const res = await api.call('GET', loginPath(), { headers: { 'accept-language': 'fr-FR,de;q=0.9,en;q=0.8' } })
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        const page = res.body as string
        expect(page).toContain('<title>Anmeldung über Steam (Sandbox)</title>')
        expect(page).toContain('lang="de"')
        for (const text of ['Headshot Hannah', HANNAH, 'AWP Enjoyer', '76561198000000002', 'Name der Persona', '>Anmelden<', '>Abbrechen<'])
          expect(page).toContain(text)
        expect(page).toMatch(/name="openid.return_to" value="http:\/\/site.test:3000\/en\/login\?redirect=%2Fru%2Fpremium"/)
        // Nothing is loaded from elsewhere, and a strict policy of its own says so.
        expect(page).not.toMatch(/<script|<link|<img|\bsrc=|style="/)
        const csp = res.headers.get('content-security-policy')!
        expect(csp).toMatch(/default-src 'none'/)
        expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
        expect(csp).toContain(`form-action 'self' ${SITE_URL} ${MIRROR_URL}`)
        expect(csp).toMatch(/frame-ancestors 'none'/)
        const ru = await api.call('GET', loginPath(), { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })
        expect(ru.body).toContain('<title>Вход через Steam (песочница)</title>')
        expect((await api.call('GET', loginPath())).body).toContain('<title>Sign in through Steam (sandbox)</title>')
      })

      it.each([
        ['no return_to', { 'openid.return_to': null }, /openid.return_to is missing/],
        ['no realm', { 'openid.realm': null }, /openid.realm is missing/],
        ['another protocol version', { 'openid.ns': 'http://openid.net/signon/1.1' }, /openid.ns must be http:\/\/specs.openid.net\/auth\/2.0/],
        ['checkid_immediate', { 'openid.mode': 'checkid_immediate' }, /openid.mode must be checkid_setup/],
        [
          'a claimed id instead of identifier_select',
          { 'openid.claimed_id': 'https://steamcommunity.com/openid/id/76561198000000001' },
          /openid.claimed_id must be/,
        ],
        [
          'a return_to of another site',
          { 'openid.return_to': 'http://evil.test/login', 'openid.realm': 'http://evil.test/' },
          /http:\/\/evil.test is not one of this site/,
        ],
        ['a relative return_to', { 'openid.return_to': '/en/login' }, /absolute http\(s\) address/],
        ['a realm that does not cover return_to', { 'openid.realm': `${SITE_URL}/de/` }, /does not cover openid.return_to/],
        ['a realm on another port', { 'openid.realm': 'http://site.test:4000/' }, /does not cover/],
      ])('answers a 400 page that says what is wrong for %s', async (_name, overrides, says) => {
        const res = await api.call('GET', loginPath(overrides))
        expect(res.status).toBe(400)
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        expect(res.body).toContain('Sign-in through Steam cannot start (sandbox)')
        expect(res.body).toMatch(says)
        // The form cannot be posted past the check either.
        const post = await api.call('POST', '/sandbox/openid/login', {
          raw: new URLSearchParams({ ...request(overrides), account: HANNAH, action: 'sign_in' }).toString(),
          headers: FORM,
        })
        expect(post.status).toBe(400)
      })

      it('accepts a wildcard realm covering the return_to host', async () => {
        const res = await api.call('GET', loginPath({ 'openid.realm': 'http://*.test:3000/' }))
        expect(res.status).toBe(200)
      })

      it('redirects to return_to with the positive assertion exactly as Steam sends it', async () => {
        const location = await answer()
        expect(location.startsWith(`${RETURN_TO}&openid.ns=`)).toBe(true) // return_to's own query kept as it was
        const url = new URL(location)
        expect(url.searchParams.get('redirect')).toBe('/ru/premium')
        const fields = assertionOf(location)
        expect(Object.keys(fields)).toEqual([
          'openid.ns',
          'openid.mode',
          'openid.op_endpoint',
          'openid.claimed_id',
          'openid.identity',
          'openid.return_to',
          'openid.response_nonce',
          'openid.assoc_handle',
          'openid.signed',
          'openid.sig',
        ])
        expect(fields).toMatchObject({
          'openid.ns': OPENID_NS,
          'openid.mode': 'id_res',
          'openid.op_endpoint': ENDPOINT,
          'openid.claimed_id': `https://steamcommunity.com/openid/id/${HANNAH}`,
          'openid.identity': `https://steamcommunity.com/openid/id/${HANNAH}`,
          'openid.return_to': RETURN_TO,
          'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
        })
        expect(fields['openid.response_nonce']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\S+$/)
        expect(Math.abs(Date.parse(fields['openid.response_nonce']!.slice(0, 20)) - api.clock.now().getTime())).toBeLessThan(2000)
        expect(fields['openid.sig']).toMatch(/^[A-Za-z0-9+/]{43}=$/)
        const second = assertionOf(await answer())
        expect(second['openid.response_nonce']).not.toBe(fields['openid.response_nonce'])
      })

      it('answers check_authentication as Steam does: valid once, never for a changed assertion', async () => {
        const fields = assertionOf(await answer())
        const check = (f: Record<string, string>) =>
          api.call('POST', '/sandbox/openid/login', { raw: new URLSearchParams({ ...f, 'openid.mode': 'check_authentication' }).toString(), headers: FORM })
        const changed = await check({ ...fields, 'openid.claimed_id': 'https://steamcommunity.com/openid/id/76561198000000002' })
        expect(changed.headers.get('content-type')).toMatch(/^text\/plain/)
        expect(changed.body).toBe(`ns:${OPENID_NS}\nis_valid:false\n`)
        const ok = await check(fields)
        expect(ok.status).toBe(200)
        expect(ok.body).toBe(`ns:${OPENID_NS}\nis_valid:true\n`)
        expect((await check(fields)).body).toBe(`ns:${OPENID_NS}\nis_valid:false\n`)
      })

      it('signs in with the assertion: creates the Steam user once and answers the token grant', async () => {
        const before = await api.counts()
        const res = await callback(await answer('76561198000000002'), 'de')
        expect(res.status).toBe(200)
        expect(res.body).toEqual(GRANT)
        const me = await api.me(res.body.token)
        expect(me).toMatchObject({
          email: null,
          email_confirmed: false,
          has_password: false,
          steam_id: '76561198000000002',
          display_name: 'AWP Enjoyer',
          locale: 'de',
          subscription: null,
          scope: ['user'],
        })
        expect((await api.counts()).users).toBe(before.users! + 1)
        // The next sign-in with a new assertion finds the same user.
        const again = await callback(await answer('76561198000000002'))
        expect(again.status).toBe(200)
        expect((await api.me(again.body.token)).id).toBe(me.id)
        expect((await api.counts()).users).toBe(before.users! + 1)
        expect((await api.call('POST', '/en/users/refresh', { body: { refresh_token: again.body.refresh_token } })).status).toBe(200)
      })

      it('refuses a replayed assertion (401), also when two arrive at the same moment', async () => {
        const location = await answer()
        expect((await callback(location)).status).toBe(200)
        const before = await api.counts()
        const replay = await callback(location, 'ru')
        expect(replay.status).toBe(401)
        expect(replay.body).toEqual({ message: 'Этот вход через Steam уже использован. Войдите через Steam ещё раз.' })
        expect(await api.counts()).toEqual(before)
        const fresh = await answer('76561198000000003')
        const both = await Promise.all([callback(fresh), callback(fresh)])
        expect(both.map((r) => r.status).sort()).toEqual([200, 401])
        expect(both.find((r) => r.status === 401)!.body.message).toBe('This Steam sign-in has already been used. Please sign in with Steam again.')
      })

      it('answers cancel with 400 and a translated message, creating nothing', async () => {
        const before = await api.counts()
        const location = await submit({ account: HANNAH, action: 'cancel' })
        expect(location).toBe(`${RETURN_TO}&openid.ns=${encodeURIComponent(OPENID_NS)}&openid.mode=cancel`)
        const messages = await Promise.all(['en', 'ru', 'de'].map((l) => callback(location, l)))
        expect(messages.map((r) => r.status)).toEqual([400, 400, 400])
        expect(messages.map((r) => r.body.message)).toEqual([
          'Sign-in through Steam was cancelled.',
          'Вход через Steam отменён.',
          'Die Anmeldung über Steam wurde abgebrochen.',
        ])
        expect(await api.counts()).toEqual(before)
      })

      it('refuses a changed or unsigned assertion with 401 and creates nothing', async () => {
        const location = await answer()
        const before = await api.counts()
        const other = 'https://steamcommunity.com/openid/id/76561198000000002'
        const fields = assertionOf(location)
        const cases: [string, string, number, string][] = [
          ['another Steam id', tampered(location, { 'openid.claimed_id': other, 'openid.identity': other }), 401, 'steam_invalid'],
          ['a changed signature', tampered(location, { 'openid.sig': sign(fields, ['signed'], 'guess') }), 401, 'steam_invalid'],
          [
            'a field left out of openid.signed',
            asQuery(resign({ ...fields, 'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce' })),
            401,
            'steam_invalid',
          ],
          ['identity unlike claimed_id', asQuery(resign({ ...fields, 'openid.identity': other })), 401, 'steam_invalid'],
          [
            'a claimed id that is not Steam’s',
            asQuery(resign({ ...fields, 'openid.claimed_id': 'https://evil.test/id/1', 'openid.identity': 'https://evil.test/id/1' })),
            401,
            'steam_invalid',
          ],
          ['return_to query changed on the way', tampered(location, { redirect: '/de/account' }), 401, 'steam_invalid'],
          ['another provider', asQuery(resign({ ...fields, 'openid.op_endpoint': 'https://openid.evil.test/login' })), 401, 'steam_wrong_provider'],
          [
            'another site',
            `http://evil.test/login?${new URLSearchParams(resign({ ...fields, 'openid.return_to': 'http://evil.test/login' }))}`,
            401,
            'steam_wrong_site',
          ],
          ['no signature', tampered(location, { 'openid.sig': null }), 400, 'steam_malformed'],
          ['no nonce', tampered(location, { 'openid.response_nonce': null }), 400, 'steam_malformed'],
          ['another mode', tampered(location, { 'openid.mode': 'setup_needed' }), 400, 'steam_malformed'],
          ['OpenID 1.1', tampered(location, { 'openid.ns': 'http://openid.net/signon/1.1' }), 400, 'steam_malformed'],
          ['a field given twice', `${location}&openid.claimed_id=${encodeURIComponent(other)}`, 400, 'steam_malformed'],
          ['a nonce without a time', asQuery(resign({ ...fields, 'openid.response_nonce': 'yesterday-abc' })), 400, 'steam_malformed'],
        ]
        const texts: Record<string, string> = {
          steam_invalid: 'The answer from Steam could not be verified: it was changed or not signed by Steam. Please sign in with Steam again.',
          steam_wrong_provider: 'This sign-in answer did not come from Steam.',
          steam_wrong_site: 'This Steam sign-in was meant for another website.',
          steam_malformed: 'The answer from Steam is incomplete or malformed. Please sign in with Steam again.',
        }
        for (const [name, url, status, key] of cases) {
          const res = await callback(url)
          expect(res.status, name).toBe(status)
          expect(res.body, name).toEqual({ message: texts[key] })
        }
        expect(await api.counts()).toEqual(before)
        // The untouched assertion still works: none of the refused ones used up its nonce.
        expect((await callback(location)).status).toBe(200)
      })

      it('refuses an assertion older than 5 minutes or more than a minute ahead', async () => {
        const old = await answer()
        api.clock.advance(5 * 60_000 + 1000)
        const before = await api.counts()
        const res = await callback(old, 'de')
        expect(res.status).toBe(401)
        expect(res.body).toEqual({ message: 'Diese Steam-Anmeldung ist abgelaufen. Bitte melden Sie sich erneut über Steam an.' })
        const ahead = positiveAssertion({
          endpoint: ENDPOINT,
          steamId: HANNAH,
          returnTo: RETURN_TO,
          now: new Date(api.clock.now().getTime() + 2 * 60_000),
          secret: api.backend.env.openidSandboxSecret,
        })
        expect((await callback(asQuery(ahead))).status).toBe(401)
        expect(await api.counts()).toEqual(before)
        const skewed = positiveAssertion({
          endpoint: ENDPOINT,
          steamId: HANNAH,
          returnTo: RETURN_TO,
          now: new Date(api.clock.now().getTime() + 30_000),
          secret: api.backend.env.openidSandboxSecret,
        })
        expect((await callback(asQuery(skewed))).status).toBe(200)
      })

      it('signs up a new persona with a new Steam id; an empty name re-shows the form', async () => {
        const empty = await api.call('POST', '/sandbox/openid/login', {
          raw: new URLSearchParams({ ...request(), account: 'new', persona_name: '   ', action: 'sign_in' }).toString(),
          headers: FORM,
        })
        expect(empty.status).toBe(422)
        expect(empty.body).toContain('Enter a name of 1 to 32 characters for the new persona.')
        expect(empty.body).toContain('aria-invalid="true"')
        const location = await submit({ account: 'new', persona_name: '  Night   Owl ', action: 'sign_in' })
        const steamId = /openid\/id\/(\d{17})$/.exec(assertionOf(location)['openid.claimed_id']!)![1]!
        expect(steamId).toMatch(/^765611980000\d{5}$/)
        expect(steamId > '76561198000000999').toBe(true)
        const res = await callback(location)
        expect(await api.me(res.body.token)).toMatchObject({ steam_id: steamId, display_name: 'Night Owl', email: null })
        const unknown = await api.call('POST', '/sandbox/openid/login', {
          raw: new URLSearchParams({ ...request(), account: '76561198999999999', action: 'sign_in' }).toString(),
          headers: FORM,
        })
        expect(unknown.status).toBe(422)
        expect(unknown.body).toContain('Choose one of the Steam accounts.')
      })

      it('gives a new Steam user the referrer of the callback query', async () => {
        const returnTo = `${SITE_URL}/en/login?referrer_link_code=FRIEND2024`
        const location = await submit({ account: 'new', persona_name: 'Referred', action: 'sign_in' }, { 'openid.return_to': returnTo })
        const res = await callback(location)
        expect((await api.me(res.body.token)).referrer_code).toBe('FRIEND2024')
      })

      it('asks a Steam user without an e-mail to add one before paying, then takes the payment', async () => {
        const location = await submit({ account: 'new', persona_name: 'Payer', action: 'sign_in' })
        const { token } = (await callback(location)).body
        const before = await api.counts()
        const refused = await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })
        expect(refused.status).toBe(422)
        expect(refused.body).toEqual({ message: 'Сначала добавьте адрес e-mail в личном кабинете: на него мы отправляем чеки об оплате.' })
        expect((await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body.message).toBe(
          'Please add an e-mail address in your account first: we send payment receipts there.',
        )
        expect(await api.counts()).toEqual(before)
        const email = api.email('steam')
        expect((await api.call('PUT', '/en/users/email', { token, body: { email } })).status).toBe(200)
        const [mail] = (await api.call('GET', `/__dev/mail?to=${email}`)).body
        const confirmed = await api.call('POST', `/en/users/email/${mail.code}`, { token })
        expect(confirmed.status).toBe(200)
        expect(confirmed.body.user).toMatchObject({ email, email_confirmed: true, steam_id: expect.stringMatching(/^\d{17}$/), display_name: 'Payer' })
        const pay = await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })
        expect(pay.status).toBe(201)
        expect(pay.body.email).toBe(email)
        // The same account now also signs in by e-mail.
        api.clock.advance(31_000)
        const byMail = await api.signIn(email)
        expect((await api.me(byMail.token)).display_name).toBe('Payer')
      })

      it('keeps GET /users/auth without openid.mode the e-mail code request', async () => {
        const res = await api.call('GET', '/en/users/auth?openid.ns=x')
        expect(res.status).toBe(422)
        expect(res.body.errors).toHaveProperty('email')
      })
    })

    describe('R7: GET /users/auth/{code} signs in by the e-mailed link', () => {
      it('answers a token once; the 6-digit code of the same e-mail dies with it', async () => {
        const email = api.email()
        const { code, link } = await api.requestCode(email)
        const linkCode = new URL(link).pathname.split('/').pop()!
        const res = await api.call('GET', `/de/users/auth/${linkCode}`)
        expect(res.status).toBe(200)
        expect(res.body).toEqual(GRANT)
        expect((await api.me(res.body.token)).locale).toBe('de')
        expect((await api.call('GET', `/en/users/auth/${linkCode}`)).status).toBe(410)
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code } })).status).toBe(410)
      })

      it('404 for an unknown or malformed link code', async () => {
        expect((await api.call('GET', `/en/users/auth/${'A'.repeat(43)}`)).status).toBe(404)
        const bad = await api.call('GET', '/en/users/auth/short')
        expect(bad.status).toBe(404)
        expect(bad.body.message).toMatch(/link/)
      })

      it('410 for an expired link', async () => {
        const { link } = await api.requestCode(api.email())
        api.clock.advance(16 * 60_000)
        expect((await api.call('GET', `/en/users/auth/${link.split('/login/')[1]}`)).status).toBe(410)
      })
    })

    describe('R7: GET /users/me and bearer auth', () => {
      it('answers the whole user object', async () => {
        const { token, email } = await api.signIn(undefined, 'ru')
        const me = await api.me(token, 'ru')
        expect(me).toEqual({
          id: expect.any(Number),
          email,
          email_confirmed: true,
          has_password: false,
          locale: 'ru',
          referral_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
          referrer_code: null,
          pending_email: null,
          steam_id: null,
          display_name: null,
          device: { bound: false, bound_at: null, last_reset_at: null, next_reset_at: null },
          subscription: null,
          trial_used: false,
          referral: { friends_joined: 0, friends_paid: 0, days_earned: 0, days_pending: 0, days_per_friend: 7 },
          scope: ['user'],
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })
      })

      it('answers 401 for a missing, malformed, unknown or expired token', async () => {
        const { token } = await api.signIn()
        for (const headers of [
          {} as Record<string, string>,
          { authorization: token },
          { authorization: `Basic ${token}` },
          { authorization: `Bearer ${'x'.repeat(43)}` },
          { authorization: 'Bearer ' },
        ]) {
          const res = await api.call('GET', '/en/users/me', { headers })
          expect(res.status).toBe(401)
          expect(res.headers.get('www-authenticate')).toBe('Bearer')
          expect(res.body.message).toBe('Please sign in to continue.')
        }
        expect((await api.call('GET', '/en/users/me', { token })).status).toBe(200)
        api.clock.advance(TTL * 1000 + 1000)
        expect((await api.call('GET', '/en/users/me', { token })).status).toBe(401)
      })

      it.each([
        ['POST', '/en/users/credentials'],
        ['PUT', '/en/users/email'],
        ['GET', '/en/users/subscription/cancel'],
        ['GET', '/en/users/subscription/resume'],
        ['GET', '/en/users/subscription/special'],
        ['POST', '/en/payments'],
        ['DELETE', '/en/users/device/reset'],
      ])('%s %s requires a token', async (method, path) => {
        const res = await api.call(method, path, method === 'GET' ? {} : { body: {} })
        expect(res.status).toBe(401)
        expect(res.body.message).toBeTruthy()
      })
    })

    describe('R4, R8: POST /users/refresh (refresh tokens)', () => {
      async function grant(locale = 'en') {
        const email = api.email('refresh')
        const { code } = await api.requestCode(email, locale)
        const res = await api.call('PATCH', `/${locale}/users/verify`, { body: { email, code } })
        expect(res.status).toBe(200)
        return res.body as { token: string; refresh_token: string }
      }
      const refresh = (refresh_token: unknown, locale = 'en') => api.call('POST', `/${locale}/users/refresh`, { body: { refresh_token } })
      const status = async (token: string) => (await api.call('GET', '/en/users/me', { token })).status

      it('exchanges a refresh token for a new pair; the old access token lives on until it expires', async () => {
        const first = await grant()
        api.clock.advance(60_000)
        const res = await refresh(first.refresh_token)
        expect(res.status).toBe(200)
        expect(res.body).toEqual(GRANT)
        expect(res.body.token).not.toBe(first.token)
        expect(res.body.refresh_token).not.toBe(first.refresh_token)
        expect((await api.me(res.body.token)).id).toBe((await api.me(first.token)).id)
        // Another tab still holds the first access token: it works until its own expiry.
        expect(await status(first.token)).toBe(200)
        api.clock.advance(TTL * 1000 - 30_000)
        expect(await status(first.token)).toBe(401)
        expect(await status(res.body.token)).toBe(200)
        // The new refresh token works once in turn.
        const third = await refresh(res.body.refresh_token)
        expect(third.status).toBe(200)
        expect(await status(third.body.token)).toBe(200)
      })

      it('answers 401 to a refresh token used twice and ends the whole session it came from', async () => {
        const first = await grant()
        const second = (await refresh(first.refresh_token)).body
        const other = await grant() // another session of another user is not touched
        const before = await api.counts()
        const reused = await refresh(first.refresh_token, 'de')
        expect(reused.status).toBe(401)
        expect(reused.headers.get('www-authenticate')).toBe('Bearer')
        expect(reused.body).toEqual({
          message: 'Zu Ihrer Sicherheit wurde diese Sitzung beendet, weil ihr Aktualisierungstoken zweimal verwendet wurde. Bitte melden Sie sich erneut an.',
        })
        // Every token of the family is dead: both access tokens and the newer refresh token.
        expect(await status(first.token)).toBe(401)
        expect(await status(second.token)).toBe(401)
        const after = await refresh(second.refresh_token)
        expect(after.status).toBe(401)
        expect(after.body.message).toBe('Your session has expired. Please sign in again.')
        expect(await status(other.token)).toBe(200)
        expect((await refresh(other.refresh_token)).status).toBe(200)
        expect((await api.counts()).tokens).toBe(before.tokens! + 1)
        // Signing in again starts a new session.
        expect((await grant()).token).toBeTruthy()
      })

      it('lets one of two refreshes sent at the same moment through, and the other ends the session', async () => {
        const first = await grant()
        const replies = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)])
        expect(replies.map((r) => r.status).sort()).toEqual([200, 401])
        const winner = replies.find((r) => r.status === 200)!
        expect(replies.find((r) => r.status === 401)!.body.message).toMatch(/used twice/)
        expect(await status(winner.body.token)).toBe(401) // the reuse revoked the family the winner refreshed into
        expect((await refresh(winner.body.refresh_token)).status).toBe(401)
      })

      it('answers 401 to an unknown, malformed or expired refresh token, in the request language', async () => {
        const first = await grant()
        const before = await api.counts()
        for (const value of ['A'.repeat(43), 'short', first.token, `${first.refresh_token} `]) {
          const res = await refresh(value, 'ru')
          expect(res.status).toBe(401)
          expect(res.body).toEqual({ message: 'Сеанс истёк. Войдите снова.' })
        }
        expect(await api.counts()).toEqual(before)
        api.clock.advance(REFRESH_TTL * 1000 + 1000)
        const expired = await refresh(first.refresh_token)
        expect(expired.status).toBe(401)
        expect(expired.body.message).toBe('Your session has expired. Please sign in again.')
      })

      it('refuses a body without a refresh token with 422, and non-JSON with 415', async () => {
        expect((await api.call('POST', '/en/users/refresh', { body: {} })).status).toBe(422)
        expect((await api.call('POST', '/en/users/refresh', { body: { refresh_token: 5 } })).status).toBe(422)
        expect((await api.call('POST', '/en/users/refresh', { raw: 'refresh_token=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415)
        expect((await api.call('POST', '/en/users/refresh', { raw: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400)
      })

      it('answers a refresh token with every sign-in: link, password and confirm', async () => {
        const email = api.email('grants')
        const { code, link } = await api.requestCode(email)
        const byLink = await api.call('GET', `/en/users/auth/${link.split('/login/')[1]}`)
        expect(byLink.body).toEqual(GRANT)
        api.clock.advance(31_000)
        const again = await api.requestCode(email)
        expect(code).toBeTruthy()
        const confirmed = await api.call('POST', '/en/users/confirm', { body: { email, code: again.code, password: 'launcher pass 1' } })
        expect(confirmed.body).toMatchObject(GRANT)
        expect((await refresh(confirmed.body.refresh_token)).status).toBe(200)
      })
    })

    describe('R7: POST /users/confirm and POST /users/credentials', () => {
      it('confirms the e-mail with its code, sets a password and signs in', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        const res = await api.call('POST', '/en/users/confirm', { body: { email, code, password: 'correct horse' } })
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ message: expect.any(String), ...GRANT, user: { email, email_confirmed: true, has_password: true } })
        const byPassword = await api.call('PATCH', '/en/users/verify', { body: { email, password: 'correct horse' } })
        expect(byPassword.status).toBe(200)
        expect(byPassword.body).toEqual(GRANT)
        const wrong = await api.call('PATCH', '/en/users/verify', { body: { email, password: 'wrong horse' } })
        expect(wrong.status).toBe(422)
      })

      it('limits password attempts to 5 per 15 minutes per address (429), and a success resets the count', async () => {
        const email = api.email('pw')
        const { code } = await api.requestCode(email)
        expect((await api.call('POST', '/en/users/confirm', { body: { email, code, password: 'correct horse' } })).status).toBe(200)
        const attempt = (password: string, locale = 'en', address = email) =>
          api.call('PATCH', `/${locale}/users/verify`, { body: { email: address, password } })
        for (let i = 0; i < 4; i++) expect((await attempt('wrong horse')).status).toBe(422)
        expect((await attempt('correct horse')).status).toBe(200) // the fifth attempt, and it resets the count
        for (let i = 0; i < 5; i++) expect((await attempt('wrong horse')).status).toBe(422)
        const limited = await attempt('wrong horse')
        expect(limited.status).toBe(429)
        expect(limited.body.message).toBe('Too many wrong launcher passwords. Please try again in 15 min or sign in with a code sent by e-mail.')
        expect(limited.body.retry_after).toBeGreaterThan(14 * 60)
        expect(limited.body.retry_after).toBeLessThanOrEqual(15 * 60)
        expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after))
        // Over the limit the password is not even checked.
        expect((await attempt('correct horse')).status).toBe(429)
        const ru = await attempt('correct horse', 'ru', email.toUpperCase())
        expect(ru.status).toBe(429)
        expect(ru.body.message).toMatch(/^Слишком много неверных паролей от лаунчера/)
        // Signing in by an e-mailed code still works meanwhile.
        api.clock.advance(31_000)
        expect((await api.signIn(email)).token).toBeTruthy()
        api.clock.advance(15 * 60_000)
        expect((await attempt('correct horse')).status).toBe(200)
      })

      it('limits password attempts the same way for an address without an account', async () => {
        const email = api.email('nobody')
        for (let i = 0; i < 5; i++) expect((await api.call('PATCH', '/en/users/verify', { body: { email, password: 'guess 1234' } })).status).toBe(422)
        const limited = await api.call('PATCH', '/de/users/verify', { body: { email, password: 'guess 1234' } })
        expect(limited.status).toBe(429)
        expect(limited.body.message).toMatch(/^Zu viele falsche Launcher-Passwörter/)
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      })

      it('counts password attempts sent at the same moment', async () => {
        const email = api.email('burst')
        const replies = await Promise.all(Array.from({ length: 8 }, () => api.call('PATCH', '/en/users/verify', { body: { email, password: 'guess 1234' } })))
        expect(replies.map((r) => r.status).sort()).toEqual([422, 422, 422, 422, 422, 429, 429, 429])
      })

      it('refuses a short password, a wrong code and a missing field, changing nothing', async () => {
        const email = api.email()
        const { code } = await api.requestCode(email)
        const before = await api.counts()
        expect((await api.call('POST', '/en/users/confirm', { body: { email, code, password: 'short' } })).status).toBe(422)
        expect((await api.call('POST', '/en/users/confirm', { body: { email, password: 'long enough' } })).status).toBe(422)
        const wrong = await api.call('POST', '/en/users/confirm', { body: { email, code: code === '999999' ? '000000' : '999999', password: 'long enough' } })
        expect(wrong.status).toBe(422)
        const after = await api.counts()
        expect(after.users).toBe(before.users)
        expect(after.usersHash).toBe(before.usersHash)
        expect((await api.call('POST', '/en/users/confirm', { body: { email, code, password: 'long enough' } })).status).toBe(200)
      })

      it.each([
        ['en', /launcher/, 'Your e-mail is confirmed and your launcher password is set.'],
        ['ru', /лаунчер/, 'E-mail подтверждён, пароль для лаунчера установлен.'],
        ['de', /Launcher/, 'Ihre E-Mail-Adresse ist bestätigt und Ihr Launcher-Passwort ist gesetzt.'],
      ])('tells one story in %s: the site signs in without a password, the password is for the launcher', async (locale, launcher, confirmed) => {
        const email = api.email('story')
        const { code } = await api.requestCode(email, locale)
        const [mail] = (await api.call('GET', `/__dev/mail?to=${email}`)).body
        expect(mail.text).toMatch(launcher)
        expect(mail.text).toMatch(/Steam/)
        const confirm = await api.call('POST', `/${locale}/users/confirm`, { body: { email, code, password: 'launcher pass 1' } })
        expect(confirm.body.message).toBe(confirmed)
        const changed = await api.call('POST', `/${locale}/users/credentials`, {
          token: confirm.body.token,
          body: { password: 'launcher pass 2', password_confirm: 'launcher pass 2' },
        })
        expect(changed.body.message).toMatch(launcher)
        const wrong = await api.call('PATCH', `/${locale}/users/verify`, { body: { email, password: 'launcher pass 1' } })
        expect(wrong.status).toBe(422)
        expect(wrong.body.message).toMatch(launcher)
        expect((await api.call('PATCH', `/${locale}/users/verify`, { body: { email, password: 'launcher pass 2' } })).status).toBe(200)
      })

      it('sets a password for a signed-in user when both fields match', async () => {
        const { token } = await api.signIn()
        const mismatch = await api.call('POST', '/de/users/credentials', { token, body: { password: 'abcdefgh1', password_confirm: 'abcdefgh2' } })
        expect(mismatch.status).toBe(422)
        expect(mismatch.body.message).toBe('Die Passwörter stimmen nicht überein.')
        expect((await api.call('POST', '/en/users/credentials', { token, body: { password: 'short', password_confirm: 'short' } })).status).toBe(422)
        expect((await api.call('POST', '/en/users/credentials', { token, body: { password: 'abcdefgh1' } })).status).toBe(422)
        expect((await api.me(token)).has_password).toBe(false)
        const ok = await api.call('POST', '/en/users/credentials', { token, body: { password: 'abcdefgh1', password_confirm: 'abcdefgh1' } })
        expect(ok.status).toBe(200)
        expect(ok.body.user.has_password).toBe(true)
        expect(ok.body.message).toBeTruthy()
      })
    })

    describe('R7: PUT /users/email and POST /users/email/{code}', () => {
      it('mails a confirmation link to the new address and switches the e-mail by it', async () => {
        const { token, email } = await api.signIn()
        const next = api.email('next')
        const res = await api.call('PUT', '/ru/users/email', { token, body: { email: next } })
        expect(res.status).toBe(200)
        expect(res.body.user).toMatchObject({ email, pending_email: next })
        const mail = await api.call('GET', `/__dev/mail?to=${next}`)
        expect(mail.body[0].subject).toMatch(/e-mail/)
        expect(mail.body[0].link).toMatch(new RegExp(`^${SITE_URL}/ru/confirm-email/[A-Za-z0-9_-]{43}$`))
        const code = mail.body[0].link.split('/confirm-email/')[1]
        const confirm = await api.call('POST', `/en/users/email/${code}`)
        expect(confirm.status).toBe(200)
        expect(confirm.body.user).toMatchObject({ email: next, email_confirmed: true, pending_email: null })
        expect(confirm.body.message).toContain(next)
        expect((await api.call('POST', `/en/users/email/${code}`)).status).toBe(410)
        expect((await api.me(token)).email).toBe(next)
        await api.signIn(next)
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code: '123456' } })).status).toBe(410)
      })

      it('tells the old address that the e-mail was changed, in the account language, with the support address', async () => {
        const { token, email } = await api.signIn(undefined, 'de')
        const next = api.email('moved')
        const put = await api.call('PUT', '/en/users/email', { token, body: { email: next } })
        expect(put.body.message).toBe(
          `We have sent a confirmation code and link to ${next}. Open the link or enter the code from the e-mail to finish the change.`,
        )
        const [change] = (await api.call('GET', `/__dev/mail?to=${next}`)).body
        // The change mail offers both the link and the 6-digit code.
        expect(change.code).toMatch(/^\d{6}$/)
        expect(change.text).toContain(change.code)
        expect(change.text).toContain(change.link)
        expect((await api.call('GET', `/__dev/mail?to=${email}`)).body).toHaveLength(1) // only the sign-in mail so far
        expect((await api.call('POST', `/en/users/email/${change.code}`, { token })).status).toBe(200)
        const [notice] = (await api.call('GET', `/__dev/mail?to=${email}`)).body
        expect(notice.subject).toBe('Ihre E-Mail-Adresse wurde geändert')
        expect(notice.text).toContain(email)
        expect(notice.text).toContain(next)
        expect(notice.text).toContain('support@skinvault.gg')
        expect(notice.text).toMatch(/nicht vorgenommen/)
        expect(notice).toMatchObject({ code: null, link: null })
        expect((await api.call('GET', `/__dev/mail?to=${next}`)).body).toHaveLength(1) // nothing more to the new address
      })

      it('accepts the 6-digit code from a signed-in user only', async () => {
        const { token } = await api.signIn()
        const next = api.email('six')
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: next } })).status).toBe(200)
        const [mail] = (await api.call('GET', `/__dev/mail?to=${next}`)).body
        expect((await api.call('POST', `/en/users/email/${mail.code}`)).status).toBe(401)
        const wrong = mail.code === '000000' ? '111111' : '000000'
        const bad = await api.call('POST', `/en/users/email/${wrong}`, { token })
        expect(bad.status).toBe(422)
        expect(bad.body.attempts_left).toBe(4)
        const ok = await api.call('POST', `/en/users/email/${mail.code}`, { token })
        expect(ok.status).toBe(200)
        expect(ok.body.user.email).toBe(next)
      })

      it('refuses a taken, identical or malformed address and unknown codes', async () => {
        const { token, email } = await api.signIn()
        const before = await api.counts()
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: 'friend@example.com' } })).status).toBe(409)
        expect((await api.call('PUT', '/en/users/email', { token, body: { email } })).status).toBe(422)
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: 'nope' } })).status).toBe(422)
        expect((await api.call('PUT', '/en/users/email', { token, body: {} })).status).toBe(422)
        expect(await api.counts()).toEqual(before)
        expect((await api.call('POST', `/en/users/email/${'B'.repeat(43)}`)).status).toBe(404)
        expect((await api.call('POST', '/en/users/email/whatever')).status).toBe(404)
      })

      it('limits confirmation e-mails to one per 30 s', async () => {
        const { token } = await api.signIn()
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: api.email() } })).status).toBe(200)
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: api.email() } })).status).toBe(429)
      })
    })

    describe('concurrent requests: unique keys and the resend limit', () => {
      const PRE_CHECK = /^SELECT 1 FROM users WHERE email = \$1 AND id <> \$2/
      const SET_EMAIL = /^UPDATE users SET email = /
      const MAIL = /^INSERT INTO mail_outbox/

      /** A signed-in user with a pending change to `next`; answers the link code and the 6-digit code. */
      async function pendingChange(next: string) {
        const { token } = await api.signIn()
        expect((await api.call('PUT', '/en/users/email', { token, body: { email: next } })).status).toBe(200)
        const [mail] = (await api.call('GET', `/__dev/mail?to=${next}`)).body.filter((m: any) => m.link.includes('/confirm-email/'))
        return { token, link: mail.link.split('/confirm-email/')[1] as string, code: mail.code as string }
      }

      async function owners(email: string) {
        const [row] = await api.backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])
        return row!.n
      }

      /** Runs `first` until it is held at `at`, then `second`; releases `first` once `second` cannot go on. */
      async function race(at: RegExp, first: () => Promise<Reply>, second: () => Promise<Reply>): Promise<[Reply, Reply]> {
        const held = hooks.holdAt(at)
        const a = first()
        await held.reached
        const ownHold = hooks.holdAt(at)
        const b = second()
        await secondIsStuck(api.backend.db, b, ownHold)
        held.release()
        ownHold.release()
        return [await a, await b]
      }

      it.each([
        ['the link code', 'en', 'This e-mail address is already in use.'],
        ['the 6-digit code', 'ru', 'Этот e-mail уже используется.'],
      ])('answers 409 when the address was taken after the check, confirming by %s', async (by, locale, message) => {
        const target = api.email('taken')
        const a = await pendingChange(target)
        const b = await pendingChange(target)
        const confirm = (c: typeof a) =>
          by === 'the link code'
            ? api.call('POST', `/${locale}/users/email/${c.link}`)
            : api.call('POST', `/${locale}/users/email/${c.code}`, { token: c.token })
        expect((await confirm(a)).status).toBe(200)
        // b's check does not see a's row yet, as when both confirm at the same moment: the unique key decides.
        hooks.blindOnce(PRE_CHECK)
        const res = await confirm(b)
        expect(res.status).toBe(409)
        expect(res.body).toEqual({ message })
        expect(await owners(target)).toBe(1)
        expect((await api.me(b.token)).pending_email).toBe(target) // b's code was not used up
      })

      it('lets exactly one of two simultaneous confirmations of the same address win', async () => {
        const target = api.email('both')
        const a = await pendingChange(target)
        const b = await pendingChange(target)
        const [ra, rb] = await race(
          SET_EMAIL,
          () => api.call('POST', `/en/users/email/${a.link}`),
          () => api.call('POST', `/en/users/email/${b.code}`, { token: b.token }),
        )
        expect([ra.status, rb.status].sort()).toEqual([200, 409])
        expect([ra, rb].find((r) => r.status === 409)!.body).toEqual({ message: 'This e-mail address is already in use.' })
        expect(await owners(target)).toBe(1)
      })

      it('answers 409 to an e-mail change that loses the address to a sign-up at the same moment', async () => {
        const target = api.email('signup')
        const a = await pendingChange(target)
        const [change, signUp] = await race(
          SET_EMAIL,
          () => api.call('POST', `/en/users/email/${a.link}`),
          () => api.call('GET', `/en/users/auth?email=${target}`),
        )
        expect(signUp.status).toBe(200)
        // PostgreSQL lets the sign-up commit first; PGlite runs one transaction at a time, so there the change does.
        expect(change.status).toBe(api.backend.db.kind === 'pg' ? 409 : 200)
        if (change.status === 409) expect(change.body).toEqual({ message: 'This e-mail address is already in use.' })
        expect(await owners(target)).toBe(1)
      })

      it('creates one account and mails one code for two simultaneous sign-ups of a new address', async () => {
        const email = api.email('twice')
        const before = await api.counts()
        const [a, b] = await race(
          MAIL,
          () => api.call('GET', `/en/users/auth?email=${email}`),
          () => api.call('GET', `/en/users/auth?email=${email}`),
        )
        expect([a.status, b.status].sort()).toEqual([200, 429])
        const after = await api.counts()
        expect(after.users).toBe(before.users! + 1)
        expect(after.auth_codes).toBe(before.auth_codes! + 1)
        expect((await api.call('GET', `/__dev/mail?to=${email}`)).body).toHaveLength(1)
      })

      it('mails one code for two simultaneous resends to an existing address', async () => {
        const { email } = await api.signIn()
        api.clock.advance(31_000)
        await api.requestCode(email) // an open code: its link stays open beside the next (decision 118)
        api.clock.advance(31_000)
        const [a, b] = await race(
          MAIL,
          () => api.call('GET', `/en/users/auth?email=${email}`),
          () => api.call('GET', `/en/users/auth?email=${email}`),
        )
        expect([a.status, b.status].sort()).toEqual([200, 429])
        expect((await api.call('GET', `/__dev/mail?to=${email}`)).body).toHaveLength(3)
        const open = await api.backend.db.query("SELECT id FROM auth_codes WHERE email = $1 AND purpose = 'login' AND used_at IS NULL", [email])
        expect(open).toHaveLength(2)
      })

      it('mails one confirmation for two simultaneous e-mail changes of one account', async () => {
        const { token } = await api.signIn()
        const [first, second] = [api.email('one'), api.email('two')]
        const [a, b] = await race(
          MAIL,
          () => api.call('PUT', '/en/users/email', { token, body: { email: first } }),
          () => api.call('PUT', '/en/users/email', { token, body: { email: second } }),
        )
        expect([a.status, b.status].sort()).toEqual([200, 429])
        const sent = [...(await api.call('GET', `/__dev/mail?to=${first}`)).body, ...(await api.call('GET', `/__dev/mail?to=${second}`)).body]
        expect(sent).toHaveLength(1)
      })
    })

    describe('R3, R7, R9: GET /subscriptions', () => {
      it.each([
        ['en', 'USD', 2],
        ['ru', 'RUB', 1],
        ['de', 'EUR', 3],
      ])('prices /%s in %s', async (locale, currency, group) => {
        const res = await api.call('GET', `/${locale}/subscriptions`)
        expect(res.status).toBe(200)
        expect(res.body.country_group_id).toBe(group)
        expect(Array.isArray(res.body.subscriptions)).toBe(true)
        const subs = res.body.subscriptions as any[]
        expect(subs.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6])
        for (const s of subs) expect(s.prices.using.currency).toBe(currency)
        expect(subs[0]).toMatchObject({ id: 1, trial: true, days: 3, prices: { using: { actual: 1 } } })
        // What follows the trial, so the site can say it and at what price (plan 3 in the same list).
        expect(subs[0].renews_into).toEqual({ subscription_id: 3, days: 30 })
        for (const plan of subs.slice(1)) expect(plan.renews_into).toEqual({ subscription_id: plan.id, days: plan.days })
        expect(subs.filter((s) => !s.trial).map((s) => s.days)).toEqual(expect.arrayContaining([7, 30, 90, 365]))
        expect(subs.filter((s) => s.prices.using.actual >= 9000)).toHaveLength(1)
        expect(res.body.currencies).toEqual(expect.arrayContaining([expect.objectContaining({ code: currency, country_group_id: group })]))
      })

      it('takes a country_group_id query and names plans in the locale', async () => {
        const res = await api.call('GET', '/de/subscriptions?country_group_id=1')
        expect(res.body.country_group_id).toBe(1)
        expect(res.body.subscriptions[2]).toMatchObject({ name: 'Monat', days: 30, prices: { using: { actual: 490, old: 690, currency: 'RUB' } } })
        expect((await api.call('GET', '/en/subscriptions?country_group_id=99')).status).toBe(422)
        expect((await api.call('GET', '/en/subscriptions?country_group_id=abc')).status).toBe(422)
      })
    })

    describe('R4, R7: POST /payments and the provider notification', () => {
      it('creates a pending payment priced in the locale group (payselection always in RUB)', async () => {
        const { token, email } = await api.signIn()
        const me = await api.me(token)
        const ru = await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })
        expect(ru.status).toBe(201)
        expect(ru.body).toEqual({
          amount: 490,
          currency: 'RUB',
          payment_id: expect.any(Number),
          user_id: me.id,
          email,
          tax_system_id: 0,
          description: 'Подписка Premium: Месяц (30 дн.)',
          subscription_id: 3,
          service: 'cloudpayments',
          status: 'pending',
          // Development mode: the token the sandbox widget charges this payment with (R7).
          widget_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        })
        const en = await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })
        expect(en.body).toMatchObject({ amount: 2.99, currency: 'USD', tax_system_id: null })
        const ps = await api.call('POST', '/de/payments', { token, body: { subscription_id: 5, service: 'payselection' } })
        expect(ps.body).toMatchObject({ amount: 3490, currency: 'RUB', tax_system_id: 0, service: 'payselection' })
      })

      it.each([
        ['an unknown plan', { subscription_id: 99, service: 'cloudpayments' }],
        ['the hidden plan priced 9000+', { subscription_id: 6, service: 'cloudpayments' }],
        ['an unknown service', { subscription_id: 3, service: 'paypal' }],
        ['a string plan id', { subscription_id: '3', service: 'cloudpayments' }],
        ['a fractional plan id', { subscription_id: 3.5, service: 'cloudpayments' }],
        ['no service', { subscription_id: 3 }],
      ])('refuses %s with 422', async (_name, body) => {
        const { token } = await api.signIn()
        const before = await api.counts()
        const res = await api.call('POST', '/en/payments', { token, body })
        expect(res.status).toBe(422)
        expect(res.body.message).toBeTruthy()
        expect(await api.counts()).toEqual(before)
      })

      it('extends the subscription by the plan days; a second notification changes nothing', async () => {
        const { token } = await api.signIn()
        const pay = (await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body
        const first = await api.cp('pay', cpNotice(pay))
        expect(first.status).toBe(200)
        expect(first.body).toEqual({ code: 0, payment_id: pay.payment_id, status: 'paid', applied: true })
        const me1 = await api.me(token)
        expect(me1.subscription).toMatchObject({ active: true, trial: false, plan_id: 3, plan_name: 'Month', days: 30, days_left: 30, cancelled: false })
        expect(me1.scope).toEqual(['user', 'premium'])
        const second = await api.cp('pay', cpNotice(pay))
        expect(second.status).toBe(200)
        expect(second.body.applied).toBe(false)
        const me2 = await api.me(token)
        expect(me2.subscription.expires_at).toBe(me1.subscription.expires_at)
        // A second paid month adds 30 days to the running one.
        const pay2 = (await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'payselection' } })).body
        expect((await api.ps(psNotice(pay2))).body.applied).toBe(true)
        const me3 = await api.me(token)
        expect(Date.parse(me3.subscription.expires_at) - Date.parse(me1.subscription.expires_at)).toBe(30 * DAY)
        expect(me3.subscription.days_left).toBe(60)
      })

      it('applies a payment to its own user only, whatever the notification says', async () => {
        const a = await api.signIn()
        const b = await api.signIn()
        const meB = await api.me(b.token)
        const pay = (await api.call('POST', '/en/payments', { token: a.token, body: { subscription_id: 4, service: 'cloudpayments' } })).body
        const res = await api.cp('pay', cpNotice(pay, 'Completed', { AccountId: String(meB.id) }))
        expect(res.status).toBe(200)
        expect((await api.me(a.token)).subscription).toMatchObject({ active: true, plan_id: 4, days_left: 90 })
        expect((await api.me(b.token)).subscription).toBeNull()
      })

      it('checks amount, currency, provider and payment id; changes nothing when they do not match', async () => {
        const { token } = await api.signIn()
        const pay = (await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body
        const psPay = (await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'payselection' } })).body
        const before = await api.counts()
        // CloudPayments reads the answer's code (its documented codes: 10 wrong invoice, 12 wrong amount).
        const cheap = await api.cp('pay', cpNotice({ ...pay, amount: 1 }))
        expect(cheap.status).toBe(200)
        expect(cheap.body).toEqual({ code: 12, message: 'The payment details do not match the order.' })
        expect((await api.cp('pay', cpNotice({ ...pay, currency: 'USD' }))).body.code).toBe(12)
        const unknown = await api.cp('pay', cpNotice({ ...pay, payment_id: 999999 }))
        expect(unknown.body).toEqual({ code: 10, message: 'Payment not found.' })
        expect((await api.cp('fail', cpNotice({ ...pay, payment_id: 999999 }, 'Declined'))).body.code).toBe(10)
        // Payselection reads the HTTP status.
        expect((await api.ps(psNotice(pay))).status).toBe(404)
        const psCheap = await api.ps(psNotice({ ...psPay, amount: 1 }))
        expect(psCheap.status).toBe(422)
        expect(psCheap.body.message).toMatch(/match/)
        expect((await api.ps({ ...psNotice(psPay), Currency: 'USD' })).status).toBe(422)
        expect((await api.ps({ ...psNotice(psPay), Event: 'Refund' })).status).toBe(422)
        expect((await api.call('POST', '/notifications/stripe', { body: cpNotice(pay) })).status).toBe(404)
        expect((await api.cp('refund' as 'pay', cpNotice(pay))).status).toBe(404)
        expect((await api.cp('pay', cpNotice(pay, 'Refunded'))).status).toBe(422)
        expect((await api.cp('pay', cpNotice(pay, 'Declined'))).status).toBe(422) // a decline comes as a Fail notification
        expect(await api.counts()).toEqual(before)
        expect((await api.me(token)).subscription).toBeNull()
      })

      it('marks a declined payment failed; another card paying the same invoice then applies it, once (R9.19)', async () => {
        const { token } = await api.signIn()
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        const declined = await api.cp('fail', cpNotice(pay, 'Declined'))
        expect(declined.body).toMatchObject({ status: 'failed', applied: true })
        expect((await api.me(token)).subscription).toBeNull()
        const another = await api.cp('pay', cpNotice(pay))
        expect(another.body).toMatchObject({ status: 'paid', applied: true })
        expect((await api.me(token)).subscription).toMatchObject({ active: true, days: 7, days_left: 7 })
        // Once paid, a late decline or a repeated success changes nothing.
        expect((await api.cp('fail', cpNotice(pay, 'Declined'))).body).toMatchObject({ status: 'paid', applied: false })
        expect((await api.cp('pay', cpNotice(pay))).body).toMatchObject({ status: 'paid', applied: false })
        expect((await api.me(token)).subscription).toMatchObject({ days_left: 7 })
      })

      it('applies the trial only on an authorisation and a paid plan only on a charge (cloudpayments)', async () => {
        const { token } = await api.signIn()
        const failure = async (id: number) =>
          (await api.backend.db.query<{ status: string; failure: string | null }>('SELECT status, failure FROM payments WHERE id = $1', [id]))[0]
        // The trial charged instead of authorised: recorded as failed, no trial.
        const trial = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        const charged = await api.cp('pay', cpNotice(trial, 'Completed'))
        expect(charged.status).toBe(200)
        expect(charged.body).toEqual({ code: 0, payment_id: trial.payment_id, status: 'failed', applied: true })
        expect(await failure(trial.payment_id)).toEqual({ status: 'failed', failure: 'scheme_mismatch' })
        expect((await api.cp('pay', cpNotice(trial, 'Authorized'))).body.applied).toBe(false)
        // A paid plan only authorised (the money held, never taken): failed, no subscription.
        const week = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        const held = await api.cp('pay', cpNotice(week, 'Authorized'))
        expect(held.body).toMatchObject({ status: 'failed', applied: true })
        expect(await failure(week.payment_id)).toEqual({ status: 'failed', failure: 'scheme_mismatch' })
        const me = await api.me(token)
        expect(me.subscription).toBeNull()
        expect(me.trial_used).toBe(false)
        // The trial is still available and works when authorised.
        const again = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        expect((await api.cp('pay', cpNotice(again, 'Authorized'))).body.status).toBe('paid')
        expect((await api.me(token)).subscription).toMatchObject({ trial: true, days: 3 })
      })

      it('takes a payselection hold (Block) for the trial only, and its charge (Payment) for both', async () => {
        const a = await api.signIn()
        const week = (await api.call('POST', '/en/payments', { token: a.token, body: { subscription_id: 2, service: 'payselection' } })).body
        expect((await api.ps(psNotice(week, 'Block'))).body).toMatchObject({ status: 'failed', applied: true })
        expect((await api.me(a.token)).subscription).toBeNull()
        const held = (await api.call('POST', '/en/payments', { token: a.token, body: { subscription_id: 1, service: 'payselection' } })).body
        expect(held).toMatchObject({ amount: 1, currency: 'RUB' })
        expect((await api.ps(psNotice(held, 'Block'))).body).toMatchObject({ status: 'paid', applied: true })
        expect((await api.me(a.token)).subscription).toMatchObject({ active: true, trial: true, plan_id: 1, days: 3, days_left: 3 })
        // A trial opened with PaymentType 'Pay' (a charge of 1, as an older site did) is taken too.
        const b = await api.signIn()
        const charged = (await api.call('POST', '/en/payments', { token: b.token, body: { subscription_id: 1, service: 'payselection' } })).body
        expect((await api.ps(psNotice(charged, 'Payment'))).body.status).toBe('paid')
        expect((await api.me(b.token)).subscription).toMatchObject({ active: true, trial: true, days: 3 })
      })

      it('needs the payer e-mail the payment was issued for: knowing its id and amount is not enough', async () => {
        const { token, email } = await api.signIn()
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        const ps = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'payselection' } })).body
        expect(pay.email).toBe(email)
        const before = await api.counts()
        for (const [kind, status] of [
          ['pay', 'Completed'],
          ['fail', 'Declined'],
          ['check', 'Completed'],
        ] as const) {
          const other = await api.cp(kind, cpNotice({ ...pay, email: 'someone@example.com' }, status))
          expect(other.status).toBe(200)
          expect(other.body.code).toBe(10)
        }
        const { Email: _omitted, ...withoutEmail } = cpNotice(pay)
        expect((await api.cp('pay', withoutEmail)).status).toBe(422)
        expect((await api.ps(psNotice({ ...ps, email: 'someone@example.com' }, 'Fail'))).status).toBe(404)
        expect(await api.counts()).toEqual(before)
        // The address is compared as the site's forms send it (trimmed, any case).
        expect((await api.cp('pay', cpNotice({ ...pay, email: ` ${email.toUpperCase()} ` }))).body.status).toBe('paid')
        expect((await api.ps(psNotice(ps))).body.status).toBe('paid')
      })

      it('activates the trial (amount 1) once per account', async () => {
        const { token } = await api.signIn()
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        expect(pay).toMatchObject({ amount: 1, currency: 'USD' })
        expect((await api.cp('pay', cpNotice(pay, 'Authorized'))).status).toBe(200)
        const me = await api.me(token)
        expect(me.subscription).toMatchObject({ active: true, trial: true, plan_id: 1, plan_name: 'Trial', days: 3, days_left: 3 })
        expect(me.scope).toEqual(['user', 'premium', 'trial'])
        expect(me.trial_used).toBe(true)
        const again = await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })
        expect(again.status).toBe(422)
        expect(again.body.message).toMatch(/trial/)
      })
    })

    describe('R9.2: one trial per account, also when trial payments are made side by side', () => {
      it('of three trial payments created before any was paid, exactly one becomes the trial; the others fail, their holds voided', async () => {
        const { token } = await api.signIn()
        const pays = []
        for (let i = 0; i < 3; i++) {
          const created = await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })
          expect(created.status).toBe(201)
          pays.push(created.body)
        }
        // The provider asks first (Check): the first one asked holds the trial, the other two are refused
        // before any card is taken (code 13, decision 117).
        const checks0 = []
        for (const pay of pays) checks0.push((await api.cp('check', cpNotice(pay, 'Authorized'))).body.code)
        expect(checks0).toEqual([0, 13, 13])
        // Were they authorised all the same (a provider without a Check), the three authorisations notified at once:
        const answers = await Promise.all(pays.map((pay) => api.cp('pay', cpNotice(pay, 'Authorized'))))
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
        // Every refused hold is recorded to be voided through the provider's API, once.
        const returns = await api.backend.db.query<{ kind: string; amount_minor: number }>(
          'SELECT kind, amount_minor FROM payment_returns WHERE payment_id = ANY($1::int[])',
          [pays.map((p) => p.payment_id)],
        )
        expect(returns).toEqual([
          { kind: 'void', amount_minor: 100 },
          { kind: 'void', amount_minor: 100 },
        ])
        const rows = await api.backend.db.query<{ status: string; failure: string | null }>(
          'SELECT status, failure FROM payments WHERE id = ANY($1::int[]) ORDER BY id',
          [pays.map((p) => p.payment_id)],
        )
        expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1)
        expect(rows.filter((r) => r.status === 'failed' && r.failure === 'trial_used')).toHaveLength(2)
        // The site's check after each widget's success tells the visitor which: one paid, two refused as a used trial.
        const checks = await Promise.all(pays.map(async (pay) => (await api.call('GET', `/en/payments/${pay.payment_id}`, { token })).body))
        expect(checks.map((c) => `${c.status}/${c.failure}`).sort()).toEqual(['failed/trial_used', 'failed/trial_used', 'paid/null'])
        // Three days of trial, not nine.
        expect((await api.me(token)).subscription).toMatchObject({ trial: true, days_left: 3 })
        // A fourth, created before and asked about after: the provider is told not to authorise it.
        const fourth = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        expect(fourth.message).toBe("The trial is only for an account's first Premium, and this account has already had Premium.")
      })
      it("a trial payment created before the trial was used elsewhere is refused at the provider's check", async () => {
        const { token } = await api.signIn()
        const one = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        const two = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })).body
        expect((await api.cp('pay', cpNotice(one, 'Authorized'))).body.status).toBe('paid')
        expect((await api.cp('check', cpNotice(two, 'Authorized'))).body.code).not.toBe(0)
      })
    })

    describe('R4, R7: provider notifications are signed, and only the provider sends them', () => {
      async function newPayment(subscription_id = 3, service = 'cloudpayments', locale = 'ru') {
        const { token, email } = await api.signIn(undefined, locale)
        const pay = (await api.call('POST', `/${locale}/payments`, { token, body: { subscription_id, service } })).body
        expect(pay.status).toBe('pending')
        return { token, email, pay }
      }
      const status = async (id: number) => (await api.backend.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]))[0]!.status

      it('refuses CloudPayments notifications without a valid Content-HMAC or X-Content-HMAC (401), changing nothing', async () => {
        const { token, pay } = await newPayment()
        const before = await api.counts()
        const notice = cpNotice(pay, 'Completed', { Description: 'Подписка Premium: Месяц (30 дн.)', Name: 'ANN SMITH' })
        const refused = [
          await api.cp('pay', notice, { headers: [] }),
          await api.cp('pay', notice, { secret: 'not-the-api-secret' }),
          await api.cp('fail', cpNotice(pay, 'Declined'), { secret: 'not-the-api-secret' }),
          await api.cp('check', notice, { headers: ['Content-HMAC'], secret: 'guess-guess' }),
        ]
        for (const r of refused) {
          expect(r.status).toBe(401)
          expect(r.body).toEqual({ message: 'The notification signature is missing or wrong.' })
        }
        // A signed body changed on the way: the signature no longer holds.
        const raw = new URLSearchParams(notice as Record<string, string>).toString()
        const signedOther = await api.call('POST', '/notifications/cloudpayments/pay', {
          raw: raw.replace('Amount=490.00', 'Amount=1.00'),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-hmac': createHmac('sha256', api.backend.env.cloudpaymentsApiSecret).update(raw).digest('base64'),
          },
        })
        expect(signedOther.status).toBe(401)
        // One header right and the other wrong is refused too.
        const half = await api.call('POST', '/notifications/cloudpayments/pay', {
          raw,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-hmac': createHmac('sha256', api.backend.env.cloudpaymentsApiSecret).update(raw).digest('base64'),
            'x-content-hmac': 'AAAA',
          },
        })
        expect(half.status).toBe(401)
        expect(await api.counts()).toEqual(before)
        expect((await api.me(token)).subscription).toBeNull()
        // Either header alone is enough when it holds (X-Content-HMAC over the URL-decoded body).
        expect((await api.cp('pay', notice, { headers: ['X-Content-HMAC'] })).body).toMatchObject({ code: 0, status: 'paid', applied: true })
        const other = await newPayment()
        expect((await api.cp('pay', cpNotice(other.pay), { headers: ['Content-HMAC'] })).body).toMatchObject({ code: 0, status: 'paid' })
        // JSON bodies (a setting at CloudPayments) are signed the same way.
        const json = await newPayment()
        expect((await api.cp('pay', cpNotice(json.pay), { json: true, headers: ['Content-HMAC'] })).body).toMatchObject({ code: 0, status: 'paid' })
      })

      it("GET /payments/{id} answers the payment's state to its own payer only: pending until the signed notification, then paid", async () => {
        const { token, pay } = await newPayment()
        expect((await api.call('GET', `/ru/payments/${pay.payment_id}`, { token })).body).toEqual({
          payment_id: pay.payment_id,
          status: 'pending',
          failure: null,
          refund: null,
        })
        expect((await api.cp('pay', cpNotice(pay))).body).toMatchObject({ code: 0, status: 'paid' })
        expect((await api.call('GET', `/ru/payments/${pay.payment_id}`, { token })).body).toEqual({
          payment_id: pay.payment_id,
          status: 'paid',
          failure: null,
          refund: null,
        })
        // Another user, no token, an unknown id, a malformed id.
        const stranger = await api.signIn(undefined, 'en')
        const theirs = await api.call('GET', `/en/payments/${pay.payment_id}`, { token: stranger.token })
        expect(theirs.status).toBe(404)
        expect(theirs.body).toEqual({ message: 'Payment not found.' })
        expect((await api.call('GET', `/en/payments/${pay.payment_id}`)).status).toBe(401)
        expect((await api.call('GET', '/en/payments/999999', { token })).status).toBe(404)
        expect((await api.call('GET', '/en/payments/abc', { token })).status).toBe(422)
      })

      it('refuses Payselection webhooks without the site id or with a wrong X-WEBHOOK-SIGNATURE (401), changing nothing', async () => {
        const { token, pay } = await newPayment(3, 'payselection')
        const before = await api.counts()
        const notice = psNotice(pay)
        const cases = [
          await api.ps(notice, { secret: 'not-the-secret-key' }),
          await api.ps(notice, { siteId: 'another-site' }),
          await api.ps(notice, { url: 'http://localhost:3001/notifications/elsewhere' }),
          await api.call('POST', '/notifications/payselection', { body: notice }),
          await api.call('POST', '/notifications/payselection', {
            body: notice,
            headers: { 'x-site-id': api.backend.env.payselectionSiteId, 'x-webhook-signature': 'zz' },
          }),
        ]
        for (const r of cases) {
          expect(r.status).toBe(401)
          expect(r.body.message).toBe('The notification signature is missing or wrong.')
        }
        expect(await api.counts()).toEqual(before)
        expect((await api.me(token)).subscription).toBeNull()
        const ok = await api.ps(notice)
        expect(ok.status).toBe(200)
        expect(ok.body).toEqual({ code: 0, payment_id: pay.payment_id, status: 'paid', applied: true })
      })

      it('answers 415, 413, 400 and 422 like the API, and has no browser-facing CORS', async () => {
        const { pay } = await newPayment()
        const before = await api.counts()
        expect((await api.call('POST', '/notifications/cloudpayments/pay', { raw: 'a=b', headers: { 'content-type': 'text/plain' } })).status).toBe(415)
        expect(
          (await api.call('POST', '/notifications/payselection', { raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
        ).toBe(415)
        const big = await api.call('POST', '/notifications/cloudpayments/pay', {
          raw: `x=${'a'.repeat(17 * 1024)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        expect(big.status).toBe(413)
        const secret = api.backend.env.cloudpaymentsApiSecret
        const malformed = await api.call('POST', '/notifications/cloudpayments/pay', {
          raw: '{"InvoiceId": ',
          headers: { 'content-type': 'application/json', 'content-hmac': createHmac('sha256', secret).update('{"InvoiceId": ').digest('base64') },
        })
        expect(malformed.status).toBe(400)
        const invalid = await api.cp('pay', { ...cpNotice(pay), Amount: 'lots' })
        expect(invalid.status).toBe(422)
        expect(invalid.body.errors).toHaveProperty('Amount')
        // The unsigned browser endpoints are gone.
        expect((await api.call('POST', '/sandbox/notify/cloudpayments', { body: cpNotice(pay) })).status).toBe(404)
        expect((await api.call('POST', '/sandbox/notify/payselection', { body: psNotice(pay) })).status).toBe(404)
        // Server to server: a preflight finds nothing, and no answer carries CORS headers.
        const pre = await preflight(api, '/notifications/cloudpayments/pay', SITE_URL, 'POST', 'content-type')
        expect(pre.status).toBe(404)
        expect(pre.headers.get('access-control-allow-origin')).toBeNull()
        expect(await api.counts()).toEqual(before)
        const raw = new URLSearchParams(cpNotice(pay) as Record<string, string>).toString()
        const withOrigin = await api.call('POST', '/notifications/cloudpayments/pay', {
          raw,
          headers: {
            origin: SITE_URL,
            'content-type': 'application/x-www-form-urlencoded',
            'content-hmac': createHmac('sha256', secret).update(raw).digest('base64'),
          },
        })
        expect(withOrigin.body).toMatchObject({ code: 0, status: 'paid' })
        expect(withOrigin.headers.get('access-control-allow-origin')).toBeNull()
      })

      it('answers a CloudPayments Check with its documented codes and changes nothing', async () => {
        const { pay } = await newPayment()
        const trial = await newPayment(1)
        const me = await api.me((await api.signIn()).token)
        const before = await api.counts()
        expect((await api.cp('check', cpNotice(pay))).body).toEqual({ code: 0 })
        expect((await api.cp('check', cpNotice(pay, 'Completed', { AccountId: String(pay.user_id) }))).body).toEqual({ code: 0 })
        expect((await api.cp('check', cpNotice({ ...pay, payment_id: 999999 }))).body.code).toBe(10)
        expect((await api.cp('check', cpNotice(pay, 'Completed', { AccountId: String(me.id) }))).body.code).toBe(11)
        expect((await api.cp('check', cpNotice({ ...pay, amount: 1 }))).body.code).toBe(12)
        expect((await api.cp('check', cpNotice({ ...pay, currency: 'EUR' }))).body.code).toBe(12)
        // The wrong operation for the plan: a paid plan only authorised, the trial charged.
        expect((await api.cp('check', cpNotice(pay, 'Authorized'))).body).toEqual({ code: 13, message: 'This payment cannot be accepted.' })
        expect((await api.cp('check', cpNotice(trial.pay, 'Completed'))).body.code).toBe(13)
        expect((await api.cp('check', cpNotice(trial.pay, 'Authorized'))).body.code).toBe(0)
        expect(await api.counts()).toEqual(before)
        // A payment that is no longer pending cannot be paid again.
        await api.cp('pay', cpNotice(pay))
        expect((await api.cp('check', cpNotice(pay))).body.code).toBe(13)
      })

      it('pays once for the same notification sent twice at the same moment', async () => {
        const { token, pay } = await newPayment()
        const replies = await Promise.all([api.cp('pay', cpNotice(pay)), api.cp('pay', cpNotice(pay))])
        expect(replies.map((r) => r.body.applied).sort()).toEqual([false, true])
        expect(replies.every((r) => r.body.code === 0 && r.body.status === 'paid')).toBe(true)
        expect((await api.me(token)).subscription.days_left).toBe(30)
      })

      describe('the sandbox provider behind the widgets', () => {
        const card = (number: string) => ({ number, expiry: '12/39', cvc: '123' })
        /** A card payment as a widget sends it to the provider: that provider's order fields, then what every widget sends. */
        // From the widget's own page (the backend's origin), with the payment's widget token.
        const charge = (pay: any, number: string, order: Record<string, unknown>) =>
          api.call('POST', '/sandbox/provider/charge', {
            body: { ...order, currency: pay.currency, email: pay.email, description: pay.description, widgetToken: pay.widget_token, card: card(number) },
            headers: { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-origin' },
          })
        const chargeCp = (pay: any, number: string, scheme = 'charge') =>
          charge(pay, number, { provider: 'cloudpayments', scheme, invoiceId: String(pay.payment_id), accountId: String(pay.user_id), amount: pay.amount })
        const chargePs = (pay: any, number: string, paymentType = 'Pay') =>
          charge(pay, number, { provider: 'payselection', paymentType, orderId: String(pay.payment_id), amount: pay.amount.toFixed(2) })
        const sentFor = (id: number) =>
          api.deliveries.filter((d) => d.request.body.includes(`InvoiceId=${id}&`) || d.request.body.includes(`"OrderId":"${id}"`))

        it('approves 4242 4242 4242 4242 at once and pays the payment later by a signed Pay notification', async () => {
          const { token, pay } = await newPayment()
          const res = await chargeCp(pay, '4242 4242 4242 4242')
          expect(res.status).toBe(200)
          expect(res.headers.get('access-control-allow-origin')).toBeNull()
          expect(res.body).toEqual({ success: true, transactionId: expect.stringMatching(/^\d+$/) })
          // The widget hears of success before the merchant is told: the payment is still pending.
          expect(await status(pay.payment_id)).toBe('pending')
          await api.backend.sandbox.idle()
          expect(await status(pay.payment_id)).toBe('paid')
          expect((await api.me(token)).subscription).toMatchObject({ active: true, plan_id: 3 })
          const sent = sentFor(pay.payment_id)
          expect(sent.map((d) => new URL(d.request.url).pathname)).toEqual(['/notifications/cloudpayments/check', '/notifications/cloudpayments/pay'])
          const [check, paid] = sent
          expect(check!.body).toBe('{"code":0}')
          expect(paid!.request.url).toBe('http://localhost:3001/notifications/cloudpayments/pay')
          expect(paid!.request.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/)
          const fields = Object.fromEntries(new URLSearchParams(paid!.request.body))
          expect(fields).toMatchObject({
            TransactionId: res.body.transactionId,
            Amount: '490.00',
            Currency: 'RUB',
            Status: 'Completed',
            OperationType: 'Payment',
            InvoiceId: String(pay.payment_id),
            AccountId: String(pay.user_id),
            Email: pay.email,
            CardFirstSix: '424242',
            CardLastFour: '4242',
            TestMode: '1',
          })
          expect(paid!.request.headers['Content-HMAC']).toBe(
            createHmac('sha256', api.backend.env.cloudpaymentsApiSecret).update(paid!.request.body).digest('base64'),
          )
          expect(JSON.parse(paid!.body)).toMatchObject({ code: 0, status: 'paid', applied: true })
        })

        it('declines 4000 0000 0000 0002 and sends a Fail notification', async () => {
          const { token, pay } = await newPayment()
          const res = await chargeCp(pay, '4000000000000002')
          expect(res.body).toEqual({ success: false, code: 5005, message: 'Card declined by the issuer', transactionId: expect.any(String) })
          await api.backend.sandbox.idle()
          expect(await status(pay.payment_id)).toBe('failed')
          const fail = sentFor(pay.payment_id).at(-1)!
          expect(new URL(fail.request.url).pathname).toBe('/notifications/cloudpayments/fail')
          expect(Object.fromEntries(new URLSearchParams(fail.request.body))).toMatchObject({ Reason: 'Do Not Honor', ReasonCode: '5005' })
          expect((await api.me(token)).subscription).toBeNull()
        })

        it('refuses at once what the merchant refuses in its Check (a paid plan opened with the auth scheme)', async () => {
          const { pay } = await newPayment(2)
          const res = await chargeCp(pay, '4242424242424242', 'auth')
          expect(res.body).toMatchObject({ success: false, code: 13 })
          await api.backend.sandbox.idle()
          expect(sentFor(pay.payment_id).map((d) => new URL(d.request.url).pathname)).toEqual(['/notifications/cloudpayments/check'])
          expect(await status(pay.payment_id)).toBe('pending')
        })

        it('delivers the notification of 4000 0000 0000 0077 late, and never that of 4000 0000 0000 0069', async () => {
          const late = await newPayment()
          const lost = await newPayment()
          expect((await chargeCp(late.pay, '4000000000000077')).body.success).toBe(true)
          expect((await chargeCp(lost.pay, '4000000000000069')).body.success).toBe(true)
          await sleep(NOTIFY_DELAY * 3)
          expect(await status(late.pay.payment_id)).toBe('pending')
          await api.backend.sandbox.idle()
          expect(await status(late.pay.payment_id)).toBe('paid')
          expect(await status(lost.pay.payment_id)).toBe('pending')
          expect(sentFor(lost.pay.payment_id).map((d) => new URL(d.request.url).pathname)).toEqual(['/notifications/cloudpayments/check'])
        })

        it('retries with back-off while the merchant does not accept, and gives up after the last retry', async () => {
          const { pay } = await newPayment(3, 'payselection')
          expect((await chargePs(pay, '4242424242424242')).body.success).toBe(true)
          api.merchantDown(2)
          await api.backend.sandbox.idle()
          expect(sentFor(pay.payment_id).map((d) => d.status)).toEqual([503, 503, 200])
          const attempts = api.backend.sandbox.attempts.filter((a) => a.body.includes(`"OrderId":"${pay.payment_id}"`))
          expect(attempts.map((a) => [a.attempt, a.accepted])).toEqual([
            [1, false],
            [2, false],
            [3, true],
          ])
          expect(await status(pay.payment_id)).toBe('paid')
          const never = await newPayment(3, 'payselection')
          expect((await chargePs(never.pay, '4242424242424242')).body.success).toBe(true)
          api.merchantDown(100)
          const warn = console.warn
          console.warn = () => undefined
          try {
            await api.backend.sandbox.idle()
          } finally {
            console.warn = warn
            api.merchantDown(0)
          }
          expect(sentFor(never.pay.payment_id)).toHaveLength(1 + RETRY_DELAYS.length)
          expect(await status(never.pay.payment_id)).toBe('pending')
        })

        it('sends Payselection webhooks: Payment for Pay, Block for a hold, Fail for a decline', async () => {
          const paid = await newPayment(3, 'payselection')
          const res = await chargePs(paid.pay, '4242424242424242')
          expect(res.body).toEqual({ success: true, transactionId: expect.stringMatching(/^PS\d{14}$/) })
          const trial = await newPayment(1, 'payselection')
          expect((await chargePs(trial.pay, '4242424242424242', 'Block')).body.success).toBe(true)
          const held = await newPayment(2, 'payselection')
          expect((await chargePs(held.pay, '4242424242424242', 'Block')).body.success).toBe(true) // no Check at Payselection
          const declined = await newPayment(3, 'payselection')
          expect((await chargePs(declined.pay, '4000000000000002')).body).toMatchObject({ success: false, code: 'PaymentDeclined' })
          await api.backend.sandbox.idle()
          const webhook = sentFor(paid.pay.payment_id)[0]!
          expect(webhook.request.url).toBe(api.backend.env.payselectionNotificationUrl)
          expect(webhook.request.headers['X-SITE-ID']).toBe(api.backend.env.payselectionSiteId)
          expect(JSON.parse(webhook.request.body)).toMatchObject({
            Event: 'Payment',
            OrderId: String(paid.pay.payment_id),
            Amount: '490.00',
            Currency: 'RUB',
            Email: paid.pay.email,
          })
          expect(await status(paid.pay.payment_id)).toBe('paid')
          expect(await status(trial.pay.payment_id)).toBe('paid')
          expect(JSON.parse(sentFor(trial.pay.payment_id)[0]!.request.body).Event).toBe('Block')
          expect(await status(held.pay.payment_id)).toBe('failed') // a hold never pays a paid plan
          expect(await status(declined.pay.payment_id)).toBe('failed')
          expect(JSON.parse(sentFor(declined.pay.payment_id)[0]!.request.body)).toMatchObject({ Event: 'Fail', ErrorMessage: 'Card declined by the issuer' })
        })

        it('answers no preflight of another page and refuses bad cards with 422', async () => {
          const pre = await preflight(api, '/sandbox/provider/charge', 'http://any-shop.test', 'POST', 'content-type')
          expect(pre.status).toBe(403)
          expect(pre.headers.get('access-control-allow-origin')).toBeNull()
          const { pay } = await newPayment()
          const before = api.deliveries.length
          for (const number of ['4242424242424241', '1234', '']) {
            const res = await chargeCp(pay, number)
            expect(res.status).toBe(422)
            expect(res.headers.get('access-control-allow-origin')).toBeNull()
            expect(res.body.errors).toHaveProperty(['card.number'])
          }
          const expired = await api.call('POST', '/sandbox/provider/charge', {
            headers: { origin: 'http://localhost:3001' },
            body: {
              provider: 'payselection',
              paymentType: 'Pay',
              orderId: '1',
              amount: '1.00',
              currency: 'RUB',
              card: { number: '4242424242424242', expiry: '01/20', cvc: '123' },
            },
          })
          expect(expired.status).toBe(422)
          expect(api.deliveries.length).toBe(before)
        })
      })
    })

    describe('R7: subscription cancel and special offer', () => {
      it('cancels auto-renewal of an active subscription only', async () => {
        const { token } = await api.signIn()
        const none = await api.call('GET', '/en/users/subscription/cancel', { token })
        expect(none.status).toBe(409)
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        await api.cp('pay', cpNotice(pay))
        const res = await api.call('GET', '/ru/users/subscription/cancel', { token })
        expect(res.status).toBe(200)
        expect(res.body.message).toMatch(/Автопродление/)
        expect(res.body.user.subscription).toMatchObject({ active: true, cancelled: true })
        expect((await api.call('GET', '/en/users/subscription/cancel', { token })).status).toBe(200)
      })

      it('offers a discounted month to subscribers and for 14 days after expiry', async () => {
        const { token } = await api.signIn()
        expect((await api.call('GET', '/en/users/subscription/special', { token })).body).toEqual({ offer: null })
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        await api.cp('pay', cpNotice(pay))
        const res = await api.call('GET', '/en/users/subscription/special', { token })
        expect(res.body.offer).toEqual({
          subscription_id: 3,
          discount_percent: 20,
          price: 5.59,
          old_price: 6.99,
          currency: 'USD',
          country_group_id: 2,
          expires_at: (await api.me(token)).subscription.expires_at,
        })
        const ru = await api.call('GET', '/en/users/subscription/special?country_group_id=1', { token })
        expect(ru.body.offer).toMatchObject({ price: 392, currency: 'RUB' })
        const special = await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments', special: true } })
        expect(special.body.amount).toBe(5.59)
        expect((await api.call('POST', '/en/payments', { token, body: { subscription_id: 4, service: 'cloudpayments', special: true } })).status).toBe(422)
        expect((await api.call('GET', '/en/users/subscription/special?country_group_id=x', { token })).status).toBe(422)
      })
    })

    describe('R4, R7: a subscription the subscriber can manage', () => {
      async function subscribe(subscription_id: number, service = 'cloudpayments', locale = 'ru', body: Record<string, unknown> = {}) {
        const { token, email } = await api.signIn(undefined, locale)
        const pay = (await api.call('POST', `/${locale}/payments`, { token, body: { subscription_id, service, ...body } })).body
        const status = subscription_id === 1 && service === 'cloudpayments' ? 'Authorized' : 'Completed'
        const res = service === 'cloudpayments' ? await api.cp('pay', cpNotice(pay, status, { TransactionId: '777000111' })) : await api.ps(psNotice(pay))
        expect(res.body.status).toBe('paid')
        return { token, email, pay }
      }

      it('shows auto-renewal, the next charge in the currency paid, what the plan renews into and its days', async () => {
        const { token } = await subscribe(3)
        const sub = (await api.me(token, 'ru')).subscription
        expect(sub).toEqual({
          active: true,
          trial: false,
          plan_id: 3,
          plan_name: 'Месяц',
          days: 30,
          plan_days: 30,
          started_at: expect.any(String),
          expires_at: expect.any(String),
          days_left: 30,
          cancelled: false,
          auto_renew: true,
          next_charge_at: sub.expires_at,
          next_charge_amount: 490,
          currency: 'RUB',
          country_group_id: 1,
          renews_into: { subscription_id: 3, days: 30 },
          offer: false,
        })
        // The currency is the one paid in, whatever language the account is read in.
        expect((await api.me(token, 'en')).subscription).toMatchObject({ plan_name: 'Month', next_charge_amount: 490, currency: 'RUB' })
      })

      it('R9.15: one currency per subscription: the offer and every later payment are in the currency paid, in any language', async () => {
        // A trial paid on the English page: dollars (group 2).
        const usd = await subscribe(1, 'cloudpayments', 'en')
        expect((await api.me(usd.token, 'ru')).subscription).toMatchObject({ currency: 'USD', country_group_id: 2, next_charge_amount: 6.99 })
        // Read on the Russian and German pages, the offer is the dollar month at 20% off: $5.59 instead of $6.99.
        for (const locale of ['ru', 'de']) {
          const offer = (await api.call('GET', `/${locale}/users/subscription/special`, { token: usd.token })).body.offer
          expect(offer).toMatchObject({ subscription_id: 3, price: 5.59, old_price: 6.99, currency: 'USD', country_group_id: 2 })
        }
        // Extending from the Russian page charges dollars; asking for roubles is refused with a reason.
        const extend = await api.call('POST', '/ru/payments', { token: usd.token, body: { subscription_id: 4, service: 'cloudpayments' } })
        expect(extend.body).toMatchObject({ amount: 16.99, currency: 'USD' })
        const roubles = await api.call('POST', '/ru/payments', {
          token: usd.token,
          body: { subscription_id: 4, service: 'cloudpayments', country_group_id: 1 },
        })
        expect(roubles.status).toBe(409)
        expect(roubles.body.message).toBe('Ваша подписка оплачивается в другой валюте: обновите страницу, чтобы увидеть её цены.')
        const special = await api.call('POST', '/de/payments', { token: usd.token, body: { subscription_id: 3, service: 'cloudpayments', special: true } })
        expect(special.body).toMatchObject({ amount: 5.59, currency: 'USD' })
        // A month paid on the Russian page: roubles (group 1), also when read in English.
        const rub = await subscribe(3, 'cloudpayments', 'ru')
        expect((await api.me(rub.token, 'en')).subscription).toMatchObject({ currency: 'RUB', country_group_id: 1, next_charge_amount: 490 })
        const offer = (await api.call('GET', '/en/users/subscription/special', { token: rub.token })).body.offer
        expect(offer).toMatchObject({ price: 392, old_price: 490, currency: 'RUB' })
        expect((await api.call('POST', '/en/payments', { token: rub.token, body: { subscription_id: 2, service: 'cloudpayments' } })).body).toMatchObject({
          amount: 199,
          currency: 'RUB',
        })
        // Payselection charges roubles only (R9.3): a dollar subscriber paying through it pays roubles.
        expect((await api.call('POST', '/en/payments', { token: usd.token, body: { subscription_id: 3, service: 'payselection' } })).body).toMatchObject({
          amount: 490,
          currency: 'RUB',
        })
        // Without a subscription, the page's language decides, as before (guests' rule).
        const fresh = await api.signIn(undefined, 'de')
        expect((await api.call('POST', '/de/payments', { token: fresh.token, body: { subscription_id: 3, service: 'cloudpayments' } })).body).toMatchObject({
          amount: 6.49,
          currency: 'EUR',
        })
      })

      it('renews a trial into the month at its regular price, in the currency of the trial payment', async () => {
        const usd = await subscribe(1, 'cloudpayments', 'en')
        expect((await api.me(usd.token)).subscription).toMatchObject({
          trial: true,
          plan_id: 1,
          plan_days: 3,
          renews_into: { subscription_id: 3, days: 30 },
          next_charge_amount: 6.99,
          currency: 'USD',
          auto_renew: true,
        })
        const rub = await subscribe(1, 'payselection', 'de')
        expect((await api.me(rub.token, 'de')).subscription).toMatchObject({ plan_name: 'Testzeitraum', next_charge_amount: 490, currency: 'RUB' })
        const year = await subscribe(5, 'cloudpayments', 'de')
        expect((await api.me(year.token)).subscription).toMatchObject({
          renews_into: { subscription_id: 5, days: 365 },
          next_charge_amount: 45.99,
          currency: 'EUR',
        })
      })

      it('turns auto-renewal off and on again; the next charge follows', async () => {
        const { token } = await subscribe(2, 'cloudpayments', 'en')
        const off = await api.call('GET', '/en/users/subscription/cancel', { token })
        expect(off.body.user.subscription).toMatchObject({
          auto_renew: false,
          cancelled: true,
          next_charge_at: null,
          next_charge_amount: 2.99,
          currency: 'USD',
        })
        const on = await api.call('GET', '/de/users/subscription/resume', { token })
        expect(on.status).toBe(200)
        const sub = on.body.user.subscription
        expect(sub).toMatchObject({ auto_renew: true, cancelled: false, next_charge_at: sub.expires_at })
        expect(plain(on.body.message)).toMatch(/^Die automatische Verlängerung ist wieder aktiv\. Nächste Abbuchung: 2,99 \$ am \d+\. \S+ \d{4}/)
        // Harmless when already on.
        const again = await api.call('GET', '/en/users/subscription/resume', { token })
        expect(again.status).toBe(200)
        expect(plain(again.body.message)).toMatch(/^Auto-renewal is on again\. Next charge: US\$2\.99 on /)
        expect(again.body.user.subscription.auto_renew).toBe(true)
      })

      it('answers 409 to resume without an active subscription', async () => {
        const { token } = await api.signIn()
        const none = await api.call('GET', '/ru/users/subscription/resume', { token })
        expect(none.status).toBe(409)
        expect(none.body).toEqual({ message: 'У вас нет активной подписки.' })
        const expired = await subscribe(2, 'cloudpayments', 'en')
        api.clock.advance(8 * DAY)
        const later = await api.signIn(expired.email)
        expect((await api.call('GET', '/en/users/subscription/resume', { token: later.token })).status).toBe(409)
        expect((await api.me(later.token)).subscription).toMatchObject({ active: false, next_charge_at: null })
      })

      it('R9.16: the special offer is taken once: once paid it is no longer offered, and a second one is refused in three languages', async () => {
        const { token: firstToken, email } = await subscribe(2, 'cloudpayments', 'en')
        let token = firstToken
        const first = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments', special: true } })).body
        // Created but not paid: still on offer (a closed widget does not use it up).
        expect((await api.call('GET', '/en/users/subscription/special', { token })).body.offer).toMatchObject({ price: 5.59 })
        expect((await api.cp('pay', cpNotice(first))).body.status).toBe('paid')
        // Paid: gone, in the account and on the premium page, also after the month bought by it.
        expect((await api.call('GET', '/en/users/subscription/special', { token })).body).toEqual({ offer: null })
        api.clock.advance(40 * DAY)
        token = (await api.signIn(email)).token
        expect((await api.call('GET', '/en/users/subscription/special', { token })).body).toEqual({ offer: null })
        const again = { subscription_id: 3, service: 'cloudpayments', special: true }
        const en = await api.call('POST', '/en/payments', { token, body: again })
        expect(en.status).toBe(409)
        expect(en.body.message).toBe('The special offer has already been used on this account: it is for one month, once.')
        expect((await api.call('POST', '/ru/payments', { token, body: again })).body.message).toBe(
          'Специальное предложение на этом аккаунте уже использовано: оно действует один раз, на один месяц.',
        )
        expect((await api.call('POST', '/de/payments', { token, body: again })).body.message).toBe(
          'Das Sonderangebot wurde für dieses Konto bereits genutzt: Es gilt einmal, für einen Monat.',
        )
        // The month at its regular price can still be bought.
        expect((await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body).toMatchObject({ amount: 6.99 })
      })

      it('charges the special offer price and shows the plan the offer bought', async () => {
        const { token, email } = await subscribe(2, 'cloudpayments', 'en')
        const offer = (await api.call('GET', '/en/users/subscription/special', { token })).body.offer
        expect(offer).toMatchObject({ subscription_id: 3, price: 5.59 })
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments', special: true } })).body
        expect(pay).toMatchObject({ amount: 5.59, currency: 'USD', subscription_id: 3 })
        // The provider must charge the offer price: the regular price does not match the order.
        expect((await api.cp('pay', cpNotice({ ...pay, amount: 6.99 }))).body.code).toBe(12)
        expect((await api.cp('pay', cpNotice(pay))).body.status).toBe('paid')
        const sub = (await api.me(token)).subscription
        expect(sub).toMatchObject({ plan_id: 3, plan_name: 'Month', plan_days: 30, offer: true, days_left: 37, next_charge_amount: 6.99, currency: 'USD' })
        const [receipt] = (await api.call('GET', `/__dev/mail?to=${email}`)).body
        const text = plain(receipt.text)
        expect(text).toContain('Plan: 30 days, special offer')
        expect(text).toContain('Amount charged: US$5.59')
        expect(text).toContain('Next charge: US$6.99 on ')
      })

      it('mails a receipt for each paid payment, in the language of the payment request', async () => {
        const { email, pay } = await subscribe(3, 'cloudpayments', 'ru')
        const mail = (await api.call('GET', `/__dev/mail?to=${email}`)).body
        expect(mail).toHaveLength(2) // the sign-in code, then the receipt
        const [receipt] = mail
        expect(receipt).toMatchObject({ subject: `Чек по платежу № ${pay.payment_id}`, code: null, link: null })
        for (const line of [
          'Товар: Подписка Premium',
          'Тариф: 30 дней',
          'Списано: 490,00 ₽',
          'Транзакция: 777000111',
          `Платёж №: ${pay.payment_id}`,
          'Следующее списание: 490,00 ₽ — ',
          'support@skinvault.gg',
        ])
          expect(plain(receipt.text)).toContain(line)
        expect(receipt.text).toMatch(/Дата: \d+ \S+ \d{4}/)
        // A repeated notification mails nothing more.
        await api.cp('pay', cpNotice(pay, 'Completed', { TransactionId: '777000111' }))
        expect((await api.call('GET', `/__dev/mail?to=${email}`)).body).toHaveLength(2)
      })

      it('mails the trial its receipt for the hold, and nothing for a declined payment', async () => {
        const trial = await subscribe(1, 'cloudpayments', 'de')
        const [receipt] = (await api.call('GET', `/__dev/mail?to=${trial.email}`)).body
        expect(receipt.subject).toBe(`Beleg für Ihre Zahlung Nr. ${trial.pay.payment_id}`)
        const text = plain(receipt.text)
        expect(text).toContain('Tarif: Testzeitraum\n')
        expect(text).toContain('Zur Kartenprüfung reservierter Betrag: 1,00 €')
        expect(text).toContain('Nächste Abbuchung: 6,49 € am ')
        expect(text).toContain(' für 30 Tage.')
        const { token, email } = await api.signIn()
        const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 2, service: 'cloudpayments' } })).body
        await api.cp('fail', cpNotice(pay, 'Declined'))
        expect((await api.call('GET', `/__dev/mail?to=${email}`)).body).toHaveLength(1)
      })
    })

    describe('R7: DELETE /users/device/reset', () => {
      it('unbinds the device at most once per 24 hours', async () => {
        const { token, email } = await api.signIn()
        const none = await api.call('DELETE', '/en/users/device/reset', { token })
        expect(none.status).toBe(409)
        expect((await api.call('POST', `/__dev/device?email=${email}`)).status).toBe(200)
        expect((await api.me(token)).device.bound).toBe(true)
        const res = await api.call('DELETE', '/en/users/device/reset', { token })
        expect(res.status).toBe(200)
        expect(res.body.user.device).toMatchObject({ bound: false, bound_at: null, last_reset_at: expect.any(String) })
        expect(res.body.message).toBeTruthy()
        await api.call('POST', `/__dev/device?email=${email}`)
        const soon = await api.call('DELETE', '/de/users/device/reset', { token })
        expect(soon.status).toBe(429)
        expect(soon.body.message).toMatch(/24 Stunden/)
        expect(soon.body.next_reset_at).toBe(res.body.user.device.next_reset_at)
        expect((await api.me(token)).device.bound).toBe(true)
        api.clock.advance(DAY)
        const later = await api.signIn(email) // the first token has expired by now (TTL 1 h)
        expect((await api.call('DELETE', '/en/users/device/reset', { token: later.token })).status).toBe(200)
      })
    })

    describe('R7: GET /launcher/download', () => {
      it('serves the launcher and records the download and the referrer', async () => {
        const before = await api.counts()
        const res = await api.backend.app.request('/ru/launcher/download?referrer_link_code=FRIEND2024')
        expect(res.status).toBe(200)
        expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.exe"$/)
        const bytes = new Uint8Array(await res.arrayBuffer())
        expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('MZ')
        expect((await api.counts()).launcher_downloads).toBe(before.launcher_downloads! + 1)
        const [row] = await api.backend.db.query<any>('SELECT locale, referrer_code, referrer_known FROM launcher_downloads ORDER BY id DESC LIMIT 1')
        expect(row).toEqual({ locale: 'ru', referrer_code: 'FRIEND2024', referrer_known: true })
        expect((await api.backend.app.request('/en/launcher/download')).status).toBe(200)
        expect((await api.call('GET', '/en/launcher/download?referrer_link_code=%3Cscript%3E')).status).toBe(422)
      })
    })

    describe('development mailbox and sandbox scripts', () => {
      it('lists the mailbox as HTML, escaped', async () => {
        await api.requestCode(api.email())
        await sendMail(
          api.backend.db,
          {
            to: '"<svg onload=alert(1)>"@example.com',
            subject: '<script>alert(2)</script>',
            text: 'Hi <img src=x onerror=alert(3)> & "bye"',
            code: '<b>123456</b>',
            link: 'javascript:alert(4)',
          },
          api.clock.now(),
        )
        const res = await api.call('GET', '/__dev/mail')
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/text\/html/)
        expect(res.body).toContain('Development mailbox')
        expect(res.body).toContain('Your sign-in code')
        const page = res.body as string
        for (const raw of ['<svg', '<script', '<img', '<b>', 'href="javascript:']) expect(page).not.toContain(raw)
        expect(page).toContain('&lt;script&gt;alert(2)&lt;/script&gt;')
        expect(page).toContain('Hi &lt;img src=x onerror=alert(3)&gt; &amp; &quot;bye&quot;')
        expect(page).toContain('&quot;&lt;svg onload=alert(1)&gt;&quot;@example.com')
        expect(page).toContain('&lt;b&gt;123456&lt;/b&gt;')
        expect(page).toContain('javascript:alert(4)') // shown as text, not as a link
      })

      it('lists the mail of one address as JSON, newest first', async () => {
        const email = api.email('order')
        await api.call('GET', `/en/users/auth?email=${email}`)
        api.clock.advance(31_000)
        await api.call('GET', `/de/users/auth?email=${email}`)
        const res = await api.call('GET', `/__dev/mail?to=${email}`)
        expect(res.status).toBe(200)
        expect(res.body.map((m: any) => m.subject.replace(/\d{6}/, 'CODE'))).toEqual(['Ihr Anmeldecode: CODE', 'Your sign-in code: CODE'])
        expect(Date.parse(res.body[0].sentAt) - Date.parse(res.body[1].sentAt)).toBeGreaterThanOrEqual(31_000)
        // The first entry holds the code that works: the newest one.
        expect((await api.call('PATCH', '/en/users/verify', { body: { email, code: res.body[0].code } })).status).toBe(200)
      })

      it('serves both widget scripts as JavaScript', async () => {
        for (const [path, global] of [
          ['/sandbox/cloudpayments.js', 'window.cp.CloudPayments'],
          ['/sandbox/pay-widget.js', 'window.pw.PayWidget'],
        ] as const) {
          const res = await api.backend.app.request(path)
          expect(res.status).toBe(200)
          expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
          expect(res.headers.get('access-control-allow-origin')).toBe('*')
          expect(await res.text()).toContain(global)
        }
      })
    })
  })
}
