import { createContext, useContext } from 'react'
import type { InspectionEvent, Observer } from 'xstate'

type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

/**
 * An optional inspector handed to the actors that components create themselves. The locale
 * provider provides the site's (`siteInspector` there): the browser tests' machine log, the live
 * view, both or neither; Storybook's flow pages provide their own, to show a machine's live state.
 */
export const MachineInspect = createContext<Inspector | undefined>(undefined)

export function useMachineInspect(): Inspector | undefined {
  return useContext(MachineInspect)
}

/** One inspector that hands each event to every one given; none when none is given. */
export function combineInspectors(...inspectors: Array<((event: InspectionEvent) => void) | undefined>): ((event: InspectionEvent) => void) | undefined {
  const present = inspectors.filter((inspector) => inspector !== undefined)
  if (present.length <= 1) return present[0]
  return (event) => {
    for (const inspector of present) inspector(event)
  }
}

let live: ((event: InspectionEvent) => void) | undefined | null = null

/**
 * The live view (decision 097): under the development server started with `INSPECT=1`, the
 * page's machine actors are shown in Stately's inspector, in a window of its own, while the site
 * is used. Nothing anywhere else: one per document, none on the server.
 */
export function liveInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined') return undefined
  if (live === null) live = startLiveInspector()
  return live
}

function startLiveInspector(): ((event: InspectionEvent) => void) | undefined {
  // Only the development server defines the inspector's address (vite.config.ts), and a build is
  // never DEV: in a production bundle this whole branch, and the import with it, is dead code.
  if (import.meta.env.DEV && import.meta.env.LIVE_INSPECTOR_URL) {
    const url: string = import.meta.env.LIVE_INSPECTOR_URL
    // The page's actors start before the inspector has loaded: their first events wait for it.
    const waiting: InspectionEvent[] = []
    let forward: ((event: InspectionEvent) => void) | undefined
    import('@statelyai/inspect').then(
      ({ createBrowserInspector }) => {
        const inspector = createBrowserInspector({ url, serialize: plainData })
        if (inspector.adapter.targetWindow === null) {
          console.warn(`Live view: the browser did not open the inspector (${url}). Allow pop-ups for this site, then reload the page.`)
        }
        forward = (event) => inspector.inspect.next?.(event)
        for (const event of waiting.splice(0)) forward(event)
      },
      (error: unknown) => {
        forward = () => {}
        waiting.length = 0
        console.error('Live view: the inspector did not load.', error)
      },
    )
    return (event) => {
      if (forward) forward(event)
      else waiting.push(event)
    }
  }
  return undefined
}

/**
 * What is posted to the inspector's window: plain data, every property kept. The inspector's
 * own serialisation keeps only the first ten properties of an object whole (an object past the
 * tenth becomes `[...]`): it cut the chosen plan out of the payment machine's context, which has
 * twenty. Functions are left out, a cycle is named, an error keeps its name and message.
 */
function plainData<T>(value: T): T {
  const ancestors: unknown[] = []
  const json = JSON.stringify(value, function (this: unknown, _key, item: unknown) {
    if (typeof item === 'function') return undefined
    if (typeof item === 'bigint') return String(item)
    if (typeof item !== 'object' || item === null) return item
    if (item instanceof Error) return { name: item.name, message: item.message }
    // The objects still open above this one: the holder of this property is the last of them.
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop()
    if (ancestors.includes(item)) return '[Circular]'
    ancestors.push(item)
    return item
  })
  return JSON.parse(json) as T
}
