/**
 * The browser's error beacon (issue 40, R10.15): an uncaught error or rejection in the page is
 * sent to the site (`POST /__errors`), which hands it to the error hook when one is configured
 * (src/server/error-beacon.server.ts) and drops it otherwise. At most 5 leave a page.
 */
export const ERROR_BEACON_PATH = '/__errors'
/** R10.15: reports one page sends at most. */
export const ERROR_BEACON_MAX_PER_PAGE = 5

interface BeaconWindow {
  addEventListener: Window['addEventListener']
  location: { pathname: string }
  navigator: { sendBeacon?: (url: string, data: Blob) => boolean }
}

export function installErrorBeacon(win: BeaconWindow = window): void {
  let sent = 0
  const send = (reason: unknown, fallback: string) => {
    if (sent >= ERROR_BEACON_MAX_PER_PAGE || !win.navigator.sendBeacon) return
    sent++
    const error = reason instanceof Error ? reason : null
    const body = JSON.stringify({
      message: (error?.message ?? (typeof reason === 'string' ? reason : fallback)).slice(0, 1000),
      stack: error?.stack?.slice(0, 8000) ?? null,
      path: win.location.pathname.slice(0, 2000),
    })
    win.navigator.sendBeacon(ERROR_BEACON_PATH, new Blob([body], { type: 'application/json' }))
  }
  win.addEventListener('error', (event) => send((event as ErrorEvent).error ?? (event as ErrorEvent).message, 'error'))
  win.addEventListener('unhandledrejection', (event) => send((event as PromiseRejectionEvent).reason, 'unhandled rejection'))
}
