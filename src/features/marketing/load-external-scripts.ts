/**
 * R1, R4: the tag manager container, the chat widget and the analytics script come from
 * external providers. They load after the page is idle (after `load`, then
 * `requestIdleCallback` with a timeout), never block rendering, are off when not configured,
 * and a provider that fails to load changes nothing: the error is logged as a warning and the
 * page goes on. Browser only.
 */
import { whenIdle } from '#app/core/idle.ts'
import type { PublicConfig } from '#constants'
import type { ConsentCategory, ConsentChoice } from '#machines/rules/consent.ts'

export interface ExternalScript {
  id: string
  /** The consent it needs. */
  category: ConsentCategory
  src: string
  /** Runs just before the script is added (the tag manager's `dataLayer` start entry). */
  before?: () => void
}

export type ExternalScriptsConfig = Pick<PublicConfig, 'chatScriptUrl' | 'analyticsScriptUrl' | 'gtmId' | 'gtmScriptUrl'>

/** The container script's address: `GTM_SCRIPT_URL` with `?id=GTM_ID` (other query parameters kept). */
export function gtmScriptSrc(scriptUrl: string, id: string): string {
  const url = new URL(scriptUrl)
  url.searchParams.set('id', id)
  return url.toString()
}

type DataLayerWindow = { dataLayer?: Record<string, unknown>[] }

/** The tag manager's own start entry, as its standard snippet pushes it. */
export function startTagManager(w: DataLayerWindow = window as unknown as DataLayerWindow, now: number = Date.now()): void {
  w.dataLayer ??= []
  w.dataLayer.push({ 'gtm.start': now, event: 'gtm.js' })
}

/**
 * The configured scripts the visitor allows (R9.23), in load order; an unset address (or tag
 * manager id) is off.
 */
export function configuredScripts(config: Partial<ExternalScriptsConfig>, choice: ConsentChoice): ExternalScript[] {
  const scripts: ExternalScript[] = []
  if (config.gtmId && config.gtmScriptUrl) {
    scripts.push({ id: 'ext-gtm', category: 'marketing', src: gtmScriptSrc(config.gtmScriptUrl, config.gtmId), before: () => startTagManager() })
  }
  if (config.analyticsScriptUrl) scripts.push({ id: 'ext-analytics', category: 'analytics', src: config.analyticsScriptUrl })
  if (config.chatScriptUrl) scripts.push({ id: 'ext-chat', category: 'chat', src: config.chatScriptUrl })
  return scripts.filter((script) => choice[script.category])
}

/** Adds one async script once; resolves on load, rejects on error. */
export function loadScript(script: ExternalScript): Promise<void> {
  const existing = document.getElementById(script.id) as HTMLScriptElement | null
  if (existing) {
    if (existing.dataset.state === 'loaded') return Promise.resolve()
    if (existing.dataset.state === 'failed') return Promise.reject(new Error(`${script.src} failed to load`))
  }
  return new Promise((resolve, reject) => {
    const el = existing ?? document.createElement('script')
    el.addEventListener(
      'load',
      () => {
        el.dataset.state = 'loaded'
        resolve()
      },
      { once: true },
    )
    el.addEventListener(
      'error',
      () => {
        el.dataset.state = 'failed'
        reject(new Error(`${script.src} failed to load`))
      },
      { once: true },
    )
    if (!existing) {
      script.before?.()
      el.id = script.id
      el.async = true
      el.src = script.src
      el.dataset.state = 'loading'
      document.body.appendChild(el)
    }
  })
}

/**
 * Loads every configured script the visitor allows when idle; failures are logged only. `onLoaded` runs after each
 * script that loaded (the analytics script sets its cookies then). Returns a cancel function.
 */
export function scheduleExternalScripts(
  config: Partial<ExternalScriptsConfig>,
  choice: ConsentChoice,
  onLoaded?: (script: ExternalScript) => void,
): () => void {
  const scripts = configuredScripts(config, choice)
  if (!scripts.length) return () => {}
  return whenIdle(() => {
    for (const script of scripts) {
      loadScript(script).then(
        () => onLoaded?.(script),
        (error: unknown) => console.warn('external script:', error instanceof Error ? error.message : error),
      )
    }
  })
}
