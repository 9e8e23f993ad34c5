import type { Logger } from './log.ts'

/**
 * Reports of uncaught errors to ERROR_REPORT_URL: the 500s of request handlers and the process's
 * `uncaughtException` / `unhandledRejection`, each POSTed as one JSON object, fire-and-forget.
 */

/**
 * At most 10 reports in any 60 s, per process: an error that repeats on every request sends 10 reports
 * a minute, not one per request. Reports over the limit are counted (`dropped`) and not sent.
 */
export const REPORT_LIMIT = { reports: 10, windowMs: 60_000 } as const

/** A report waits at most 2 s for the receiver, then gives up. */
export const REPORT_TIMEOUT_MS = 2_000

export interface ErrorReport {
  service: 'backend'
  message: string
  stack: string | null
  requestId: string | null
  /** BUILD_ID, or null. */
  release: string | null
  /** The matched route pattern (`/:locale/users/me`), or null outside a request. */
  route: string | null
  /** When it happened, ISO 8601. */
  time: string
}

export class ErrorReporter {
  /** Reports not sent because of REPORT_LIMIT. */
  dropped = 0
  /** When the reports of the last window were sent. */
  private sentAt: number[] = []
  private dropping = false

  constructor(
    private readonly url: string | null,
    private readonly release: string | null,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Sends a report of err when a URL is set and the limit allows. Never waits for the caller and never
   * throws: the promise says whether a report was sent, once the receiver answered or 2 s passed.
   */
  report(err: unknown, where: { requestId?: string | null; route?: string | null } = {}): Promise<boolean> {
    if (this.url === null) return Promise.resolve(false)
    const now = this.now()
    this.sentAt = this.sentAt.filter((at) => now - at < REPORT_LIMIT.windowMs)
    if (this.sentAt.length >= REPORT_LIMIT.reports) {
      this.dropped++
      if (!this.dropping) {
        this.dropping = true
        this.log.warn({ limit: REPORT_LIMIT.reports, windowMs: REPORT_LIMIT.windowMs }, 'too many error reports: dropping them until the window frees up')
      }
      return Promise.resolve(false)
    }
    this.dropping = false
    this.sentAt.push(now)
    const report: ErrorReport = {
      service: 'backend',
      message: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? (err.stack ?? null) : null,
      requestId: where.requestId ?? null,
      release: this.release,
      route: where.route ?? null,
      time: new Date(now).toISOString(),
    }
    return fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    }).then(
      async (res) => {
        await res.body?.cancel()
        if (!res.ok) this.log.warn({ status: res.status }, 'the error report receiver refused a report')
        return true
      },
      (failure: unknown) => {
        this.log.warn({ err: failure }, 'an error report could not be delivered')
        return true
      },
    )
  }
}

/**
 * What the process does with an error nothing caught: an uncaught exception leaves the process in an
 * unknown state, so it is logged, reported, and the process exits (1) once the report went out (at most
 * 2 s); a rejected promise nobody awaited is logged and reported, and the backend keeps serving.
 */
export function processErrorHandlers(reporter: ErrorReporter, log: Logger, exit: (code: number) => void) {
  return {
    uncaughtException(err: unknown): void {
      log.fatal({ err }, 'uncaught exception: exiting')
      void reporter.report(err).finally(() => exit(1))
    },
    unhandledRejection(reason: unknown): void {
      log.error({ err: reason }, 'unhandled promise rejection')
      void reporter.report(reason)
    },
  }
}
