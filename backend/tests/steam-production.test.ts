import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db.ts'
import { positiveAssertion } from '../src/openid.ts'
import { startApi, type TestApi } from './helpers.ts'

/**
 * R7: in production mode the sandbox OpenID provider does not exist, and an assertion signed with its
 * published secret signs nobody in: the backend asks the provider itself (check_authentication), as a
 * relying party asks Steam.
 */

const SITE = 'http://site.test:3000'
/** A stand-in for Steam's endpoint: answers check_authentication with what `valid` says, and records the asks. */
let provider: Server
let endpoint = ''
let valid = false
const asked: URLSearchParams[] = []
let api: TestApi

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      asked.push(new URLSearchParams(body))
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`)
    })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/openid/login`
  api = await startApi(await openPglite('memory://'), {
    mode: 'production',
    cloudpaymentsApiSecret: 'cp-live-secret-1',
    payselectionSiteId: '21044',
    payselectionSecretKey: 'ps-live-secret-1',
    cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
    openidProviderUrl: endpoint,
  })
})
afterAll(async () => {
  await api?.backend.close()
  await new Promise((resolve) => provider?.close(resolve))
})

function callback(steamId: string) {
  const fields = positiveAssertion({
    endpoint,
    steamId,
    returnTo: `${SITE}/en/login`,
    now: new Date(),
    secret: 'sandbox-openid-secret-not-for-production', // the published default
  })
  return api.call('GET', `/en/users/auth?${new URLSearchParams(fields)}`)
}

describe('R7: Steam sign-in in production mode', () => {
  it('refuses an assertion signed with the published sandbox secret when the provider does not confirm it', async () => {
    valid = false
    const res = await callback('76561198000000111')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      message: 'The answer from Steam could not be verified: it was changed or not signed by Steam. Please sign in with Steam again.',
    })
    expect(asked.at(-1)?.get('openid.mode')).toBe('check_authentication')
    expect(asked.at(-1)?.get('openid.claimed_id')).toBe('https://steamcommunity.com/openid/id/76561198000000111')
    expect((await api.backend.db.query("SELECT id FROM users WHERE steam_id = '76561198000000111'")).length).toBe(0)
  })

  it('signs in when the provider confirms the assertion', async () => {
    valid = true
    const res = await callback('76561198000000112')
    expect(res.status).toBe(200)
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
