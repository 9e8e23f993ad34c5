/**
 * A machine started without one of the site's implementations fails loudly, naming the actor the
 * site forgot to provide, instead of waiting for an answer that never comes.
 */
import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor } from 'xstate'
import { accountMachine } from '#machines/account.ts'
import { authMachine } from '#machines/auth.ts'
import { cardMachine } from '#machines/card.ts'
import { fieldMachine } from '#machines/field.ts'
import { joinMachine } from '#machines/join.ts'
import { localeMachine } from '#machines/locale.ts'
import { paymentMachine } from '#machines/payment.ts'
import { requestMachine } from '#machines/request.ts'
import { confirmMachine, signInMachine } from '#machines/sign-in.ts'

const cases: [string, AnyStateMachine, string][] = [
  ['auth', authMachine, 'verifyCode'],
  ['auth', authMachine, 'signInByLink'],
  ['auth', authMachine, 'confirmEmail'],
  ['auth', authMachine, 'verifyCallback'],
  ['auth', authMachine, 'fetchUser'],
  ['auth', authMachine, 'refreshToken'],
  ['locale', localeMachine, 'loadMessages'],
  ['locale', localeMachine, 'loadValidationMessages'],
  ['payment', paymentMachine, 'createPayment'],
  ['payment', paymentMachine, 'loadWidgetScript'],
  ['payment', paymentMachine, 'runWidget'],
  ['payment', paymentMachine, 'checkPayment'],
  ['payment', paymentMachine, 'wait'],
  ['payment', paymentMachine, 'refreshUser'],
  ['payment', paymentMachine, 'readStoredState'],
  ['field', fieldMachine, 'validate'],
  ['sign-in', signInMachine, 'requestCode'],
  ['sign-in', signInMachine, 'verifyCode'],
  ['confirm', confirmMachine, 'confirm'],
  ['account', accountMachine, 'cancelSubscription'],
  ['account', accountMachine, 'resumeRenewal'],
  ['account', accountMachine, 'resetDevice'],
  ['account', accountMachine, 'changeEmail'],
  ['account', accountMachine, 'confirmEmailCode'],
  ['account', accountMachine, 'changePassword'],
  ['card', cardMachine, 'createCardCheck'],
  ['card', cardMachine, 'loadWidgetScript'],
  ['card', cardMachine, 'runWidget'],
  ['card', cardMachine, 'checkCard'],
  ['card', cardMachine, 'wait'],
  ['card', cardMachine, 'loadCard'],
  ['join', joinMachine, 'registerReferrer'],
  ['request', requestMachine, 'run'],
]

const PREFIX: Record<string, string> = { 'sign-in': 'sign-in', confirm: 'confirm' }

describe('an actor the site did not provide', () => {
  it.each(cases.map(([name, machine, src]) => ({ name, machine, src })))('$name: $src fails, naming itself', async ({ name, machine, src }) => {
    const logic = (machine.implementations.actors as Record<string, unknown>)[src]!
    const actor = createActor(logic as never, { input: {} as never })
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }))
    actor.start()
    expect(String(((await failed) as Error).message)).toBe(`${PREFIX[name] ?? name}: actor "${src}" not provided`)
  })
})
