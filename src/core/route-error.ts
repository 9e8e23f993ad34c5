import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { statusOf } from './http-error.ts'

/**
 * R8: a route-loading error answers with the error's status, or 500. Routes that load data
 * pass this as `onError`; the router alone would answer every loader error with 500.
 */
export const setErrorStatus = createIsomorphicFn()
  .server((error: unknown) => {
    setResponseStatus(statusOf(error))
  })
  .client((_error: unknown) => {})
