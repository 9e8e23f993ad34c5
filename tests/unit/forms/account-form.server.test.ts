/**
 * Decision 063: the account's forms posted without JavaScript run the account machine with the
 * server's effects; each answer is the redirect and flash the endpoint sends.
 */
import { describe, expect, it } from 'vitest'
import { accountForms } from '#app/features/account/account.form.server.ts'
import { answers, dateAt, fails, fakeApi, post, refusal, SIGNED_IN } from '../support/form-post.ts'

const USER = { email: 'new@example.com' }

dateAt()

describe("the account's forms without JavaScript", () => {
  it('without a session: the login page, the account remembered; nothing sent', async () => {
    const changeEmail = answers({ message: 'Sent.', user: USER })
    const answer = await accountForms['account-email']!(post({ _form: 'account-email', 'new-email': 'new@example.com' }), fakeApi({ changeEmail }))
    expect(changeEmail).not.toHaveBeenCalled()
    expect(answer).toEqual({ to: '/en/login?redirect=%2Fen%2Faccount' })
  })

  it("a new address: sent with the session's token, back to the account with the backend's notice", async () => {
    const changeEmail = answers({ message: 'A code went to new@example.com.', user: USER })
    const api = fakeApi({ changeEmail })
    const answer = await accountForms['account-email']!(
      post({ _form: 'account-email', 'new-email': 'new@example.com', locale: 'ru' }, { locale: 'ru', cookieHeader: SIGNED_IN }),
      api,
    )
    expect(api.tokens).toEqual(['livetoken-0123456789abcdef'])
    expect(changeEmail).toHaveBeenCalledWith({ email: 'new@example.com' })
    expect(answer).toEqual({ to: '/ru/account', flash: { form: 'account-email', notice: 'A code went to new@example.com.' } })
  })

  it("R5: a password typed twice differently gets the browser's message; no password is kept", async () => {
    const credentials = answers({ message: 'Set.', user: USER })
    const answer = await accountForms['account-password']!(
      post({ _form: 'account-password', password: 'long enough', 'password-confirm': 'long enougH' }, { cookieHeader: SIGNED_IN }),
      fakeApi({ credentials }),
    )
    expect(credentials).not.toHaveBeenCalled()
    expect(answer).toEqual({
      to: '/en/account',
      flash: { form: 'account-password', values: {}, errors: { 'password-confirm': 'Repeat the password does not match.' } },
    })
  })

  it('a password set: both fields sent, the notice', async () => {
    const credentials = answers({ message: 'Your launcher password is set.', user: USER })
    const answer = await accountForms['account-password']!(
      post({ _form: 'account-password', password: 'long enough', 'password-confirm': 'long enough' }, { cookieHeader: SIGNED_IN }),
      fakeApi({ credentials }),
    )
    expect(credentials).toHaveBeenCalledWith({ password: 'long enough', password_confirm: 'long enough' })
    expect(answer).toEqual({ to: '/en/account', flash: { form: 'account-password', notice: 'Your launcher password is set.' } })
  })

  it("the address's code refused: the words, the code kept", async () => {
    const confirmEmail = fails(refusal('The code is not right.'))
    const answer = await accountForms['account-email-code']!(
      post({ _form: 'account-email-code', code: '۱۲۳۴۵۶' }, { cookieHeader: SIGNED_IN }),
      fakeApi({ confirmEmail }),
    )
    expect(confirmEmail).toHaveBeenCalledWith('123456')
    expect(answer).toEqual({ to: '/en/account', flash: { form: 'account-email-code', values: { code: '۱۲۳۴۵۶' }, error: 'The code is not right.' } })
  })
})
