/**
 * Decision 022: the browser keeps the router its entry built (src/client.tsx); the server must
 * still build one per request, or one visitor's matches and session would reach another's page.
 */
import { describe, expect, it } from 'vitest'
import { getRouter } from '#app/router.tsx'

describe('the router on the server', () => {
  it('is a new one for every request, over the same route tree', () => {
    const first = getRouter()
    const second = getRouter()
    expect(second).not.toBe(first)
    expect(second.routeTree).toBe(first.routeTree)
    expect(first.options.context).toEqual({ session: { token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null } })
  })
})
