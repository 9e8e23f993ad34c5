/**
 * R9.24: the cookie banner without JavaScript. The posted button runs the same consent machine
 * the page runs, with server-side effects: its choice becomes the cookie, what it withdraws is
 * deleted, and the visitor goes back to the page they were on.
 */

import { createActor } from 'xstate'
import { consentCookie, consentOf, cookieNames, expiredCookies } from '#app/core/cookies.ts'
import { type ChoiceParams, type ConsentEvent, createConsentMachine } from '#machines/consent.ts'
import { CONSENT_CATEGORIES, sendsGpc, withdrawn } from '#machines/rules/consent.ts'
import { cookiesToDelete } from '#machines/rules/cookie-list.ts'

export interface ConsentPost {
  values: Record<string, string>
  cookieHeader: string | null
  gpcHeader: string | null
  host: string
  crossOrigin: boolean
  clientIdCookie: string | null
  now: number
}

/** The events the posted form stands for: its button, and for "Save" its switches. */
export function consentEvents(values: Record<string, string>): ConsentEvent[] {
  if (values.choice === 'all') return [{ type: 'consent.acceptAll' }]
  if (values.choice === 'none') return [{ type: 'consent.rejectAll' }]
  if (values.choice !== 'custom') return []
  return [
    { type: 'consent.reopen' },
    { type: 'consent.settings' },
    ...CONSENT_CATEGORIES.map((category) => ({ type: 'consent.toggle' as const, category, on: values[category] === 'on' })),
    { type: 'consent.save' },
  ]
}

/** The `Set-Cookie` values of a posted choice: the choice, and the deletion of what it withdraws. */
export function answerConsent(post: ConsentPost): string[] {
  const cookies: string[] = []
  const machine = createConsentMachine({
    actions: {
      store: (_, { choice }) => {
        cookies.push(consentCookie(choice, post.now, post.crossOrigin))
      },
      apply: (_, { previous, choice }: ChoiceParams) => {
        for (const name of cookiesToDelete(cookieNames(post.cookieHeader), withdrawn(previous, choice), post.clientIdCookie)) {
          cookies.push(...expiredCookies(name, post.host))
        }
      },
    },
  })
  const actor = createActor(machine, { input: { stored: consentOf(post.cookieHeader), gpc: sendsGpc(post.gpcHeader) } }).start()
  for (const event of consentEvents(post.values)) actor.send(event)
  actor.stop()
  return cookies
}
