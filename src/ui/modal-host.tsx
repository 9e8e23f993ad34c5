import { m } from '#app/paraglide/messages.js'
import type { ModalAnswer, ModalDialog } from '#machines/ui.ts'
import { Dialog } from './dialog.tsx'
import { ModalActor } from './ui-actors.tsx'

/** The texts of each dialog the modal machine can name (a dialog without texts does not compile). */
const DIALOGS: Record<ModalDialog, { title: () => string; body: () => string; confirm: () => string; dismiss: () => string }> = {
  'account.cancel': {
    title: () => m.acc_confirm_cancel_title(),
    body: () => m.acc_confirm_cancel_body(),
    confirm: () => m.acc_confirm_cancel_yes(),
    dismiss: () => m.acc_confirm_no(),
  },
  'account.reset': {
    title: () => m.acc_confirm_reset_title(),
    body: () => m.acc_confirm_reset_body(),
    confirm: () => m.acc_confirm_reset_yes(),
    dismiss: () => m.acc_confirm_no(),
  },
}

/**
 * Renders the modal machine's state (R3): the dialog its content names. Every way out — a
 * button, Escape, the backdrop, × — is an answer, which the machine passes to whoever opened it.
 */
export function ModalHost() {
  const state = ModalActor.useSelector((s) => ({ shown: s.matches('standard') || s.matches('custom'), content: s.context.content, options: s.context.options }))
  const modal = ModalActor.useActorRef()
  if (!state.shown || !state.content) return null
  const answer = (value: ModalAnswer) => modal.send({ type: 'modal.answer', answer: value })
  const texts = DIALOGS[state.content.dialog]
  return (
    <Dialog label={texts.title()} onClose={() => answer('dismiss')} closeOnBackdrop={state.options.closable !== false}>
      <div className="dialog__header">
        <h2 className="dialog__title">{texts.title()}</h2>
        <button type="button" className="icon-button" onClick={() => answer('dismiss')} aria-label={m.ui_modal_close()}>
          ×
        </button>
      </div>
      <div className="dialog__body">
        <p>{texts.body()}</p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={() => answer('dismiss')}>
          {texts.dismiss()}
        </button>
        <button type="button" className="button" onClick={() => answer('confirm')} data-testid="confirm-yes">
          {texts.confirm()}
        </button>
      </div>
    </Dialog>
  )
}
