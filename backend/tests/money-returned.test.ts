import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openPgIsolated, openPglite } from '../src/db.ts'
import { listMail } from '../src/mail.ts'
import { cpNotice, psNotice, startApi, type TestApi } from './helpers.ts'

/**
 * R9.26, no charge without the service (decision 117): of trial or offer payments made side by side exactly
 * one is paid, and no money stays taken for the others: refused at the provider's Check before the
 * card is taken (CloudPayments), or voided or refunded through the provider's API after
 * (Payselection, which asks nothing first). The same for an offer paid after its window ended, a plan
 * withdrawn meanwhile, and a card check's hold. Run on PGlite and, with DATABASE_URL, on a PostgreSQL
 * server, where the transactions of the notifications really run side by side.
 */

/** The backend's public origin in startApi (BACKEND_PUBLIC_URL's default). */
const OWN_ORIGIN = 'http://localhost:3001'
const VISA = '4242 4242 4242 4242'
const DAY = 86_400_000

function moneySuite(kind: string, makeDb: () => Promise<Db>) {
  describe(`money given back, on ${kind}`, () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startApi(await makeDb(), { sandboxNotifyDelayMs: 20 })
    })
    afterAll(async () => {
      await api?.backend.close()
    })

    async function create(token: string, locale: string, body: Record<string, unknown>) {
      const res = await api.call('POST', `/${locale}/payments`, { token, body: { service: 'cloudpayments', ...body } })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body
    }

    /** The card form's post to the provider, as the widget page sends it; does not wait for the notification. */
    function charge(pay: any, service: 'cloudpayments' | 'payselection', scheme: 'charge' | 'auth' = 'charge') {
      const card = { number: VISA, expiry: '12/39', cvc: '123' }
      const common = { currency: pay.currency, email: pay.email, widgetToken: pay.widget_token, card }
      const body =
        service === 'cloudpayments'
          ? { provider: 'cloudpayments', scheme, invoiceId: String(pay.payment_id), accountId: String(pay.user_id), amount: pay.amount, ...common }
          : {
              provider: 'payselection',
              paymentType: scheme === 'auth' ? 'Block' : 'Pay',
              orderId: String(pay.payment_id),
              amount: pay.amount.toFixed(2),
              ...common,
            }
      return api.call('POST', '/sandbox/provider/charge', { body, headers: { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' } })
    }

    /** Waits for the provider's notifications and for the returns they started. */
    async function settled() {
      await api.backend.sandbox.idle()
      await api.backend.returns.idle()
    }

    /** What the provider holds of these payments, by state (its own books). */
    async function books(pays: any[], provider: string) {
      const rows = await api.backend.db.query<{ invoice_id: string; operation: string; amount_minor: number; state: string }>(
        'SELECT invoice_id, operation, amount_minor, state FROM sandbox_transactions WHERE provider = $1 AND invoice_id = ANY($2::text[]) ORDER BY invoice_id',
        [provider, pays.map((p) => String(p.payment_id))],
      )
      return rows.map((r) => `${r.operation} ${r.amount_minor} ${r.state}`).sort()
    }

    async function statuses(pays: any[], token: string) {
      const out = []
      for (const pay of pays) {
        const res = await api.call('GET', `/en/payments/${pay.payment_id}`, { token })
        out.push(`${res.body.status}/${res.body.failure}/${res.body.refund}`)
      }
      return out.sort()
    }

    /** A subscriber of a month (490 ₽ on /ru), paid by a direct notification. */
    async function subscriber(locale = 'ru') {
      const { token, email } = await api.signIn(undefined, locale)
      const month = await create(token, locale, { subscription_id: 3 })
      expect((await api.cp('pay', cpNotice(month))).body.status).toBe('paid')
      return { token, email }
    }

    it('two special offers bought at once with CloudPayments: the second is refused at the Check and no card is charged for it', async () => {
      const { token } = await subscriber()
      const offers = [await create(token, 'ru', { subscription_id: 3, special: true }), await create(token, 'ru', { subscription_id: 3, special: true })]
      expect(offers.map((o) => o.amount)).toEqual([392, 392])
      const answers = await Promise.all(offers.map((o) => charge(o, 'cloudpayments')))
      expect(answers.map((a) => a.body.success).sort()).toEqual([false, true])
      expect(answers.find((a) => !a.body.success)!.body).toMatchObject({ code: 13 })
      await settled()
      // One offer paid; one charge of 392 ₽ taken, none for the other.
      expect(await books(offers, 'cloudpayments')).toEqual(['charge 39200 taken'])
      expect(await statuses(offers, token)).toEqual(['paid/null/null', 'pending/null/null'])
    })

    it('two special offers bought at once with Payselection: both charged, one paid, the other refunded through the API', async () => {
      const { token, email } = await subscriber()
      const offers = [
        await create(token, 'ru', { subscription_id: 3, special: true, service: 'payselection' }),
        await create(token, 'ru', { subscription_id: 3, special: true, service: 'payselection' }),
      ]
      const answers = await Promise.all(offers.map((o) => charge(o, 'payselection')))
      expect(answers.map((a) => a.body.success)).toEqual([true, true])
      await settled()
      expect(await books(offers, 'payselection')).toEqual(['charge 39200 refunded', 'charge 39200 taken'])
      expect(await statuses(offers, token)).toEqual(['failed/offer_used/done', 'paid/null/null'])
      // Thirty days of the offer once, on top of the month: 60 days, not 90.
      expect((await api.me(token)).subscription.days_left).toBe(60)
      // The history shows the refunded one as refunded, and the payer is told in the payment's language.
      const history = (await api.call('GET', '/ru/payments', { token })).body.payments
      expect(
        history
          .map((p: any) => p.status)
          .slice(0, 2)
          .sort(),
      ).toEqual(['paid', 'refunded'])
      const mail = (await listMail(api.backend.db, email))[0]!
      expect(mail.subject).toMatch(/^Платёж № \d+ не принят: деньги возвращены$/)
      expect(mail.text).toContain('специальное предложение — одно на аккаунт')
      expect(mail.text).toMatch(/Списанные 392,00\s₽ возвращены на вашу карту/)
    })

    it('two trials at once: with CloudPayments the second hold is refused at the Check; with Payselection the second charge of 1 is refunded', async () => {
      const cp = await api.signIn(undefined, 'en')
      const cpTrials = [await create(cp.token, 'en', { subscription_id: 1 }), await create(cp.token, 'en', { subscription_id: 1 })]
      const cpAnswers = await Promise.all(cpTrials.map((t) => charge(t, 'cloudpayments', 'auth')))
      expect(cpAnswers.map((a) => a.body.success).sort()).toEqual([false, true])
      await settled()
      expect(await books(cpTrials, 'cloudpayments')).toEqual(['auth 100 taken'])
      expect(await statuses(cpTrials, cp.token)).toEqual(['paid/null/null', 'pending/null/null'])

      const ps = await api.signIn(undefined, 'ru')
      const psTrials = [
        await create(ps.token, 'ru', { subscription_id: 1, service: 'payselection' }),
        await create(ps.token, 'ru', { subscription_id: 1, service: 'payselection' }),
      ]
      await Promise.all(psTrials.map((t) => charge(t, 'payselection')))
      await settled()
      expect(await books(psTrials, 'payselection')).toEqual(['charge 100 refunded', 'charge 100 taken'])
      expect(await statuses(psTrials, ps.token)).toEqual(['failed/trial_used/done', 'paid/null/null'])
      expect((await api.me(ps.token, 'ru')).subscription).toMatchObject({ trial: true, days_left: 3 })
    })

    it('R9.2: a paid plan closes the trial: a trial opened before the month was paid is refused at the Check, no card is held, and a new one is not opened', async () => {
      const { token } = await api.signIn(undefined, 'en')
      const trial = await create(token, 'en', { subscription_id: 1 })
      const month = await create(token, 'en', { subscription_id: 3 })
      expect((await api.cp('pay', cpNotice(month))).body.status).toBe('paid')
      expect((await api.me(token)).trial_used).toBe(true)
      const answer = await charge(trial, 'cloudpayments', 'auth')
      expect(answer.body).toMatchObject({ success: false, code: 13 })
      await settled()
      expect(await books([trial], 'cloudpayments')).toEqual([])
      // The month alone: 30 days, not 33.
      expect((await api.me(token)).subscription).toMatchObject({ trial: false, plan_id: 3, days_left: 30 })
      const again = await api.call('POST', '/en/payments', { token, body: { subscription_id: 1, service: 'cloudpayments' } })
      expect(again.status).toBe(422)
      expect(again.body.message).toBe("The trial is only for an account's first Premium, and this account has already had Premium.")
    })

    it('a trial hold authorised by Payselection for a used trial is voided (cancellation), not refunded', async () => {
      const { token } = await api.signIn(undefined, 'ru')
      const trials = [
        await create(token, 'ru', { subscription_id: 1, service: 'payselection' }),
        await create(token, 'ru', { subscription_id: 1, service: 'payselection' }),
      ]
      await Promise.all(trials.map((t) => charge(t, 'payselection', 'auth')))
      await settled()
      expect(await books(trials, 'payselection')).toEqual(['auth 100 taken', 'auth 100 voided'])
    })

    it('an offer payment created inside its window and paid after it ends: refused at the Check, refunded after a charge without one', async () => {
      const { email } = await subscriber('en')
      // The month ends; the offer stays for 14 days after it, and the payments are created on day 13 of them.
      api.clock.advance(30 * DAY + 13 * DAY)
      const { token } = await api.signIn(email, 'en')
      const offer = await create(token, 'en', { subscription_id: 3, special: true })
      const psOffer = await create(token, 'en', { subscription_id: 3, special: true, service: 'payselection' })
      expect(offer.amount).toBe(5.59)
      // Two days later the window is over.
      api.clock.advance(2 * DAY)
      const answer = await charge(offer, 'cloudpayments')
      expect(answer.body).toMatchObject({ success: false, code: 13 })
      await charge(psOffer, 'payselection')
      await settled()
      expect(await books([offer], 'cloudpayments')).toEqual([])
      expect(await books([psOffer], 'payselection')).toEqual(['charge 39200 refunded'])
      expect(await statuses([psOffer], token)).toEqual(['failed/offer_expired/done'])
      expect((await api.me(token)).subscription).toMatchObject({ active: false })
    })

    it('a plan withdrawn between the payment and its notification is refunded', async () => {
      const { token } = await api.signIn(undefined, 'de')
      const pay = await create(token, 'de', { subscription_id: 3, service: 'payselection' })
      await api.backend.db.query('UPDATE subscription_prices SET actual_minor = 900000 WHERE subscription_id = 3 AND country_group_id = 1')
      try {
        await charge(pay, 'payselection')
        await settled()
      } finally {
        await api.backend.db.query('UPDATE subscription_prices SET actual_minor = 49000 WHERE subscription_id = 3 AND country_group_id = 1')
      }
      expect(await books([pay], 'payselection')).toEqual(['charge 49000 refunded'])
      expect(await statuses([pay], token)).toEqual(['failed/plan_unavailable/done'])
    })

    it('a second operation on a settled invoice is returned, and a repeated notification of the first changes nothing', async () => {
      const { token } = await api.signIn(undefined, 'ru')
      const pay = await create(token, 'ru', { subscription_id: 3, service: 'payselection' })
      await charge(pay, 'payselection')
      await settled()
      // The provider took a second card on the same order (its books show it) and notifies it.
      await api.backend.db.query(
        `INSERT INTO sandbox_transactions (transaction_id, provider, invoice_id, operation, amount_minor, currency, state, created_at, updated_at)
         VALUES ('PS-second', 'payselection', $1, 'charge', 49000, 'RUB', 'taken', now(), now())`,
        [String(pay.payment_id)],
      )
      const second = await api.ps({ ...psNotice(pay), TransactionId: 'PS-second' })
      expect(second.body).toMatchObject({ status: 'paid', applied: false })
      const firstAgain = await api.ps(psNotice(pay))
      expect(firstAgain.body).toMatchObject({ status: 'paid', applied: false })
      await settled()
      expect(await books([pay], 'payselection')).toEqual(['charge 49000 refunded', 'charge 49000 taken'])
      expect((await api.me(token, 'ru')).subscription.days_left).toBe(30)
    })

    it("a card check's hold is voided through the provider's API once its card is on file", async () => {
      const { token } = await subscriber('en')
      const check = (await api.call('POST', '/en/payments/card', { token, body: { service: 'cloudpayments' } })).body
      await charge(check, 'cloudpayments', 'auth')
      await settled()
      expect(await books([check], 'cloudpayments')).toEqual(['auth 100 voided'])
      expect((await api.call('GET', `/en/payments/${check.payment_id}`, { token })).body).toMatchObject({ status: 'voided', refund: 'done' })
    })

    it('a provider out of reach: the return waits and is made once it answers, also by the next backend', async () => {
      const { token } = await subscriber()
      const offers = [
        await create(token, 'ru', { subscription_id: 3, special: true, service: 'payselection' }),
        await create(token, 'ru', { subscription_id: 3, special: true, service: 'payselection' }),
      ]
      await api.backend.returns.close()
      await Promise.all(offers.map((o) => charge(o, 'payselection')))
      await api.backend.sandbox.idle()
      expect(await books(offers, 'payselection')).toEqual(['charge 39200 taken', 'charge 39200 taken'])
      expect(await statuses(offers, token)).toEqual(['failed/offer_used/pending', 'paid/null/null'])
      // Another backend on the same database (a restart) makes the return that was due.
      const next = await startApi(api.backend.db, { sandboxNotifyDelayMs: 20 })
      next.clock.advance(api.clock.now().getTime() - Date.now() + 1000)
      await next.backend.returns.kick()
      expect(await books(offers, 'payselection')).toEqual(['charge 39200 refunded', 'charge 39200 taken'])
      await next.backend.sandbox.close()
      await next.backend.returns.close()
    })
  })
}

moneySuite('PGlite', () => openPglite('memory://'))
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) moneySuite('PostgreSQL', () => openPgIsolated(databaseUrl))
