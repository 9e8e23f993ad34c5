import { describe, expect, it } from 'vitest'
import { hasScope } from '~/lib/scope'

describe('spec 6: a scope check on the user', () => {
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
