import { createContext, useContext } from 'react'
import type { InspectionEvent, Observer } from 'xstate'

type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

/**
 * An optional inspector handed to the actors that components create themselves. The site
 * never provides one; Storybook's flow pages do, to show a machine's live state.
 */
export const MachineInspect = createContext<Inspector | undefined>(undefined)

export function useMachineInspect(): Inspector | undefined {
  return useContext(MachineInspect)
}
