/** A form posted without JavaScript, as its handler gets it, and a backend that answers as told. */
import { afterEach, beforeEach, vi } from 'vitest'
import type { Api } from '#app/api/client.ts'
import { ApiError } from '#app/api/errors.ts'
import type { ApiFactory, Posted } from '#app/core/form-answer.server.ts'
import type { Locale } from '#machines/rules/locale.ts'

/** 2026-11-27 15:00 UTC. */
export const AT = 1795791600000

/** Every test of the file runs with the date at AT (the sessions' expiries are counted from it). */
export function dateAt(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}

export function post(values: Record<string, string>, { locale = 'en', cookieHeader = null }: { locale?: Locale; cookieHeader?: string | null } = {}): Posted {
  return { values, locale, origin: 'https://skins.test', cookieHeader, crossOrigin: false, gpcHeader: null, host: 'skins.test' }
}

/** A live session (its token expires an hour after AT). */
export const SIGNED_IN = 'auth._token.local=livetoken-0123456789abcdef; auth._token_expiration.local=1795795200000'

/** The backend refusing with its own words. */
export const refusal = (message: string) => new ApiError('http', 422, message, { message })

/** The client with only the calls given; `tokens` lists the token of each client made. */
export function fakeApi(calls: Partial<Record<keyof Api, (...args: never[]) => Promise<unknown>>>): ApiFactory & { tokens: (string | null)[] } {
  const tokens: (string | null)[] = []
  const factory = (token: string | null = null) => {
    tokens.push(token)
    return calls as unknown as Api
  }
  return Object.assign(factory, { tokens })
}

export const answers = <T>(value: T) => vi.fn(async () => value)
export const fails = (error: unknown) =>
  vi.fn(async () => {
    throw error
  })
