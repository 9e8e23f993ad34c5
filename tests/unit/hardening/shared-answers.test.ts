import { describe, expect, it } from 'vitest'
import { SharedAnswers } from '#app/core/shared-answers.server.ts'

describe('issue 17: answers that are the same for every visitor are kept for a short time', () => {
  it('kept for the configured time, then asked again', async () => {
    let now = 1_000
    let calls = 0
    const answers = new SharedAnswers<string>(
      30_000,
      () => true,
      () => now,
    )
    const load = async () => `answer ${++calls}`
    expect(await answers.get('en|cloudpayments', load)).toBe('answer 1')
    now += 29_999
    expect(await answers.get('en|cloudpayments', load)).toBe('answer 1')
    now += 1
    expect(await answers.get('en|cloudpayments', load)).toBe('answer 2')
    // Another key is another answer.
    expect(await answers.get('ru|cloudpayments', load)).toBe('answer 3')
  })

  it('visitors asking at the same moment share one call', async () => {
    let calls = 0
    let finish!: (v: string) => void
    const answers = new SharedAnswers<string>(30_000)
    const load = () => (calls++, new Promise<string>((r) => (finish = r)))
    const both = Promise.all([answers.get('de', load), answers.get('de', load)])
    finish('plans')
    expect(await both).toEqual(['plans', 'plans'])
    expect(calls).toBe(1)
  })

  it('an answer `keep` refuses (a failure) is not kept', async () => {
    let calls = 0
    const answers = new SharedAnswers<{ ok: boolean }>(30_000, (v) => v.ok)
    const failing = async () => (calls++, { ok: false })
    await answers.get('en', failing)
    await answers.get('en', failing)
    expect(calls).toBe(2)
  })

  it('a rejected call is not kept and is shared only while it runs', async () => {
    let calls = 0
    const answers = new SharedAnswers<string>(30_000)
    await expect(answers.get('en', async () => (calls++, Promise.reject(new Error('down'))))).rejects.toThrow('down')
    expect(await answers.get('en', async () => (calls++, 'back'))).toBe('back')
    expect(calls).toBe(2)
  })

  it('0 seconds: every visitor asks the backend', async () => {
    let calls = 0
    const answers = new SharedAnswers<string>(0)
    await answers.get('en', async () => `${++calls}`)
    expect(await answers.get('en', async () => `${++calls}`)).toBe('2')
  })

  it('holds at most its number of entries, the oldest leaving first', async () => {
    let calls = 0
    const answers = new SharedAnswers<number>(
      30_000,
      () => true,
      () => 0,
      2,
    )
    const load = async () => ++calls
    await answers.get('a', load)
    await answers.get('b', load)
    await answers.get('c', load)
    expect(await answers.get('b', load)).toBe(2)
    expect(await answers.get('a', load)).toBe(4)
  })
})
