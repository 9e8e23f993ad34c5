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
