import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

/** An error that carries the HTTP status the error page and the response should show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    const s = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
    if (typeof s === 'number' && s >= 400 && s <= 599) return s
  }
  return 500
}

/**
 * R8: a route-loading error answers with the error's status, or 500. Routes that load data
 * pass this as `onError`; the router alone would answer every loader error with 500.
 */
export const setErrorStatus = createIsomorphicFn()
  .server((error: unknown) => {
    setResponseStatus(statusOf(error))
  })
  .client((_error: unknown) => {})
