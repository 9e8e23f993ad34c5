import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { actorContext } from '#app/core/actor-context.tsx'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { createLightboxMachine, createMenuMachine, createModalMachine } from '#machines/ui.ts'

/** One actor per page view for each piece of shared UI state (R3). */
export const MenuActor = actorContext(createMenuMachine)
export const ModalActor = actorContext(createModalMachine)
export const LightboxActor = actorContext(createLightboxMachine)

/** R2: the mobile menu closes on every route change. */
function CloseMenuOnRouteChange() {
  const router = useRouter()
  const menu = MenuActor.useActorRef()
  useEffect(() => router.subscribe('onBeforeNavigate', ({ toLocation }) => menu.send({ type: 'route.changed', path: toLocation.pathname })), [router, menu])
  return null
}

export function UiActors({ children }: { children: ReactNode }) {
  // The live view and the browser tests' machine log see these actors too (decisions 043, 097).
  const inspect = useMachineInspect()
  return (
    <MenuActor.Provider options={{ inspect }}>
      <ModalActor.Provider options={{ inspect }}>
        <LightboxActor.Provider options={{ inspect }}>
          <CloseMenuOnRouteChange />
          {children}
        </LightboxActor.Provider>
      </ModalActor.Provider>
    </MenuActor.Provider>
  )
}
