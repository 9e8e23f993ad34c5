import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { m } from '#app/paraglide/messages.js'
import { CONSTANTS } from '#constants'
import { toasterMounted } from './toast.ts'

/** R9: bottom-right, 5000 ms, paused while hovered. Loaded after hydration (see toaster.tsx). */
export default function SonnerToaster() {
  useEffect(() => toasterMounted(), [])
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
