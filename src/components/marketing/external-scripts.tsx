import { useEffect } from 'react'
import { useSite } from '~/lib/use-site'
import { scheduleExternalScripts } from '~/integrations/external-scripts'
import { rememberUtm } from '~/integrations/analytics'

/**
 * Spec 1, 5: loads the configured chat widget and analytics script once the page is idle, and
 * remembers a landing address's full utm set in the `utm` cookie. Renders nothing. Safe to
 * mount more than once: each script is added once.
 */
export function ExternalScripts() {
  const { config } = useSite()
  useEffect(() => {
    rememberUtm(config.cookiesCrossOrigin)
  }, [config.cookiesCrossOrigin])
  useEffect(
    () => scheduleExternalScripts({ chatScriptUrl: config.chatScriptUrl, analyticsScriptUrl: config.analyticsScriptUrl }),
    [config.chatScriptUrl, config.analyticsScriptUrl],
  )
  return null
}
