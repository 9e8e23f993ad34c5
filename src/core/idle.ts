/** Work that waits for the page: after the document has loaded, at the browser's first idle moment. */

import { CONSTANTS } from '#constants'

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number
  cancelIdleCallback?: (id: number) => void
}

/** Runs `fn` once the document has loaded and the browser is idle (or `timeoutMs` passed). */
export function whenIdle(fn: () => void, timeoutMs: number = CONSTANTS.prefetchIdleTimeoutMs): () => void {
  const w = window as IdleWindow
  let cancelled = false
  let idleId: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const run = () => {
    if (cancelled) return
    if (w.requestIdleCallback) idleId = w.requestIdleCallback(() => !cancelled && fn(), { timeout: timeoutMs })
    else timer = setTimeout(() => !cancelled && fn(), Math.min(timeoutMs, 200))
  }
  const onLoad = () => run()
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', onLoad, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', onLoad)
    if (idleId !== null) w.cancelIdleCallback?.(idleId)
    if (timer !== null) clearTimeout(timer)
  }
}
