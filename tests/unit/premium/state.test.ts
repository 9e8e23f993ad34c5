import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError, createApi } from '#app/api/client.ts'
import { PREMIUM_STORAGE_KEY, readPremiumState, reconcileRestored, writePremiumState } from '#app/features/premium/persist.ts'
import { loadPlans, plansFailure } from '#app/features/premium/plans-result.ts'
import type { PremiumState } from '#machines/rules/checkout.ts'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

const WEEK = { id: 2, name: 'Week', days: 7, prices: { using: { actual: 2.99, currency: 'USD' } } }
const STATE: PremiumState = {
  subscription: WEEK,
  label: '7 days',
  agreements: { premium: true, promo: false, withdrawal: false },
  redirectAfterLoginTo: '/en/premium',
  goToSubscription: true,
}

describe('R3: the premium state kept across the login page', () => {
  it('round-trips through storage', async () => {
    const storage = memoryStorage()
    writePremiumState(storage, STATE)
    expect(await readPremiumState(storage)).toEqual(STATE)
  })
  it('removes the key once there is nothing to keep (after a payment reset)', () => {
    const storage = memoryStorage()
    writePremiumState(storage, STATE)
    writePremiumState(storage, {
      subscription: null,
      label: '',
      agreements: { premium: false, promo: false, withdrawal: false },
      redirectAfterLoginTo: null,
      goToSubscription: false,
    })
    expect(storage.map.has(PREMIUM_STORAGE_KEY)).toBe(false)
  })
  it('ignores broken or foreign values and missing storage', async () => {
    const storage = memoryStorage()
    storage.setItem(PREMIUM_STORAGE_KEY, '{not json')
    expect(await readPremiumState(storage)).toBeNull()
    storage.setItem(PREMIUM_STORAGE_KEY, JSON.stringify({ subscription: 'x' }))
    expect(await readPremiumState(storage)).toBeNull()
    expect(await readPremiumState(null)).toBeNull()
    expect(() =>
      writePremiumState(
        {
          ...storage,
          setItem: () => {
            throw new Error('full')
          },
        },
        STATE,
      ),
    ).not.toThrow()
  })
  it('matches a restored plan with the plans on offer now', () => {
    const now = { ...WEEK, prices: { using: { actual: 3.49, currency: 'USD' } } }
    expect(reconcileRestored(STATE, [{ plan: now, label: '7 Tage' }])).toEqual({ ...STATE, subscription: now, label: '7 Tage' })
    expect(reconcileRestored(STATE, [{ plan: { ...WEEK, id: 3 }, label: '30 days' }])).toMatchObject({ subscription: null, label: '', goToSubscription: true })
    expect(reconcileRestored(null, [])).toBeNull()
  })
})

describe('R8: a failed plan list', () => {
  it('keeps the server message of an HTTP error', () => {
    expect(plansFailure(new ApiError('http', 503, 'x', { message: 'Back soon' }))).toEqual({ ok: false, status: 503, message: 'Back soon' })
  })
  it('has no message without a response, or for a response without one', () => {
    expect(plansFailure(new ApiError('network', null, 'offline'))).toEqual({ ok: false, status: null, message: null })
    expect(plansFailure(new ApiError('http', 502, 'x', '<html>'))).toEqual({ ok: false, status: 502, message: null })
    expect(plansFailure(new Error('boom'))).toEqual({ ok: false, status: null, message: null })
  })
  // A real HTTP server: the client's own parsing and error mapping are under test.
  async function answering(status: number, body: unknown) {
    const server = createServer((_, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    servers.push(server)
    return createApi({ base: `http://127.0.0.1:${port}`, locale: 'en', log: () => {} })
  }
  const servers: Server[] = []
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

  it('a response whose subscriptions is not an array is an error with status 500', async () => {
    expect(await loadPlans(await answering(200, { subscriptions: { id: 1 } }), undefined)).toEqual({ ok: false, status: 500, message: null })
  })
  it('answers the list when it is well formed', async () => {
    const list = { subscriptions: [WEEK], currencies: [{ code: 'USD' }], country_group_id: 2 }
    expect(await loadPlans(await answering(200, list), undefined)).toEqual({ ok: true, list })
  })
  it('a server error carries its message', async () => {
    expect(await loadPlans(await answering(503, { message: 'Maintenance' }), undefined)).toEqual({ ok: false, status: 503, message: 'Maintenance' })
  })
  it("R9.15: the plans are asked in the country group given, else in the page language's", async () => {
    const asked: unknown[] = []
    const list = { subscriptions: [WEEK], currencies: [{ code: 'RUB' }], country_group_id: 1 }
    const api = { subscriptions: async (query?: { country_group_id?: number }) => (asked.push(query), list) }
    await loadPlans(api, 1)
    await loadPlans(api, 2)
    await loadPlans(api, undefined)
    expect(asked).toEqual([{ country_group_id: 1 }, { country_group_id: 2 }, {}])
  })
})
