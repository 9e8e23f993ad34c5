import { useState } from 'react'
import { GALLERY_BIG, GALLERY_ITEMS, GALLERY_SMALL, MONITOR_SIZES } from '#app/content/images.ts'
import * as galleryText from '#app/content/messages/gallery.ts'
import { m } from '#app/paraglide/messages.js'
import { Icon } from '#app/ui/icons.tsx'
import { t } from '#app/ui/text.tsx'
import { LightboxActor } from '#app/ui/ui-actors.tsx'
import { GalleryBigImage } from './gallery-image.tsx'

export { GALLERY_BIG, GALLERY_ITEMS, GALLERY_SMALL, MONITOR_SIZES }

/**
 * A monitor showing the selected skin big, and the 16 thumbnails under it. A thumbnail or the
 * monitor opens the lightbox (R3: its name and url) through the shared LightboxActor.
 */
export function PremiumGallery() {
  const lightbox = LightboxActor.useActorRef()
  const [selected, setSelected] = useState(0)
  const current = GALLERY_ITEMS[selected] ?? GALLERY_ITEMS[0]!
  const open = (item: (typeof GALLERY_ITEMS)[number]) => lightbox.send({ type: 'lightbox.open', url: item.big, name: t(galleryText, item.nameKey) })
  const currentName = t(galleryText, current.nameKey)

  return (
    <div className="gallery" data-testid="gallery">
      <div className="monitor">
        <div className="monitor__screen">
          <button
            type="button"
            className="monitor__open"
            onClick={() => open(current)}
            aria-label={m.mk_gallery_open_named({ name: currentName })}
            data-testid="gallery-monitor"
          >
            <GalleryBigImage item={current} sizes={MONITOR_SIZES} alt={m.mk_gallery_alt({ name: currentName })} />
            <span className="monitor__zoom" aria-hidden="true">
              <Icon name="zoom" size={20} />
            </span>
          </button>
          <p className="monitor__caption" aria-live="polite">
            {currentName}
          </p>
        </div>
        <div className="monitor__stand" aria-hidden="true" />
      </div>
      <ul className="gallery__thumbs" aria-label={m.mk_gallery_thumbs_label()}>
        {GALLERY_ITEMS.map((item, index) => {
          const name = t(galleryText, item.nameKey)
          return (
            <li key={item.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === selected}
                aria-label={m.mk_gallery_open_named({ name })}
                onMouseEnter={() => setSelected(index)}
                onFocus={() => setSelected(index)}
                onClick={() => {
                  setSelected(index)
                  open(item)
                }}
                data-testid="gallery-thumb"
              >
                <img
                  src={item.small}
                  width={GALLERY_SMALL.width}
                  height={GALLERY_SMALL.height}
                  alt={m.mk_gallery_alt({ name })}
                  loading="lazy"
                  decoding="async"
                />
                <span className="gallery__thumb-name">{name}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
