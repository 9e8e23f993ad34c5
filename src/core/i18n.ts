/**
 * Glue between Paraglide's runtime and our prefix-and-default routing.
 *
 * Server: the server entry runs every request inside Paraglide's AsyncLocalStorage with the
 * page locale and the prefix as typed (`''`, `/en`, `/ru`, `/de`). Browser: the locale never
 * changes without a document load, so it is the one the server wrote into `<html lang>`.
 */
import { baseLocale, defineCustomClientStrategy, getServerAsyncLocalStorage, type Locale } from '#app/paraglide/runtime.js'
import { isLocale } from '#machines/rules/locale.ts'
import { splitLocalePrefix } from './locale.ts'

export interface RequestLocaleStore {
  locale: Locale
  origin: string
  messageCalls: Set<string>
  /** The locale prefix exactly as the visitor typed it. */
  prefix: '' | `/${Locale}`
  /** The Content-Security-Policy nonce of this response (decision 021). */
  nonce?: string
}

let clientStrategyDefined = false
export function defineClientLocaleStrategy(): void {
  if (clientStrategyDefined || typeof document === 'undefined') return
  clientStrategyDefined = true
  defineCustomClientStrategy('custom-prefix', {
    getLocale: () => {
      const lang = document.documentElement.lang
      return isLocale(lang) ? lang : baseLocale
    },
    setLocale: () => {},
  })
}

/** The prefix links are written with, so that a page keeps the form it was opened in. */
export function currentPrefix(): '' | `/${Locale}` {
  if (typeof window !== 'undefined') return splitLocalePrefix(window.location.pathname).prefix
  const store = getServerAsyncLocalStorage()?.getStore() as RequestLocaleStore | undefined
  return store?.prefix ?? ''
}

/** The CSP nonce of the response being rendered (server); undefined in the browser. */
export function requestNonce(): string | undefined {
  if (typeof window !== 'undefined') return undefined
  const store = getServerAsyncLocalStorage()?.getStore() as RequestLocaleStore | undefined
  return store?.nonce
}
