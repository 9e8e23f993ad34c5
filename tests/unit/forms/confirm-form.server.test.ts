/**
 * Decision 063: the e-mail confirmation posted without JavaScript runs the confirmation machine
 * with the server's effects; each answer is the redirect, flash and cookies the endpoint sends.
 */
import { describe, expect, it } from 'vitest'
import { confirmForms } from '#app/features/account/confirm.form.server.ts'
import { answers, dateAt, fails, fakeApi, post, refusal, SIGNED_IN } from '../support/form-post.ts'

const confirm = confirmForms['confirm-email']!

const GRANT = { token: 'granted-token-0123456789', expires_in: 600 }
const SESSION_COOKIES = [
  'auth._token.local=Bearer%20granted-token-0123456789; Expires=Fri, 27 Nov 2026 15:10:00 GMT; Path=/; SameSite=Lax',
  'auth._token_expiration.local=1795792200000; Expires=Fri, 27 Nov 2026 15:10:00 GMT; Path=/; SameSite=Lax',
  'auth._refresh_token.local=; Max-Age=0; Path=/; SameSite=Lax',
  'auth._refresh_token_expiration.local=; Max-Age=0; Path=/; SameSite=Lax',
]
const VALID = { email: ' ann@example.com ', code: '٠١٢٣٤٥', password: 'a launcher secret' }

dateAt()

describe('the confirmation without JavaScript', () => {
  it('a guest: confirmed and signed in, then the root with the notice', async () => {
    const me = answers({ email: 'someone@example.com' })
    const confirmCall = answers(GRANT)
    const answer = await confirm(post({ ...VALID, locale: 'en' }), fakeApi({ confirm: confirmCall, me }))
    expect(confirmCall).toHaveBeenCalledWith({ email: 'ann@example.com', code: '012345', password: 'a launcher secret' })
    expect(me).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/en',
      cookies: SESSION_COOKIES,
      flash: { form: 'notice', notice: 'Your e-mail is confirmed and your launcher password is set.' },
    })
  })

  it("R5: every field checked with the browser's messages; the password is never kept", async () => {
    const confirmCall = answers(GRANT)
    const answer = await confirm(post({ email: 'nope', code: '12', password: 'short', locale: 'de' }, { locale: 'de' }), fakeApi({ confirm: confirmCall }))
    expect(confirmCall).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/de/confirm-email',
      flash: {
        form: 'confirm-email',
        values: { email: 'nope', code: '12' },
        errors: {
          email: 'E-Mail muss eine gültige E-Mail-Adresse sein.',
          code: 'Bestätigungscode muss genau 6 Zeichen lang sein.',
          password: 'Launcher-Passwort muss mindestens 8 Zeichen lang sein.',
        },
      },
    })
  })

  it('signed in as another account: told so, nothing sent', async () => {
    const me = answers({ email: 'bob@example.com' })
    const confirmCall = answers(GRANT)
    const api = fakeApi({ confirm: confirmCall, me })
    const answer = await confirm(post(VALID, { cookieHeader: SIGNED_IN }), api)
    expect(api.tokens).toEqual(['livetoken-0123456789abcdef'])
    expect(confirmCall).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/en/confirm-email',
      flash: {
        form: 'confirm-email',
        values: { email: 'ann@example.com', code: '٠١٢٣٤٥' },
        error: 'You are signed in as bob@example.com. To confirm ann@example.com, sign out of that account first.',
      },
    })
  })

  it('signed in as that same account (any case), or a session the backend does not name: confirmed', async () => {
    for (const me of [answers({ email: 'ANN@example.com' }), fails(refusal('Unauthenticated.'))]) {
      const confirmCall = answers(GRANT)
      const answer = await confirm(post(VALID, { cookieHeader: SIGNED_IN }), fakeApi({ confirm: confirmCall, me }))
      expect(me).toHaveBeenCalledTimes(1)
      expect(confirmCall).toHaveBeenCalledTimes(1)
      expect(answer.to).toBe('/en')
      expect(answer.cookies).toEqual(SESSION_COOKIES)
    }
  })

  it("the backend's refusal stays on the form, in its words", async () => {
    const answer = await confirm(post(VALID), fakeApi({ confirm: fails(refusal('The code has expired.')) }))
    expect(answer).toEqual({
      to: '/en/confirm-email',
      flash: { form: 'confirm-email', values: { email: 'ann@example.com', code: '٠١٢٣٤٥' }, error: 'The code has expired.' },
    })
  })
})
