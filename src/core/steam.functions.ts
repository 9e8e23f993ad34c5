/**
 * R2, R7, R10.6: the login callback of "Sign in with Steam", finished by the site's server: the
 * answer is taken only when it came back to the browser that started the sign-in (its state
 * cookie, HttpOnly, is read and used up here), and then handed to the backend (GET /users/auth with
 * the query as it came). The grant goes back to the page's auth machine, which stores the session.
 */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader, getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import { type } from 'arktype'
import type { TokenGrant } from '#app/api/schemas.ts'
import { m } from '#app/paraglide/messages.js'
import { loadConfig } from '#config'
import { LOCALES } from '#machines/rules/locale.ts'
import { pageApi } from './session.server.ts'
import { takeOpenIdState } from './steam.server.ts'

/** An OpenID answer has about a dozen fields; anything far larger is not one. */
const Params = type({ '[string]': 'string <= 2000' }).narrow((params, ctx) => Object.keys(params).length <= 40 || ctx.mustBe('at most 40 fields'))
const Callback = type({ locale: type.enumerated(...LOCALES), params: Params })

export type SteamSettled = { grant: TokenGrant } | { error: string }

export const finishSteamSignIn = createServerFn({ method: 'POST' })
  .validator(Callback)
  .handler(async ({ data }): Promise<SteamSettled> => {
    setResponseHeader('cache-control', 'no-store')
    const state = takeOpenIdState(getRequestHeader('cookie') ?? null, data.params, loadConfig().cookiesCrossOrigin)
    appendResponseHeader('set-cookie', state.clear)
    if (!state.ours) return { error: m.acc_steam_unverified({}, { locale: data.locale }) }
    try {
      const api = pageApi(data.locale, () => m.acc_login_unreachable({}, { locale: data.locale }))
      return { grant: await api(null).authCallback(data.params) }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
