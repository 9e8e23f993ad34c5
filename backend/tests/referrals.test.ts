import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openPgIsolated, openPglite } from '../src/db.ts'
import { cpNotice, startApi, type TestApi } from './helpers.ts'

/**
 * R9.17, decision 120: a referral is made at sign-up only (the account's first proof of its e-mail,
 * by code or link, or its first Steam sign-in), from the invitation the proving browser brings,
 * once, never to oneself, never in a loop; a code request on someone's behalf fixes nothing. The
 * bonus is paid at the referral's first paid payment that is not the trial, and waiting days only on
 * such a payment.
 */
function referralSuite(kind: string, makeDb: () => Promise<Db>) {
  describe(`referrals on ${kind}`, () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(await makeDb())
    })
    afterAll(async () => {
      await api?.backend.close()
    })

    /** The newest code mailed to an address, after a code request that names `invitation` (or none). */
    async function codeFor(email: string, invitation?: string) {
      const query = invitation ? `&referrer_link_code=${invitation}` : ''
      expect((await api.call('GET', `/en/users/auth?email=${encodeURIComponent(email)}${query}`)).status).toBe(200)
      const mail = await api.call('GET', `/__dev/mail?to=${encodeURIComponent(email)}`)
      return { code: mail.body[0].code as string, link: (mail.body[0].link as string).split('/').pop()!.split('?')[0]! }
    }
    /** Signs in by the code, the browser bringing `invitation` (the referrer cookie's code). */
    async function proveByCode(email: string, code: string, invitation?: string) {
      const res = await api.call('PATCH', '/en/users/verify', { body: { email, code, ...(invitation ? { referrer_link_code: invitation } : {}) } })
      expect(res.status).toBe(200)
      return res.body.token as string
    }
    /** A new account made through the invitation link of `invitation`. */
    async function friendOf(invitation: string) {
      const email = api.email('friend')
      const { code } = await codeFor(email)
      return proveByCode(email, code, invitation)
    }
    async function pay(token: string, id: number) {
      const payment = (await api.call('POST', '/en/payments', { token, body: { subscription_id: id, service: 'cloudpayments' } })).body
      expect((await api.cp('pay', cpNotice(payment, id === 1 ? 'Authorized' : 'Completed'))).body).toMatchObject({ status: 'paid', applied: true })
    }
    const me = (token: string) => api.me(token)
    const daysLeft = async (token: string) => (await me(token)).subscription?.days_left ?? 0

    describe('R9.17: the referral is fixed at sign-up, from the invitation the proving browser brings', () => {
      it('GET /referrer/link/{code} says the code is valid and applies nothing, to a signed-in visitor neither', async () => {
        const anon = await api.call('GET', '/en/referrer/link/FRIEND2024')
        expect(anon.body).toEqual({ code: 'FRIEND2024', valid: true, applied: false })
        const { token } = await api.signIn()
        expect((await api.call('GET', '/en/referrer/link/friend2024', { token })).body).toEqual({ code: 'FRIEND2024', valid: true, applied: false })
        expect((await me(token)).referrer_code).toBeNull()
        expect((await api.call('GET', '/ru/referrer/link/NOPE0000')).status).toBe(404)
      })

      it('a new account signed up by its code with the invitation is the inviter’s referral; by its link too', async () => {
        const byCode = await friendOf('FRIEND2024')
        expect((await me(byCode)).referrer_code).toBe('FRIEND2024')
        const email = api.email('by-link')
        const { link } = await codeFor(email)
        const res = await api.call('GET', `/en/users/auth/${link}?referrer_link_code=friend2024`)
        expect(res.status).toBe(200)
        expect((await me(res.body.token)).referrer_code).toBe('FRIEND2024')
      })

      it('a code request on someone’s behalf fixes nothing: Victor’s sign-up through his friend’s link takes his friend', async () => {
        const attacker = await api.signIn(api.email('attacker'))
        const friend = await api.signIn(api.email('victors-friend'))
        const [attackerCode, friendCode] = [(await me(attacker.token)).referral_code, (await me(friend.token)).referral_code]
        const victor = api.email('victor')
        // The attacker asks for a code for Victor's address through the attacker's own link.
        await codeFor(victor, attackerCode)
        api.clock.advance(31_000)
        // Victor opens his friend's link and signs up.
        const { code } = await codeFor(victor, friendCode)
        const token = await proveByCode(victor, code, friendCode)
        expect((await me(token)).referrer_code).toBe(friendCode)
        expect((await me(attacker.token)).referral.friends_joined).toBe(0)
        expect((await me(friend.token)).referral.friends_joined).toBe(1)
      })

      it('the attacker’s code request alone, then Victor signing up with no invitation: no referrer at all', async () => {
        const attacker = await api.signIn(api.email('attacker'))
        const victor = api.email('victor-alone')
        const first = await codeFor(victor, (await me(attacker.token)).referral_code)
        const token = await proveByCode(victor, first.code)
        expect((await me(token)).referrer_code).toBeNull()
        expect((await me(attacker.token)).referral.friends_joined).toBe(0)
      })

      it('only once: a later sign-in with another invitation changes nothing', async () => {
        const email = api.email('once')
        const { code } = await codeFor(email)
        await proveByCode(email, code, 'FRIEND2024')
        const other = await api.signIn(api.email('other-inviter'))
        api.clock.advance(31_000)
        const again = await codeFor(email)
        const token = await proveByCode(email, again.code, (await me(other.token)).referral_code)
        expect((await me(token)).referrer_code).toBe('FRIEND2024')
      })

      it('never to oneself: an account signing up with its own code has no referrer', async () => {
        const email = api.email('self')
        const { code } = await codeFor(email)
        const [row] = await api.backend.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE email = $1', [email])
        const token = await proveByCode(email, code, row!.referral_code)
        expect((await me(token)).referrer_code).toBeNull()
      })

      it('never in a loop: D signs up through E’s link; E opening D’s link changes nothing; each buying a week earns 7 days each, not 14', async () => {
        const e = await api.signIn(api.email('e'))
        const d = await friendOf((await me(e.token)).referral_code)
        expect((await api.call('GET', `/en/referrer/link/${(await me(d)).referral_code}`, { token: e.token })).body.applied).toBe(false)
        expect((await me(e.token)).referrer_code).toBeNull()
        await pay(e.token, 2)
        await pay(d, 2)
        // D: 7 + 7 bonus; E: 7 + 7 for D's week. E's own week earned nobody anything.
        expect(await daysLeft(d)).toBe(14)
        expect(await daysLeft(e.token)).toBe(14)
        expect((await me(e.token)).referral).toMatchObject({ friends_joined: 1, friends_paid: 1, days_earned: 7 })
        expect((await me(d)).referral).toMatchObject({ friends_joined: 0, days_earned: 7 })
      })

      it('no referrer after paying: F pays, opens G’s link signed in, pays again: no bonus for either', async () => {
        const g = await api.signIn(api.email('g'))
        await pay(g.token, 2)
        const f = await api.signIn(api.email('f'))
        await pay(f.token, 2)
        await api.call('GET', `/en/referrer/link/${(await me(g.token)).referral_code}`, { token: f.token })
        await pay(f.token, 2)
        expect(await daysLeft(f.token)).toBe(14)
        expect(await daysLeft(g.token)).toBe(7)
        expect((await me(g.token)).referral).toMatchObject({ friends_joined: 0, days_earned: 0, days_pending: 0 })
      })
    })

    describe('R9.17: the bonus', () => {
      it("a friend's first paid plan, not the trial, earns 7 days for the friend and 7 for an active inviter, once", async () => {
        const inviter = await api.signIn()
        await pay(inviter.token, 3)
        expect(await daysLeft(inviter.token)).toBe(30)
        const friend = await friendOf((await me(inviter.token)).referral_code)
        expect((await me(inviter.token)).referral).toEqual({ friends_joined: 1, friends_paid: 0, days_earned: 0, days_pending: 0, days_per_friend: 7 })
        // The trial earns nothing.
        await pay(friend, 1)
        expect(await daysLeft(friend)).toBe(3)
        expect(await daysLeft(inviter.token)).toBe(30)
        // The first month: 3 + 30 + 7 for the friend, 30 + 7 for the inviter.
        await pay(friend, 3)
        expect(await daysLeft(friend)).toBe(40)
        expect(await daysLeft(inviter.token)).toBe(37)
        expect((await me(inviter.token)).referral).toEqual({ friends_joined: 1, friends_paid: 1, days_earned: 7, days_pending: 0, days_per_friend: 7 })
        expect((await me(friend)).referral).toMatchObject({ friends_joined: 0, days_earned: 7, days_pending: 0 })
        // A second month earns nothing more.
        await pay(friend, 3)
        expect(await daysLeft(friend)).toBe(70)
        expect(await daysLeft(inviter.token)).toBe(37)
      })

      it('an inviter without an active subscription gets the days at their next paid payment that is not the trial', async () => {
        const inviter = await api.signIn()
        const friend = await friendOf((await me(inviter.token)).referral_code)
        await pay(friend, 3)
        expect(await daysLeft(friend)).toBe(37)
        const waiting = await me(inviter.token)
        expect(waiting.subscription).toBeNull()
        expect(waiting.referral).toEqual({ friends_joined: 1, friends_paid: 1, days_earned: 0, days_pending: 7, days_per_friend: 7 })
        // The 1 trial pays nothing out: 3 days, the 7 still waiting.
        await pay(inviter.token, 1)
        expect(await daysLeft(inviter.token)).toBe(3)
        expect((await me(inviter.token)).referral).toMatchObject({ days_earned: 0, days_pending: 7 })
        // A week: 3 + 7 + the 7 waiting.
        await pay(inviter.token, 2)
        expect(await daysLeft(inviter.token)).toBe(17)
        expect((await me(inviter.token)).referral).toMatchObject({ days_earned: 7, days_pending: 0 })
      })

      it('a visitor who came without a link earns nothing', async () => {
        const { token } = await api.signIn()
        await pay(token, 3)
        expect(await daysLeft(token)).toBe(30)
        expect((await me(token)).referral).toEqual({ friends_joined: 0, friends_paid: 0, days_earned: 0, days_pending: 0, days_per_friend: 7 })
      })
    })
  })
}

referralSuite('PGlite', () => openPglite('memory://'))
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) referralSuite('PostgreSQL', () => openPgIsolated(databaseUrl))
