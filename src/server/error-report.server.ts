/**
 * The error hook (issue 40, R10.15): with `ERROR_REPORT_URL` set, every uncaught error of the
 * site's server (a render that failed with 500, a stray rejection, an uncaught exception) and every
 * error the browser's beacon sends (`POST /__errors`) is posted there as JSON: service, message,
 * stack, request id, release (the build's id), page pattern, time. At most 10 reports leave a
 * process per 60 s; the rest are counted, dropped, and said once in the log.
 */
import { serverLog } from '#app/core/log.server.ts'
import { loadConfig } from '#config'
import { BUILD_ID } from './build.server.ts'

/** R10.15: reports a process may send in one window, and the window. */
export const ERROR_REPORTS_PER_WINDOW = 10
export const ERROR_REPORT_WINDOW_MS = 60_000
/** How long a report may take to be taken: it never holds anything up. */
const POST_TIMEOUT_MS = 2_000

export interface ErrorReport {
  service: 'site' | 'browser'
  message: string
  stack: string | null
  requestId: string | null
  release: string
  route: string | null
  time: string
}

/** A fixed window: `limit` reports per `windowMs`, then none until the window turns. */
export class ReportWindow {
  #start = Number.NEGATIVE_INFINITY
  #sent = 0
  dropped = 0
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Whether a report may leave at `now`; a refused one is counted. */
  take(now: number): boolean {
    if (now - this.#start >= this.windowMs) {
      this.#start = now
      this.#sent = 0
    }
    if (this.#sent < this.limit) {
      this.#sent++
      return true
    }
    this.dropped++
    return false
  }
}

/** The process's window: every report of the process counts against it. */
const processWindow = new ReportWindow(ERROR_REPORTS_PER_WINDOW, ERROR_REPORT_WINDOW_MS)

export interface Sending {
  url?: string | null
  now?: number
  window?: ReportWindow
}

/** Posts a report when the hook is on and the window lets it; never throws, never waits. */
export function sendErrorReport(report: Omit<ErrorReport, 'release' | 'time'>, sending: Sending = {}): boolean {
  const { url = loadConfig().errorReportUrl, now = Date.now(), window = processWindow } = sending
  if (!url) return false
  if (!window.take(now)) {
    if (window.dropped === 1 || window.dropped % 100 === 0) serverLog().warn({ dropped: window.dropped }, 'error reports over the limit are dropped')
    return false
  }
  const body: ErrorReport = { ...report, release: BUILD_ID, time: new Date(now).toISOString() }
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  }).then(
    (response) => response.body?.cancel(),
    (error) => serverLog().warn({ err: error }, 'error report not delivered'),
  )
  return true
}

/** An uncaught error of the site's server. */
export function reportServerError(error: unknown, where: { requestId: string | null; route: string | null }, sending?: Sending): boolean {
  const message = error instanceof Error ? error.message : String(error)
  const stack = error instanceof Error ? (error.stack ?? null) : null
  return sendErrorReport({ service: 'site', message, stack, ...where }, sending)
}
