import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { createLightboxMachine, createMenuMachine, createModalMachine } from '#machines/ui.ts'
import { actorContext } from './actor-context.tsx'

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
  return (
    <MenuActor.Provider>
      <ModalActor.Provider>
        <LightboxActor.Provider>
          <CloseMenuOnRouteChange />
          {children}
        </LightboxActor.Provider>
      </ModalActor.Provider>
    </MenuActor.Provider>
  )
}
