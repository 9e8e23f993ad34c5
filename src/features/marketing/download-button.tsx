import { useLocation } from '@tanstack/react-router'
import { type MouseEvent, type ReactNode, useRef, useState } from 'react'
import { AuthActor } from '#app/core/auth-actor.ts'
import { pushEcommerce } from '#app/core/data-layer.ts'
import { currencyForLocale, launcherProduct } from '#app/core/ecommerce.ts'
import { splitLocalePrefix } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Icon } from '#app/ui/icons.tsx'
import { GAME_VERSIONS } from '#constants'
import { selectAnalyticsToken } from '#machines/auth-selectors.ts'
import { type DownloadLink, downloadLink } from './download-link.ts'

/** The analytics sender loads when a download is near (a pointer, the keyboard, a click), not with the page. */
const loadSender = () => import('./analytics.ts')

/** The longest a download waits for its analytics call before it goes anyway. */
const ANALYTICS_WAIT_MS = 2500

/** How long the button says the download has started before it is a download button again. */
const STARTED_MS = 3000

/**
 * What the button says: its own words, "starting" while the click waits for its analytics call
 * (the site's part), "started" once the address is handed to the browser. A file answer does
 * not navigate and no page event tells when it came, so "starting" ends at the handover, not
 * at a guessed time after it (it stayed on after the file had come).
 */
type DownloadPhase = 'idle' | 'starting' | 'started'

/** Each phase's icon and words (`null`: the button's own words). */
const PHASE_FACE = {
  idle: { icon: 'windows', words: null },
  starting: { icon: 'download', words: m.mk_download_starting },
  started: { icon: 'check', words: m.mk_download_started },
} as const satisfies Record<DownloadPhase, { icon: string; words: (() => string) | null }>

/** R2: the download address for the selected game version (null: the generic link). */
export function useDownloadLink(versionId: number | null): DownloadLink {
  const site = useSite()
  const { publicHref } = useLocation()
  const { prefix } = splitLocalePrefix(new URL(publicHref, 'http://localhost').pathname)
  return downloadLink({ locale: getLocale(), prefix, versionId, config: site.config })
}

/** Waits for `promise`, but no longer than `ms`; never rejects. */
export function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve('timeout')
      },
    )
  })
}

/**
 * A plain link to the download (so it works without JavaScript and the server redirect runs).
 * With JavaScript, a click first pushes the e-commerce `add`, sends analytics at once, not
 * batched (R7: its failures are ignored, and it never holds the download longer than a moment),
 * then goes. The sender's code loads when a pointer or the keyboard reaches the button.
 */
export function DownloadButton({
  versionId,
  children,
  className = 'button button--lg',
  testId = 'download-link',
}: {
  versionId: number | null
  children: ReactNode
  className?: string
  testId?: string
}) {
  const site = useSite()
  const locale = getLocale()
  const auth = AuthActor.useActorRef()
  const link = useDownloadLink(versionId)
  const [phase, setPhase] = useState<DownloadPhase>('idle')
  const busy = phase === 'starting'
  const backToIdle = useRef<number | undefined>(undefined)
  const version = GAME_VERSIONS.find((v) => v.id === versionId) ?? GAME_VERSIONS[0]

  const track = async () => {
    pushEcommerce('add', { currencyCode: currencyForLocale(locale), products: [launcherProduct(site.product, version)] })
    const { collectAnalytics } = await loadSender()
    return collectAnalytics({
      apiBrowserBase: site.config.apiBrowserBase,
      locale,
      token: selectAnalyticsToken(auth.getSnapshot()),
      configuredCookie: site.config.analyticsClientIdCookie,
      crossOrigin: site.config.cookiesCrossOrigin,
      leaving: true,
    })
  }

  /** A pointer over the button or the keyboard on it: the analytics sender loads before the click. */
  const prepare = () => {
    void loadSender().then((analytics) => analytics.prepareAnalytics(site.config.apiBrowserBase, locale))
  }

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      void track()
      return
    }
    event.preventDefault()
    if (busy) return
    window.clearTimeout(backToIdle.current)
    setPhase('starting')
    await settleWithin(track(), ANALYTICS_WAIT_MS)
    window.location.assign(link.href)
    setPhase('started')
    backToIdle.current = window.setTimeout(() => setPhase('idle'), STARTED_MS)
  }

  return (
    <a
      href={link.href}
      className={className}
      onClick={onClick}
      onPointerEnter={prepare}
      onFocus={prepare}
      data-testid={testId}
      data-version={version.code}
      data-link-kind={link.kind}
      aria-busy={busy || undefined}
      rel={link.kind === 'internal' ? undefined : 'noopener'}
    >
      <Icon name={PHASE_FACE[phase].icon} size={20} />
      <span>{PHASE_FACE[phase].words?.() ?? children}</span>
    </a>
  )
}
