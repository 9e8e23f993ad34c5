import { useEffect } from 'react'
import { whenIdle } from '#app/site/idle.ts'
import { useSite } from '#app/site/use-site.ts'

/**
 * R1, R4, R5: loads the configured tag manager, chat widget and analytics script once the
 * page is idle; remembers a landing address's full utm set in the `utm` cookie and, when a
 * client-id cookie is configured, the `_ga` client id in it (now, and again once a script has
 * loaded, since the analytics script sets `_ga`). Renders nothing. Safe to mount more than
 * once: each script is added once. Its code loads once the page is idle, not with the page.
 */
export function ExternalScripts() {
  const { config } = useSite()
  const { cookiesCrossOrigin, analyticsClientIdCookie, chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl } = config
  useEffect(() => {
    // The landing address as it is now: the visitor may follow a link before the code is here.
    const landing = window.location.search
    return whenIdle(
      () =>
        void import('./analytics.ts').then(({ rememberUtm, rememberClientId }) => {
          rememberUtm(cookiesCrossOrigin, landing)
          rememberClientId(analyticsClientIdCookie, cookiesCrossOrigin)
        }),
    )
  }, [cookiesCrossOrigin, analyticsClientIdCookie])
  useEffect(() => {
    let left = false
    let stop: (() => void) | undefined
    const cancelIdle = whenIdle(
      () =>
        void Promise.all([import('./load-external-scripts.ts'), import('./analytics.ts')]).then(([{ scheduleExternalScripts }, { rememberClientId }]) => {
          if (left) return
          stop = scheduleExternalScripts({ chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl }, () =>
            rememberClientId(analyticsClientIdCookie, cookiesCrossOrigin),
          )
        }),
    )
    return () => {
      left = true
      cancelIdle()
      stop?.()
    }
  }, [chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl, analyticsClientIdCookie, cookiesCrossOrigin])
  return null
}
