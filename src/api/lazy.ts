/**
 * The browser's API client, loaded with its first call: ofetch, the response schemas and the
 * validation library they need stay out of the pages' first JavaScript and out of the main
 * thread until a visitor does something that talks to the backend (decision 022).
 */
import type { Api, ApiOptions } from './client.ts'

type Method = Exclude<keyof Api, 'locale'>

/** Every call of the client; the type check fails when the client gains one not listed here. */
const METHODS = [
  'requestSignIn',
  'verify',
  'signInByCode',
  'authCallback',
  'refresh',
  'me',
  'logout',
  'logoutEverywhere',
  'confirm',
  'credentials',
  'confirmEmail',
  'changeEmail',
  'registerReferrer',
  'subscriptions',
  'cancelSubscription',
  'resumeSubscription',
  'payment',
  'payments',
  'receipt',
  'renewalCard',
  'replaceCard',
  'specialOffer',
  'createPayment',
  'resetDevice',
  'collectAnalytics',
] as const satisfies readonly Method[]
type Missing = Exclude<Method, (typeof METHODS)[number]>
const complete: [Missing] extends [never] ? true : Missing = true

export function lazyApi(options: ApiOptions, load: () => Promise<typeof import('./client.ts')> = () => import('./client.ts')): Api {
  void complete
  let client: Promise<Api> | null = null
  const api = () =>
    (client ??= load().then(
      ({ createApi }) => createApi(options),
      (error: unknown) => {
        // A chunk that failed to load (offline, a deploy in between) is tried again next time.
        client = null
        throw error
      },
    ))
  const calls = Object.fromEntries(
    METHODS.map((name) => [name, (...args: unknown[]) => api().then((a) => (a[name] as (...x: unknown[]) => Promise<unknown>)(...args))]),
  )
  return { locale: options.locale, ...calls } as Api
}
