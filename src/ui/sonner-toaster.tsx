import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { CARRY_KEY, toasterMounted } from '#app/core/toast.ts'
import { m } from '#app/paraglide/messages.js'
import { CONSTANTS } from '#constants'
import { isToastRequest, show } from './toast-show.ts'

/** A toast carried from the last page (`notifyAcrossNavigation`) shows once, here. */
function showCarried(): void {
  let raw: string | null = null
  try {
    raw = sessionStorage.getItem(CARRY_KEY)
    sessionStorage.removeItem(CARRY_KEY)
  } catch {
    return
  }
  if (!raw) return
  try {
    const request: unknown = JSON.parse(raw)
    if (isToastRequest(request)) show(request)
  } catch {
    // Not a toast of ours.
  }
}

/** R9: bottom-right, 5000 ms, paused while hovered. Loaded with the first toast (see toaster.tsx). */
export default function SonnerToaster() {
  useEffect(() => {
    const unmount = toasterMounted(show)
    showCarried()
    return unmount
  }, [])
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
