import { type ReactElement, useId } from 'react'
import type { Locale } from '#machines/rules/locale.ts'

export type FlagSize = 'small' | 'normal' | 'big'

/** R5: small, normal or big (default normal); width in px, height is two thirds of it. */
export const FLAG_WIDTH: Record<FlagSize, number> = { small: 18, normal: 24, big: 36 }

function Gb() {
  const clip = `flag-gb-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <svg viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice" width="100%" height="100%" aria-hidden="true">
      <clipPath id={clip}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <path d="M0 0v30h60V0z" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clip})`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  )
}
/** A flag of three horizontal stripes, top to bottom. */
function Stripes({ colors }: { colors: readonly [string, string, string] }) {
  return (
    <svg viewBox="0 0 3 3" preserveAspectRatio="none" width="100%" height="100%" aria-hidden="true">
      {colors.map((fill, i) => (
        <path key={fill} fill={fill} d={`M0 ${i}h3v1H0z`} />
      ))}
    </svg>
  )
}
const Ru = () => <Stripes colors={['#fff', '#0039A6', '#D52B1E']} />
const De = () => <Stripes colors={['#000', '#DD0000', '#FFCE00']} />

const FLAGS: Record<Locale, () => ReactElement> = { en: Gb, ru: Ru, de: De }
const COUNTRY: Record<Locale, string> = { en: 'GB', ru: 'RU', de: 'DE' }

/**
 * The flag of a site language (GB, RU, DE) as inline SVG, so it looks the same on every system
 * (emoji flags do not render on Windows). Decorative: the language name is written next to it.
 */
export function CountryFlag({ locale, size = 'normal' }: { locale: Locale; size?: FlagSize }) {
  const Flag = FLAGS[locale]
  const width = FLAG_WIDTH[size]
  return (
    <span
      className={`country-flag country-flag--${size}`}
      style={{ width, height: Math.round((width * 2) / 3) }}
      data-country={COUNTRY[locale]}
      aria-hidden="true"
    >
      <Flag />
    </span>
  )
}
