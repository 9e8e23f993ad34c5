import { type ReactNode, useEffect, useRef } from 'react'

/**
 * An accessible dialog: focus moves in and is trapped, Escape and the backdrop close it,
 * focus returns to what opened it. Rendered only while open.
 */
export function Dialog({
  label,
  onClose,
  children,
  className = '',
  closeOnBackdrop = true,
}: {
  label: string
  onClose: () => void
  children: ReactNode
  className?: string
  closeOnBackdrop?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const node = ref.current
    const focusables = () =>
      Array.from(
        node?.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      )
    ;(focusables()[0] ?? node)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onClose()
      } else if (event.key === 'Tab') {
        const items = focusables()
        if (items.length === 0) return event.preventDefault()
        const first = items[0]!
        const last = items[items.length - 1]!
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      opener?.focus?.()
    }
  }, [onClose])
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; the keyboard's way is Escape, handled by the dialog
    <div className="dialog-backdrop" onMouseDown={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <div ref={ref} role="dialog" aria-modal="true" aria-label={label} className={`dialog ${className}`} tabIndex={-1}>
        {children}
      </div>
    </div>
  )
}
