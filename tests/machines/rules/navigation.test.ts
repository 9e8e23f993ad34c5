import { describe, expect, it } from 'vitest'
import { isOwnNavigation } from '#machines/rules/navigation.ts'

describe('R10.7: a code is used on opening only for a navigation the visitor made', () => {
  it.each(['same-origin', 'same-site', 'none', 'Same-Origin', ' none '])('%s is the visitor’s own', (value) => {
    expect(isOwnNavigation(value)).toBe(true)
  })
  it.each(['cross-site', '', 'same', 'nonexistent', 'cross-site, none'])('%s is not', (value) => {
    expect(isOwnNavigation(value)).toBe(false)
  })
  it('a browser that does not say (no header) gets the button', () => {
    expect(isOwnNavigation(null)).toBe(false)
    expect(isOwnNavigation(undefined)).toBe(false)
  })
})
