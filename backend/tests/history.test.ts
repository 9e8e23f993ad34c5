import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db.ts'
import { cpNotice, MIRROR_URL, psNotice, startApi, type TestApi } from './helpers.ts'

/**
 * Issue 37, extensions of R7: the account's payment history (GET /payments) and a payment's receipt
 * (GET /payments/{id}/receipt): what was paid, held or refused, for which plan, in which currency,
 * with which card; only the payer's own.
 */

let api: TestApi
beforeAll(async () => {
  api = await startApi(await openPglite('memory://'), { mirrorHost: 'mirror.test' })
})
afterAll(async () => {
  await api?.backend.close()
})

async function create(token: string, locale: string, subscriptionId: number, service = 'cloudpayments') {
  const res = await api.call('POST', `/${locale}/payments`, { token, body: { subscription_id: subscriptionId, service } })
  expect(res.status).toBe(201)
  return res.body
}

describe('GET /payments: the history', () => {
  it('lists paid, held and refused payments, newest first, with the plan, the amount, the currency and the card; not a form never paid', async () => {
    const { token } = await api.signIn()
    const trial = await create(token, 'en', 1)
    await api.cp('pay', { ...cpNotice(trial, 'Authorized'), CardType: 'Visa', CardLastFour: '4242' })
    const declined = await create(token, 'en', 3)
    // Without CardType: the brand from the card's first six digits.
    const { CardType: _, ...withoutType } = cpNotice(declined)
    await api.cp('fail', { ...withoutType, CardFirstSix: '555555', CardLastFour: '4444' })
    await create(token, 'en', 3) // opened, never paid
    const month = await create(token, 'en', 3)
    await api.cp('pay', { ...cpNotice(month), CardType: 'MasterCard', CardLastFour: '5454' })

    const res = await api.call('GET', '/ru/payments', { token })
    expect(res.status).toBe(200)
    expect(res.body.payments).toEqual([
      {
        payment_id: month.payment_id,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        subscription_id: 3,
        plan_name: 'Месяц',
        days: 30,
        trial: false,
        special_offer: false,
        amount: 6.99,
        currency: 'USD',
        status: 'paid',
        failure: null,
        refund: null,
        card: { brand: 'MasterCard', last4: '5454' },
        service: 'cloudpayments',
      },
      expect.objectContaining({
        payment_id: declined.payment_id,
        status: 'failed',
        failure: 'declined',
        // A declined card took nothing: nothing goes back.
        refund: null,
        paid_at: null,
        card: { brand: 'MasterCard', last4: '4444' },
      }),
      expect.objectContaining({
        payment_id: trial.payment_id,
        status: 'held',
        trial: true,
        days: 3,
        amount: 1,
        currency: 'USD',
        card: { brand: 'Visa', last4: '4242' },
      }),
    ])
  })

  it('names the card of a payselection payment from its masked number: a roubles charge', async () => {
    const { token } = await api.signIn()
    const month = await create(token, 'de', 3, 'payselection')
    await api.ps({ ...psNotice(month), CardMasked: '220012******3456' })
    const [entry] = (await api.call('GET', '/de/payments', { token })).body.payments
    expect(entry).toMatchObject({ plan_name: 'Monat', amount: 490, currency: 'RUB', status: 'paid', card: { brand: 'Mir', last4: '3456' } })
  })

  it('shows a user only their own payments, and none without a session', async () => {
    const owner = await api.signIn()
    await api.cp('pay', cpNotice(await create(owner.token, 'en', 3)))
    const stranger = await api.signIn()
    expect((await api.call('GET', '/en/payments', { token: stranger.token })).body).toEqual({ payments: [] })
    expect((await api.call('GET', '/en/payments')).status).toBe(401)
  })

  it('answers the newest 100', async () => {
    const { token } = await api.signIn()
    const first = await create(token, 'en', 3)
    const me = (await api.call('GET', '/en/users/me', { token })).body
    // 100 more paid payments, written straight into the table.
    await api.backend.db.query(
      `INSERT INTO payments (user_id, subscription_id, service, amount_minor, currency, status, operation, payer_email, created_at, paid_at)
       SELECT $1, 3, 'cloudpayments', 699, 'USD', 'paid', 'charge', $2, now(), now() FROM generate_series(1, 100)`,
      [me.id, me.email],
    )
    await api.cp('pay', cpNotice(first))
    const list = (await api.call('GET', '/en/payments', { token })).body.payments as Array<{ payment_id: number }>
    expect(list).toHaveLength(100)
    expect(list.map((p) => p.payment_id)).not.toContain(first.payment_id)
  })
})

describe('GET /payments/{id}/receipt', () => {
  it("a paid payment's receipt: the history's entry with the transaction and the payer's address", async () => {
    const { token, email } = await api.signIn()
    const month = await create(token, 'ru', 3)
    await api.cp('pay', { ...cpNotice(month), TransactionId: '777001', CardType: 'Visa', CardLastFour: '4242' })
    const res = await api.call('GET', `/en/payments/${month.payment_id}/receipt`, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      payment_id: month.payment_id,
      plan_name: 'Month',
      days: 30,
      amount: 490,
      currency: 'RUB',
      status: 'paid',
      card: { brand: 'Visa', last4: '4242' },
      transaction_id: '777001',
      email,
    })
  })

  it('R1.8: names the brand of the domain it was bought on, in the language it is read in; an old payment names none', async () => {
    const { token } = await api.signIn()
    const onMirror = await api.call('POST', '/ru/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' }, headers: { origin: MIRROR_URL } })
    expect(onMirror.status).toBe(201)
    await api.cp('pay', cpNotice(onMirror.body))
    const onSite = await create(token, 'en', 3)
    await api.cp('pay', cpNotice(onSite))
    const read = async (id: number, locale: string) => (await api.call('GET', `/${locale}/payments/${id}/receipt`, { token })).body.site
    expect(await read(onMirror.body.payment_id, 'ru')).toEqual({ name: 'СВ Чейнджер', support_email: 'help@svchanger.app' })
    expect(await read(onMirror.body.payment_id, 'en')).toEqual({ name: 'SV Changer', support_email: 'help@svchanger.app' })
    expect(await read(onSite.payment_id, 'ru')).toEqual({ name: 'Скинволт', support_email: 'support@skinvault.gg' })
    await api.backend.db.query('UPDATE payments SET site_origin = NULL WHERE id = $1', [onSite.payment_id])
    expect(await read(onSite.payment_id, 'en')).toBeNull()
  })

  it("has none for a payment never paid, a refused one, another user's or an unknown one", async () => {
    const { token } = await api.signIn()
    const pending = await create(token, 'en', 3)
    const declined = await create(token, 'en', 3)
    await api.cp('fail', cpNotice(declined))
    const other = await api.signIn()
    const theirs = await create(other.token, 'en', 3)
    await api.cp('pay', cpNotice(theirs))
    for (const id of [pending.payment_id, declined.payment_id, theirs.payment_id, 999999]) {
      const res = await api.call('GET', `/en/payments/${id}/receipt`, { token })
      expect(res.status, String(id)).toBe(404)
    }
  })
})
