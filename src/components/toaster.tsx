import { Toaster as Sonner } from 'sonner'
import { CONSTANTS } from '../../app.config'
import { m } from '~/paraglide/messages'

/** Spec 9: bottom-right, 5000 ms, paused while hovered. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={CONSTANTS.toastDurationMs}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ closeButton: true }}
      containerAriaLabel={m.ui_toast_region()}
    />
  )
}
