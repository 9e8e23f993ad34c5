/**
 * Decision 063: the sign-in's steps posted without JavaScript run the sign-in machine with the
 * server's effects; each answer is the redirect, flash and cookies the form's endpoint sends.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '#app/api/errors.ts'
import { signInForms } from '#app/features/account/sign-in.form.server.ts'
import { answers, dateAt, fails, fakeApi, post, refusal } from '../support/form-post.ts'

const emailStep = signInForms['sign-in-email']!
const codeStep = signInForms['sign-in-code']!

const GRANT = { token: 'granted-token-0123456789', expires_in: 3600, refresh_token: 'refresh-token-0123456789', refresh_expires_in: 86400 }
const SESSION_COOKIES = [
  'auth._token.local=Bearer%20granted-token-0123456789; Expires=Sat, 28 Nov 2026 15:00:00 GMT; Path=/; SameSite=Lax',
  'auth._token_expiration.local=1795795200000; Expires=Sat, 28 Nov 2026 15:00:00 GMT; Path=/; SameSite=Lax',
  'auth._refresh_token.local=refresh-token-0123456789; Expires=Sat, 28 Nov 2026 15:00:00 GMT; Path=/; SameSite=Lax',
  'auth._refresh_token_expiration.local=1795878000000; Expires=Sat, 28 Nov 2026 15:00:00 GMT; Path=/; SameSite=Lax',
]

dateAt()

describe('the e-mail step', () => {
  it('a valid address: the code is asked for, then the code step with the notice and when another code may be asked for', async () => {
    const requestSignIn = answers({ message: 'A code is on its way to ann@example.com.', resend_in: 45 })
    const api = fakeApi({ requestSignIn })
    const answer = await emailStep(
      post({ email: '  ann@example.com ', redirect: '/en/premium', locale: 'en' }, { cookieHeader: 'referrer_link_code=friend-42' }),
      api,
    )
    expect(requestSignIn).toHaveBeenCalledWith({ email: 'ann@example.com', redirect: '/en/premium', referrer_link_code: 'friend-42' })
    expect(answer).toEqual({
      to: '/en/login?redirect=%2Fen%2Fpremium',
      flash: { form: 'sign-in-code', values: { email: 'ann@example.com' }, notice: 'A code is on its way to ann@example.com.', resendAt: 1795791645000 },
    })
  })

  it('a target of another site is not remembered; the wait defaults to 30 s', async () => {
    const requestSignIn = answers({ message: 'Sent.' })
    const answer = await emailStep(post({ email: 'ann@example.com', redirect: 'https://evil.test/' }), fakeApi({ requestSignIn }))
    expect(requestSignIn).toHaveBeenCalledWith({ email: 'ann@example.com' })
    expect(answer).toEqual({ to: '/en/login', flash: { form: 'sign-in-code', values: { email: 'ann@example.com' }, notice: 'Sent.', resendAt: 1795791630000 } })
  })

  it.each([
    ['en', 'keine-adresse', 'E-mail must be a valid e-mail address.'],
    ['de', 'keine-adresse', 'E-Mail muss eine gültige E-Mail-Adresse sein.'],
    ['en', '   ', 'E-mail is required.'],
  ] as const)('R5 (%s): "%s" is refused with the browser\'s message, kept, and nothing is sent', async (locale, email, message) => {
    const requestSignIn = answers({ message: 'Sent.' })
    const answer = await emailStep(post({ email, locale }, { locale }), fakeApi({ requestSignIn }))
    expect(requestSignIn).not.toHaveBeenCalled()
    expect(answer).toEqual({ to: `/${locale}/login`, flash: { form: 'sign-in-email', values: { email: email.trim() }, errors: { email: message } } })
  })

  it("the backend's refusal stays on the e-mail step, in its words", async () => {
    const answer = await emailStep(post({ email: 'ann@example.com' }), fakeApi({ requestSignIn: fails(refusal('Too many codes asked for.')) }))
    expect(answer).toEqual({ to: '/en/login', flash: { form: 'sign-in-email', values: { email: 'ann@example.com' }, error: 'Too many codes asked for.' } })
  })

  it('no answer from the backend: the plain sentence', async () => {
    const answer = await emailStep(post({ email: 'ann@example.com' }), fakeApi({ requestSignIn: fails(new ApiError('network', null, 'fetch failed')) }))
    expect(answer).toEqual({
      to: '/en/login',
      flash: { form: 'sign-in-email', values: { email: 'ann@example.com' }, error: 'Something went wrong. Please try again in a moment.' },
    })
  })
})

describe('the code step', () => {
  it('the right code: the session cookies, then the remembered target', async () => {
    const verify = answers(GRANT)
    const api = fakeApi({ verify })
    const answer = await codeStep(post({ email: 'ann@example.com', code: ' ١٢٣٤٥٦ ', redirect: '/en/premium' }), api)
    expect(verify).toHaveBeenCalledWith({ email: 'ann@example.com', code: '123456' })
    expect(api.tokens).toEqual([null])
    expect(answer).toEqual({ to: '/en/premium', cookies: SESSION_COOKIES })
  })

  it('the right code without a target: the root', async () => {
    const answer = await codeStep(post({ email: 'ann@example.com', code: '123456', locale: 'ru' }, { locale: 'ru' }), fakeApi({ verify: answers(GRANT) }))
    expect(answer).toEqual({ to: '/ru', cookies: SESSION_COOKIES })
  })

  it("a wrong code: the backend's words, the code kept", async () => {
    const answer = await codeStep(
      post({ email: 'ann@example.com', code: '654321', redirect: '/en/premium' }),
      fakeApi({ verify: fails(refusal('The code is not right.')) }),
    )
    expect(answer).toEqual({
      to: '/en/login?redirect=%2Fen%2Fpremium',
      flash: { form: 'sign-in-code', values: { email: 'ann@example.com', code: '654321' }, error: 'The code is not right.' },
    })
  })

  it("R5: a code that is not six digits gets the browser's message and is not sent", async () => {
    const verify = answers(GRANT)
    const answer = await codeStep(post({ email: 'ann@example.com', code: '12ab' }), fakeApi({ verify }))
    expect(verify).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/en/login',
      flash: { form: 'sign-in-code', values: { email: 'ann@example.com', code: '12ab' }, errors: { code: 'Code from the e-mail may only contain digits.' } },
    })
  })

  it('"send again": another code, the step with the new notice and wait', async () => {
    const requestSignIn = answers({ message: 'Another code is on its way.', resend_in: 60 })
    const verify = answers(GRANT)
    const answer = await codeStep(post({ email: 'ann@example.com', code: '', _action: 'resend', redirect: '/en/premium' }), fakeApi({ requestSignIn, verify }))
    expect(requestSignIn).toHaveBeenCalledWith({ email: 'ann@example.com', redirect: '/en/premium' })
    expect(verify).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/en/login?redirect=%2Fen%2Fpremium',
      flash: { form: 'sign-in-code', values: { email: 'ann@example.com' }, notice: 'Another code is on its way.', resendAt: 1795791660000 },
    })
  })

  it('"send again" refused: the code step with the words', async () => {
    const answer = await codeStep(post({ email: 'ann@example.com', _action: 'resend' }), fakeApi({ requestSignIn: fails(refusal('Wait a little.')) }))
    expect(answer).toEqual({ to: '/en/login', flash: { form: 'sign-in-code', values: { email: 'ann@example.com' }, error: 'Wait a little.' } })
  })

  it('"another address": back to the e-mail step with the address, nothing sent', async () => {
    const requestSignIn = answers({ message: 'Sent.' })
    const verify = answers(GRANT)
    const answer = await codeStep(post({ email: ' ann@example.com', code: '123', _action: 'change-email' }), fakeApi({ requestSignIn, verify }))
    expect(requestSignIn).not.toHaveBeenCalled()
    expect(verify).not.toHaveBeenCalled()
    expect(answer).toEqual({ to: '/en/login', flash: { form: 'sign-in-email', values: { email: 'ann@example.com' } } })
  })
})
