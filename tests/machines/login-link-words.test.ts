/** R4.24, R10.7: the sign-in link page's state, and each state's own words. */
import { describe, expect, it } from 'vitest'
import { LOGIN_LINK_WORDS, loginLinkState } from '#machines/login-link-words.ts'

describe('R4.24: the sign-in link page says the words of its state', () => {
  it.each([
    [{ failed: true, own: true, hydrated: true }, 'failed'],
    [{ failed: true, own: false, hydrated: false }, 'failed'],
    [{ failed: false, own: false, hydrated: true }, 'ask'],
    [{ failed: false, own: true, hydrated: false }, 'ready'],
    [{ failed: false, own: true, hydrated: true }, 'checking'],
  ] as const)('%o: %s', (facts, state) => {
    expect(loginLinkState(facts)).toBe(state)
  })
  it('a refused link is headed by the refusal, never by the check', () => {
    expect(LOGIN_LINK_WORDS.failed).toEqual({ heading: 'acc_link_failed_title', lead: 'page_login_code_failed_intro', action: 'acc_link_retry' })
  })
  it('a link from another website asks before it signs in', () => {
    expect(LOGIN_LINK_WORDS.ask).toEqual({ heading: 'page_login_code_ask_heading', lead: 'acc_link_ask', action: 'acc_link_continue' })
  })
})
