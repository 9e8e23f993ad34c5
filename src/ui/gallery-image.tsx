import { GALLERY_BIG, type GALLERY_ITEMS } from '#app/content/images.ts'

/**
 * A gallery skin at its big size; `sizes` says how wide it is shown. A picture in the first
 * screen is `priority` (fetched first); any other loads lazily.
 */
export function GalleryBigImage({
  item,
  sizes,
  alt,
  priority = false,
}: {
  item: (typeof GALLERY_ITEMS)[number]
  sizes: string
  alt: string
  priority?: boolean
}) {
  return (
    <img
      src={item.big}
      srcSet={item.srcSet}
      sizes={sizes}
      width={GALLERY_BIG.width}
      height={GALLERY_BIG.height}
      alt={alt}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      decoding="async"
    />
  )
}
