import { useEffect } from 'react'
import { useSite } from '#app/site/use-site.ts'
import { rememberClientId, rememberUtm } from './analytics.ts'
import { scheduleExternalScripts } from './load-external-scripts.ts'

/**
 * R1, R4, R5: loads the configured tag manager, chat widget and analytics script once the
 * page is idle; remembers a landing address's full utm set in the `utm` cookie and, when a
 * client-id cookie is configured, the `_ga` client id in it (now, and again once a script has
 * loaded, since the analytics script sets `_ga`). Renders nothing. Safe to mount more than
 * once: each script is added once.
 */
export function ExternalScripts() {
  const { config } = useSite()
  const { cookiesCrossOrigin, analyticsClientIdCookie, chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl } = config
  useEffect(() => {
    rememberUtm(cookiesCrossOrigin)
    rememberClientId(analyticsClientIdCookie, cookiesCrossOrigin)
  }, [cookiesCrossOrigin, analyticsClientIdCookie])
  useEffect(
    () =>
      scheduleExternalScripts({ chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl }, () => rememberClientId(analyticsClientIdCookie, cookiesCrossOrigin)),
    [chatScriptUrl, analyticsScriptUrl, gtmId, gtmScriptUrl, analyticsClientIdCookie, cookiesCrossOrigin],
  )
  return null
}
