/** R10.13: a form posted without JavaScript waits at most 10 s for its machine at each step. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import type { FormHandlers } from '#app/core/form-answer.server.ts'
import { MAX_ROUNDS, SETTLE_TIMEOUT_MS, settle } from '#app/core/form-run.server.ts'
import { answerForm } from '#app/forms/form.server.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A machine that stays busy (a call that never answers). */
const stuck = createMachine({ initial: 'calling', states: { calling: { tags: ['busy'] } } })

describe('R10.13: how long a form without JavaScript waits for its machine', () => {
  it('10 s at each step, 8 steps at most', () => {
    expect(SETTLE_TIMEOUT_MS).toBe(10_000)
    expect(MAX_ROUNDS).toBe(8)
  })

  it('a machine still busy after 10 s makes the post give up, not before', async () => {
    vi.useFakeTimers()
    const actor = createActor(stuck).start()
    let outcome: string | null = null
    settle(actor).then(
      () => (outcome = 'settled'),
      () => (outcome = 'gave up'),
    )
    await vi.advanceTimersByTimeAsync(9_999)
    expect(outcome).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBe('gave up')
  })

  it('a post whose handler gave up goes back to the page it came from, with a plain sentence in its language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const handlers: FormHandlers = {
      probe: async () => {
        throw new Error('form: the machine did not come to rest')
      },
    }
    const post = (referer: string | null) =>
      new Request('https://skins.test/forms/probe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) },
        body: new URLSearchParams({ locale: 'de' }),
      })
    const back = await answerForm(post('https://skins.test/de/login?redirect=%2Fde%2Fpremium'), 'probe', handlers)
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe('/de/login?redirect=%2Fde%2Fpremium')
    expect(decodeURIComponent(back.headers.getSetCookie()[0]!)).toContain('"form":"notice","notice":"Etwas ist schiefgelaufen')
    // Another site's page, or none: the home page in the form's language.
    expect((await answerForm(post('https://evil.test/de/login'), 'probe', handlers)).headers.get('location')).toBe('/de')
    expect((await answerForm(post(null), 'probe', handlers)).headers.get('location')).toBe('/de')
  })
})
