/**
 * The stories' backend: requests to `STORY_API` are answered in the page by the handlers a
 * story declares (`parameters.site.api`), so no story ever reaches a server. Installed before
 * any component module loads; other requests (Storybook's own) pass through.
 */
export const STORY_API = 'https://api.stories.invalid'

export interface ApiRequest {
  method: string
  /** The path after the locale prefix, e.g. `/users/auth`. */
  path: string
  locale: string
  query: URLSearchParams
  body: unknown
}

/** A handler answers a JSON body (status 200), a `Response`, or never (`hang()`). */
export type ApiHandler = (request: ApiRequest) => unknown | Promise<unknown>
/** Keys are `METHOD /path`, e.g. `GET /users/auth`. */
export type ApiHandlers = Record<string, ApiHandler>

let handlers: ApiHandlers = {}
export function setApiHandlers(next: ApiHandlers | undefined): void {
  handlers = next ?? {}
}

/** An answer that never comes: the request stays pending (a "loading" state). */
export function hang(): Promise<never> {
  return new Promise(() => {})
}
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const realFetch = globalThis.fetch.bind(globalThis)

async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(String(input), init)
  const url = new URL(request.url)
  const [, locale = '', ...rest] = url.pathname.split('/')
  const path = `/${rest.join('/')}`
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
  const key = `${request.method} ${path}`
  const handler = handlers[key]
  if (!handler) return json({ message: `No story handler for ${key}` }, 501)
  const result = await handler({ method: request.method, path, locale, query: url.searchParams, body: text ? JSON.parse(text) : null })
  return result instanceof Response ? result : json(result)
}

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input)
  return url.startsWith(STORY_API) ? answer(input, init) : realFetch(input, init)
}
