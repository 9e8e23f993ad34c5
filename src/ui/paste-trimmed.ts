import type { ClipboardEvent } from 'react'

/**
 * R5.10: text pasted with spaces or a line break around it (a code copied from an e-mail) is pasted
 * without them, so a field's length limit never cuts off what was meant (" 493021 " is not
 * " 49302"). Where the input offers no selection to paste into (an e-mail field, which drops the
 * spaces itself), the browser pastes as usual.
 */
export function pasteTrimmed(e: ClipboardEvent<HTMLInputElement>) {
  const text = e.clipboardData.getData('text')
  const trimmed = text.trim()
  const el = e.currentTarget
  if (trimmed === text || el.selectionStart === null || el.selectionEnd === null) return
  e.preventDefault()
  el.setRangeText(trimmed, el.selectionStart, el.selectionEnd, 'end')
  el.dispatchEvent(new Event('input', { bubbles: true }))
}
