import { describe, expect, it } from 'vitest'
import { localTarget } from '#app/server/redirects.server.ts'

describe('R10.6: a response may send a visitor off the site only to the configured Steam sign-in', () => {
  const STEAM = [new URL('https://steamcommunity.com/openid/login')]
  const start = 'https://steamcommunity.com/openid/login?openid.mode=checkid_setup&openid.return_to=https%3A%2F%2Fskinvault.gg%2Fen%2Flogin%3Fstate%3Dabc'

  it('keeps the sign-in address, query and all', () => {
    expect(localTarget(start, 'skinvault.gg', STEAM)).toBe(start)
  })

  it.each([
    'https://steamcommunity.com/openid/other',
    'https://steamcommunity.com.evil.example/openid/login',
    'http://steamcommunity.com/openid/login',
    'https://user:pass@steamcommunity.com/openid/login',
    'https://evil.example/openid/login',
    '//steamcommunity.com/openid/login',
  ])('turns %s into the root', (location) => {
    expect(localTarget(location, 'skinvault.gg', STEAM)).toBe('/')
  })

  it('without the allowance the sign-in address is off the site like any other', () => {
    expect(localTarget(start, 'skinvault.gg')).toBe('/')
  })
})
