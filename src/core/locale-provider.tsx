import { useLocation, useRouter } from '@tanstack/react-router'
import { type ReactNode, useMemo, useState } from 'react'
import { fromPromise, type InspectionEvent } from 'xstate'
import { reportFailure } from '#app/api/report.ts'
import { actorContext } from '#app/core/actor-context.tsx'
import { writeCookie } from '#app/core/cookies.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { combineInspectors, liveInspector, MachineInspect } from '#app/core/machine-inspect.ts'
import { notifyAcrossNavigation } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { createLocaleMachine, type LoadMessagesInput, type LoadValidationInput, type LocaleInput } from '#machines/locale.ts'
import { loadLanguageFiles } from './language-files.ts'
import { type DetectionInput, localeCookie, localeDetectionInput } from './locale.ts'

export const LocaleActor = actorContext(createLocaleMachine)

/**
 * The locale machine with the site's side effects (R2, R4): a language's file is its build
 * of the page's scripts (decision 064), fetched before the page of that language is loaded as
 * a new document; the validation messages are a file per language.
 *
 * The machine detects the locale itself (the rule the server's root redirect uses) from what
 * the page knows: the path as typed, the host's locale binding (from the server, in the site
 * context), and in the browser the cookie and `navigator.languages`. The server passes no
 * cookie or languages: there they have already acted through the root redirect (a page is only
 * rendered where they name its own locale), and the server never starts the actor. They are
 * kept out of the site context because a guest page is cached for every visitor of its host.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const site = useSite()
  const router = useRouter()
  const { publicHref } = useLocation()
  const crossOrigin = site.config.cookiesCrossOrigin
  const logic = useMemo(
    () =>
      createWithEffects(createLocaleMachine, () => ({
        actors: {
          loadMessages: fromPromise<unknown, LoadMessagesInput>(async ({ input }) => {
            await loadLanguageFiles(
              input.locale,
              router.state.matches.map((match) => String(match.routeId)),
            )
            return input.locale
          }),
          loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async ({ input }) => {
            // Loaded on demand: the rules and their schemas stay out of the page's first JavaScript.
            const { fetchValidationMessages, installValidationMessages } = await import('#app/core/validation-messages.ts')
            installValidationMessages(await fetchValidationMessages(input.locale))
            return input.locale
          }),
        },
        actions: {
          storeLocaleCookie: (_, params) => {
            writeCookie(localeCookie(params.locale, crossOrigin))
          },
          navigate: (_, params) => window.location.assign(params.to),
          // A language that failed is followed by a page in English: its toast goes along.
          toast: (_, params) => notifyAcrossNavigation(params),
          logError: (_, params) => reportFailure('locale:', params.error),
        },
      })),
    [crossOrigin, router],
  )
  const path = pathOf(publicHref)
  const input: LocaleInput = {
    ...localeDetectionInput({ pathname: path, ...visitorPreferences() }),
    ...site.localeHost,
    messageSet: site.brand,
    path,
  }
  const [inspect] = useState(siteInspector)
  return (
    <MachineInspect.Provider value={inspect}>
      <LocaleActor.Provider logic={logic} options={{ input, inspect }}>
        {children}
      </LocaleActor.Provider>
    </MachineInspect.Provider>
  )
}

/** `/ru/faq?x=1#a` -> `/ru/faq`. */
function pathOf(href: string): string {
  const end = href.search(/[?#]/u)
  return end === -1 ? href : href.slice(0, end)
}

/** The browser's cookie and languages; none on the server (see LocaleProvider). */
function visitorPreferences(): Pick<DetectionInput, 'cookieHeader' | 'browserLanguages'> {
  if (typeof document === 'undefined') return {}
  return { cookieHeader: document.cookie, browserLanguages: navigator.languages }
}

/**
 * Browser tests measure which states and transitions of the site's machines a visit really
 * took (decision 043): with the `machine-log` flag in localStorage, every machine actor below
 * this provider reports through XState's `inspect`, and each state or transition seen for the
 * first time is appended to `window.__machineLog`, kept in sessionStorage across the document
 * loads of a language change. Without the flag (every real visitor) nothing is recorded; with
 * it, nothing leaves the page.
 */
export const MACHINE_LOG_FLAG = 'machine-log'
export const MACHINE_LOG_STORAGE_KEY = 'machine-log:entries'

export interface MachineLogEntry {
  /** The machine's id (`locale`, `auth`, `payment`, ...). */
  machine: string
  /** State ids entered, e.g. `locale.loading.validation`. */
  states: string[]
  /** Transitions taken, keyed `<source state id> <event type>[index]` or `<source state id> always[index]`. */
  transitions: string[]
}

declare global {
  interface Window {
    __machineLog?: MachineLogEntry[]
  }
}

interface StateNodeLike {
  id: string
  parent?: StateNodeLike
  always?: readonly unknown[]
  transitions: Map<string, readonly unknown[]>
}
interface TransitionLike {
  source: StateNodeLike
  eventType: string
}

/** The transition's key, as the machine-path tests write it (tests/machines/harness.ts). */
function transitionKey(t: TransitionLike): string | null {
  const alwaysIndex = (t.source.always ?? []).indexOf(t)
  if (alwaysIndex >= 0) return `${t.source.id} always[${alwaysIndex}]`
  const index = (t.source.transitions.get(t.eventType) ?? []).indexOf(t)
  return index >= 0 ? `${t.source.id} ${t.eventType}[${index}]` : null
}

/**
 * What watches the site's machine actors: the browser tests' machine log (below), the live view
 * of the development server (decision 097), both, or, for every real visitor, nothing.
 */
function siteInspector(): ((event: InspectionEvent) => void) | undefined {
  return combineInspectors(machineLog(), liveInspector())
}

let recorder: ((event: InspectionEvent) => void) | undefined | null = null

/** One recorder per document (a second render of the provider must not start a second log). */
function machineLog(): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined') return undefined
  if (recorder === null) recorder = machineLogRecorder()
  return recorder
}

function machineLogRecorder(): ((event: InspectionEvent) => void) | undefined {
  let log: MachineLogEntry[]
  try {
    if (window.localStorage.getItem(MACHINE_LOG_FLAG) !== 'on') return undefined
    log = JSON.parse(window.sessionStorage.getItem(MACHINE_LOG_STORAGE_KEY) ?? '[]') as MachineLogEntry[]
  } catch {
    return undefined
  }
  window.__machineLog = log
  const seen = new Set(log.flatMap((e) => [...e.states.map((s) => `${e.machine}|${s}`), ...e.transitions.map((t) => `${e.machine}|${t}`)]))
  return (event) => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return
    if (event.actorRef.sessionId !== event.rootId) return
    const machine = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic
    if (!machine?.root || typeof machine.id !== 'string') return
    const states = new Set<string>()
    for (const node of (event.snapshot as { _nodes?: StateNodeLike[] })._nodes ?? []) if (node.parent) states.add(node.id)
    const transitions: string[] = []
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions as unknown as TransitionLike[]) {
        const key = transitionKey(t)
        if (key) transitions.push(key)
        // A transition taken from a state proves the state was entered, even a transient one.
        for (let node: StateNodeLike | undefined = t.source; node?.parent; node = node.parent) states.add(node.id)
      }
    }
    const fresh = (key: string) => !seen.has(`${machine.id}|${key}`) && Boolean(seen.add(`${machine.id}|${key}`))
    const entry: MachineLogEntry = { machine: machine.id, states: [...states].filter(fresh), transitions: transitions.filter(fresh) }
    if (entry.states.length === 0 && entry.transitions.length === 0) return
    log.push(entry)
    try {
      window.sessionStorage.setItem(MACHINE_LOG_STORAGE_KEY, JSON.stringify(log))
    } catch {
      // Storage full or refused: the in-page log still has it.
    }
  }
}
