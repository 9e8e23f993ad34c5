import { describe, expect, it } from 'vitest'
import { hasScope, subscriberBadge } from '#app/site/scope.ts'

describe('R6.2: a scope check on the user', () => {
  it('in a list', () => {
    expect(hasScope({ scope: ['user', 'premium'] }, 'premium')).toBe(true)
    expect(hasScope({ scope: ['user'] }, 'premium')).toBe(false)
  })
  it('in a map', () => {
    expect(hasScope({ scope: { premium: true, trial: false } }, 'premium')).toBe(true)
    expect(hasScope({ scope: { premium: true, trial: false } }, 'trial')).toBe(false)
    expect(hasScope({ scope: {} }, 'toString')).toBe(false)
  })
  it('no user or no scope', () => {
    expect(hasScope(null, 'user')).toBe(false)
    expect(hasScope({}, 'user')).toBe(false)
  })
})

describe('R6: GET /users/me with its scope as a list or a map', () => {
  it('both shapes are a user; any other shape is refused at the edge', async () => {
    const { type } = await import('arktype')
    const { User } = await import('#app/api/schemas.ts')
    const asList = User({ id: 4821, email: 'alex@example.com', scope: ['user', 'premium'] })
    const asMap = User({ id: 4821, email: 'alex@example.com', scope: { user: true, premium: false } })
    expect(asList).not.toBeInstanceOf(type.errors)
    expect(asMap).not.toBeInstanceOf(type.errors)
    expect(hasScope(asMap as { scope: Record<string, boolean> }, 'user')).toBe(true)
    expect(hasScope(asMap as { scope: Record<string, boolean> }, 'premium')).toBe(false)
    expect(User({ id: 4821, email: 'alex@example.com', scope: 'premium' })).toBeInstanceOf(type.errors)
    expect(User({ id: 4821, email: 'alex@example.com', scope: { premium: 'yes' } })).toBeInstanceOf(type.errors)
  })
})

describe("the header's badge names the subscription as the account does", () => {
  it('a subscriber on the trial: the trial; any other subscriber: Premium', () => {
    expect(subscriberBadge({ scope: ['user', 'premium', 'trial'], subscription: { active: true, trial: true } })).toBe('trial')
    expect(subscriberBadge({ scope: ['user', 'premium'], subscription: { active: true, trial: false } })).toBe('premium')
    expect(subscriberBadge({ scope: { premium: true }, subscription: null })).toBe('premium')
  })
  it('no Premium, no badge, whatever the subscription says', () => {
    expect(subscriberBadge({ scope: ['user'], subscription: { active: false, trial: true } })).toBeNull()
    expect(subscriberBadge(null)).toBeNull()
  })
})
