import { isValidElement, type ReactNode } from 'react'
import { m } from '~/paraglide/messages'
import { ModalActor } from './ui-actors'
import { Dialog } from './dialog'

export interface ModalContent {
  title: string
  body?: ReactNode
  /** Actions rendered in the footer; each receives a close function. */
  actions?: (close: () => void) => ReactNode
}

function isModalContent(value: unknown): value is ModalContent {
  return !!value && typeof value === 'object' && typeof (value as ModalContent).title === 'string'
}

/** Renders the modal machine's state: a standard modal with title, body and actions, or custom content. */
export function ModalHost() {
  const state = ModalActor.useSelector((s) => ({ standard: s.matches('standard'), custom: s.matches('custom'), content: s.context.content, options: s.context.options }))
  const modal = ModalActor.useActorRef()
  // A dismissal (Escape, the backdrop, ×) goes to whoever opened the modal, when it asked to know.
  const close = () => {
    const onDismiss = state.options.onDismiss
    if (typeof onDismiss === 'function') onDismiss()
    else modal.send({ type: 'modal.close' })
  }
  if (!state.standard && !state.custom) return null
  const closable = state.options.closable !== false
  if (state.custom) {
    return (
      <Dialog label={String(state.options.label ?? '')} onClose={close} closeOnBackdrop={closable} className="dialog--custom">
        {isValidElement(state.content) ? state.content : null}
      </Dialog>
    )
  }
  const content = isModalContent(state.content) ? state.content : { title: '' }
  return (
    <Dialog label={content.title} onClose={close} closeOnBackdrop={closable}>
      <div className="dialog__header">
        <h2 className="dialog__title">{content.title}</h2>
        <button type="button" className="icon-button" onClick={close} aria-label={m.ui_modal_close()}>×</button>
      </div>
      {content.body ? <div className="dialog__body">{content.body}</div> : null}
      {content.actions ? <div className="dialog__actions">{content.actions(close)}</div> : null}
    </Dialog>
  )
}
