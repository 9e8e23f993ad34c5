import { m } from '#app/paraglide/messages.js'
import { Dialog } from './dialog.tsx'
import { LightboxActor } from './ui-actors.tsx'

/** The image lightbox (R3): the image by url, its name as caption; Escape or the button closes. */
export function LightboxHost() {
  const { open, url, name } = LightboxActor.useSelector((s) => ({ open: s.matches('open'), url: s.context.url, name: s.context.name }))
  const lightbox = LightboxActor.useActorRef()
  if (!open || !url) return null
  const close = () => lightbox.send({ type: 'lightbox.close' })
  return (
    <Dialog label={m.ui_lightbox_label()} onClose={close} className="dialog--lightbox">
      <figure className="lightbox" data-testid="lightbox">
        <img src={url} alt={name ?? ''} />
        <figcaption>{name}</figcaption>
      </figure>
      <button type="button" className="icon-button lightbox__close" onClick={close} aria-label={m.gallery_close()}>
        ×
      </button>
    </Dialog>
  )
}
