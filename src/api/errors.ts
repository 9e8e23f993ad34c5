/** The error every backend call fails with (R7, R8); its own module so that code which only
 * checks errors does not load the client and its schemas. */
export type ApiErrorKind = 'http' | 'network' | 'shape'

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The HTTP status; 500 for a response of the wrong shape, null when no response came. */
    readonly status: number | null,
    message: string,
    /** The response body, when there was one. */
    readonly data: unknown = null,
    /** What went wrong, for the logs (the message may be a text for visitors instead). */
    readonly detail: string = message,
  ) {
    super(message)
    this.name = 'ApiError'
  }
  /** The server's own message, when it sent one (R8: shown in toasts). */
  get serverMessage(): string | null {
    const m = (this.data as { message?: unknown } | null)?.message
    return typeof m === 'string' && m.trim() ? m : null
  }
}

/** The backend answered and refused what the visitor asked (a used link, a wrong code): the page says so itself. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status !== null && error.status >= 400 && error.status < 500
}
