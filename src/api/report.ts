import { isRefusal } from '#app/api/errors.ts'

/**
 * A failure as the browser console gets it. The backend refusing what the visitor asked (a used
 * link, a wrong code, a taken address) is a warning: the page answers it in words. Anything else —
 * no answer, a server error, a body of the wrong shape, a bug — is an error.
 */
export function reportFailure(scope: string, error: unknown, ...detail: unknown[]): void {
  if (isRefusal(error) || detail.some(isRefusal)) console.warn(scope, error, ...detail)
  else console.error(scope, error, ...detail)
}
