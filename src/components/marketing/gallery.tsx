import { useState } from 'react'
import { m } from '~/paraglide/messages'
import { LightboxActor } from '~/components/ui-actors'
import { t } from './text'
import * as galleryText from '~/content/messages/gallery'
import { Icon } from './icons'

export const GALLERY_BIG = { width: 1280, height: 800 } as const
export const GALLERY_SMALL = { width: 320, height: 200 } as const

/** Spec 9: the premium monitor gallery, 16 big and 16 small images. */
export const GALLERY_ITEMS = Array.from({ length: 16 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0')
  return {
    id: i + 1,
    nameKey: `gallery_item_${i + 1}_name`,
    big: `/images/gallery/skin-${n}-big.webp`,
    small: `/images/gallery/skin-${n}-small.webp`,
  }
})

/**
 * A monitor showing the selected skin big, and the 16 thumbnails under it. A thumbnail or the
 * monitor opens the lightbox (spec 3: its name and url) through the shared LightboxActor.
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
            <img
              src={current.big}
              width={GALLERY_BIG.width}
              height={GALLERY_BIG.height}
              alt={m.mk_gallery_alt({ name: currentName })}
              loading="lazy"
              decoding="async"
              sizes="(max-width: 900px) 100vw, 760px"
            />
            <span className="monitor__zoom" aria-hidden="true"><Icon name="zoom" size={20} /></span>
          </button>
          <p className="monitor__caption" aria-live="polite">{currentName}</p>
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
