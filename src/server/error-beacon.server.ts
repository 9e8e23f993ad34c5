/**
 * `POST /__errors` (issue 40, R10.15): what the browser's beacon (src/core/error-beacon.ts) sends,
 * checked at the edge and handed to the error hook with the page's route pattern (never its path,
 * which may hold a code). Answered 204 whether or not a hook is configured; 400 when the body is
 * not a report. Anyone can post here, so the pages' reports count in a window of their own: a
 * flood of made-up reports never uses up the server's 10 a minute (R10.15).
 */
import { type } from 'arktype'
import { FastResponse } from 'srvx'
import { ERROR_BEACON_PATH } from '#app/core/error-beacon.ts'
import { currentRequest } from '#app/core/request-facts.server.ts'
import { ERROR_REPORT_WINDOW_MS, ERROR_REPORTS_PER_WINDOW, ReportWindow, type Sending, sendErrorReport } from './error-report.server.ts'
import { routePattern } from './route-pattern.server.ts'

const BeaconReport = type({
  message: 'string <= 1000',
  stack: 'string <= 8000 | null',
  path: 'string <= 2000',
})

export function isErrorBeaconPath(pathname: string): boolean {
  return pathname === ERROR_BEACON_PATH
}

/** The pages' own window, apart from the server's errors'. */
const pagesWindow = new ReportWindow(ERROR_REPORTS_PER_WINDOW, ERROR_REPORT_WINDOW_MS)

export async function errorBeaconResponse(request: Request, sending: Sending = {}): Promise<Response> {
  let report: typeof BeaconReport.infer | null = null
  try {
    const parsed = BeaconReport(JSON.parse(await request.text()))
    if (!(parsed instanceof type.errors)) report = parsed
  } catch {}
  if (!report)
    return new FastResponse('Not an error report\n', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
  const path = report.path.startsWith('/') ? (report.path.split(/[?#]/)[0] ?? '/') : '/'
  sendErrorReport(
    { service: 'browser', message: report.message, stack: report.stack, requestId: currentRequest()?.id ?? null, route: routePattern(path) },
    { window: pagesWindow, ...sending },
  )
  return new FastResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } })
}
