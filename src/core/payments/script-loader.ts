/**
 * Loads a provider's widget script once per URL with a plain `<script>` tag. Resolves when it
 * has loaded; rejects when it fails to load or does not load in time, so a missing script is
 * a payment failure rather than a hang. A failed load can be tried again.
 */

export const SCRIPT_TIMEOUT_MS = 15_000

export class ScriptLoadError extends Error {
  constructor(
    readonly url: string,
    readonly reason: 'error' | 'timeout',
  ) {
    super(reason === 'timeout' ? `The script ${url} did not load in time` : `The script ${url} could not be loaded`)
    this.name = 'ScriptLoadError'
  }
}

/** The part of `document` the loader uses (tests pass a fake). */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement
  head: Pick<HTMLElement, 'appendChild'>
}

const pending = new Map<string, Promise<void>>()

export function loadScript(url: string, options: { timeoutMs?: number; host?: ScriptHost } = {}): Promise<void> {
  const cached = pending.get(url)
  if (cached) return cached
  const host = options.host ?? (typeof document === 'undefined' ? null : (document as ScriptHost))
  if (!host) return Promise.reject(new ScriptLoadError(url, 'error'))
  const timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS
  const promise = new Promise<void>((resolve, reject) => {
    const script = host.createElement('script')
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = (error: ScriptLoadError | null) => {
      if (timer !== undefined) clearTimeout(timer)
      script.onload = null
      script.onerror = null
      if (!error) return resolve()
      // Forget the failure so that the next payment attempt loads the script again.
      pending.delete(url)
      script.remove?.()
      reject(error)
    }
    script.onload = () => settle(null)
    script.onerror = () => settle(new ScriptLoadError(url, 'error'))
    timer = setTimeout(() => settle(new ScriptLoadError(url, 'timeout')), timeoutMs)
    script.async = true
    script.src = url
    script.setAttribute('data-payment-widget', '')
    host.head.appendChild(script)
  })
  pending.set(url, promise)
  return promise
}

/** For tests: forget every loaded script. */
export function resetLoadedScripts(): void {
  pending.clear()
}
