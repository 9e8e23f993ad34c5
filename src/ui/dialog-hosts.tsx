import { lazy, Suspense } from 'react'
import { LightboxActor, ModalActor } from './ui-actors.tsx'

const ModalHost = lazy(() => import('./modal-host.tsx').then((module) => ({ default: module.ModalHost })))
const LightboxHost = lazy(() => import('./lightbox-host.tsx').then((module) => ({ default: module.LightboxHost })))

/**
 * The modal and the lightbox of the page (R3): their dialogs and texts load when the machine
 * first opens one, not with every page (decision 022). Closed, they render nothing.
 */
export function DialogHosts() {
  const modalShown = ModalActor.useSelector((s) => s.matches('standard') || s.matches('custom'))
  const lightboxShown = LightboxActor.useSelector((s) => s.matches('open'))
  return (
    <Suspense fallback={null}>
      {modalShown ? <ModalHost /> : null}
      {lightboxShown ? <LightboxHost /> : null}
    </Suspense>
  )
}
