/** R9.29: a renewal change is told in the page's words and formats, from the subscription the backend answers. */
import { describe, expect, it } from 'vitest'
import { renewalWords } from '#app/features/account/account.effects.ts'

const NBSP = '\u00a0'
const user = (subscription: unknown) => ({ id: 7, email: 'player@example.com', subscription })
const SUB = { active: true, trial: false, expires_at: '2026-12-01T16:55:00Z', next_charge_at: '2026-12-01T16:55:00Z', next_charge_amount: 490, currency: 'RUB' }

describe('R9.29: the renewal toasts', () => {
  it('renewal on: the next charge as the card says it, not as the backend formats it', () => {
    const answer = { message: 'Автопродление снова включено. Следующее списание: 490,00 ₽ — 1 декабря 2026 г. в 16:55 UTC.', user: user(SUB) }
    expect(renewalWords(true, answer, 'ru').message).toBe(`Автопродление снова включено. Следующее списание: 490${NBSP}₽, 1 декабря 2026.`)
    expect(renewalWords(true, { ...answer, user: user({ ...SUB, next_charge_amount: 6.99, currency: 'USD' }) }, 'en').message).toBe(
      'Auto-renewal is on again. Next charge: $6.99 on December 1, 2026.',
    )
  })

  it('renewal off: the last day', () => {
    const answer = { message: 'Die automatische Verlängerung ist deaktiviert. Ihr Abo bleibt bis 1. Dezember 2026 um 16:55 UTC aktiv.', user: user(SUB) }
    expect(renewalWords(false, answer, 'de').message).toBe(
      'Die automatische Verlängerung ist ausgeschaltet. Ihr Premium bleibt bis zum 1. Dezember 2026 aktiv.',
    )
  })

  it("the backend's words stay when its answer does not carry the values, and the user is kept as answered", () => {
    const bare = { message: 'Auto-renewal is on again.', user: user({ ...SUB, next_charge_at: null }) }
    expect(renewalWords(true, bare, 'en')).toEqual(bare)
    const ended = { message: 'Auto-renewal is off.', user: user({ ...SUB, expires_at: null }) }
    expect(renewalWords(false, ended, 'en')).toEqual(ended)
    expect(renewalWords(true, { message: 'x', user: 'not a user' }, 'en')).toEqual({ message: 'x', user: 'not a user' })
    expect(renewalWords(false, { message: 'y', user: user(SUB) }, 'en').user).toEqual(user(SUB))
  })
})
