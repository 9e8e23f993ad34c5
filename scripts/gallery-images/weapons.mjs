/**
 * The weapons of the marketing artwork: side-view silhouettes, the generated finishes that fill
 * them, and the 16 skins of the premium gallery, each a silhouette with a finish in three colours.
 */
// --- silhouettes (side view, 1000 × 420 box) -----------------------------------------------
const SHAPES = {
  rifle:
    'M40 176 L210 150 L262 150 L262 206 L206 218 L62 256 Z M250 140 L330 140 L330 124 L352 124 L352 140 L618 140 L640 158 L640 216 L250 216 Z M616 160 L862 160 L862 198 L616 198 Z M860 170 L968 170 L968 184 L860 184 Z M430 214 L504 214 L540 322 L476 336 Z M326 214 L382 214 L364 304 L316 298 Z',
  sniper:
    'M36 186 L232 160 L232 232 L58 266 Z M222 166 L566 166 L566 216 L222 216 Z M560 178 L984 178 L984 192 L560 192 Z M300 104 L528 104 Q540 120 528 136 L300 136 Q288 120 300 104 Z M340 136 L360 136 L360 166 L340 166 Z M470 136 L490 136 L490 166 L470 166 Z M384 214 L436 214 L436 274 L384 274 Z M262 214 L304 214 L292 292 L250 286 Z',
  pistol:
    'M250 150 L770 150 L770 212 L250 212 Z M770 164 L812 164 L812 198 L770 198 Z M280 210 L712 210 L712 238 L446 238 Z M296 228 L424 228 L446 384 L330 394 L288 250 Z M426 238 Q474 306 524 238 L506 238 Q474 282 444 238 Z',
  smg: 'M200 150 L700 150 L722 172 L722 222 L200 222 Z M76 172 L202 164 L202 208 L88 218 Z M720 180 L826 180 L826 196 L720 196 Z M420 220 L472 220 L472 352 L420 352 Z M298 220 L352 220 L336 312 L288 306 Z',
  shotgun:
    'M36 188 L232 160 L232 222 L58 268 Z M220 160 L486 160 L486 216 L220 216 Z M480 164 L966 164 L966 186 L480 186 Z M556 188 L770 188 L770 218 L556 218 Z M270 214 L312 214 L300 282 L258 276 Z',
  knife: 'M120 230 L470 230 L470 286 L140 286 Q110 258 120 230 Z M470 216 L500 216 L500 300 L470 300 Z M500 230 L880 230 Q960 240 980 262 Q900 292 500 286 Z',
}

// --- finishes ---------------------------------------------------------------------------------
export function pattern(id, kind, [a, b, c]) {
  switch (kind) {
    case 'stripes':
      return `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="36" height="36" fill="${a}"/><rect width="12" height="36" fill="${b}"/><rect x="24" width="4" height="36" fill="${c}"/></pattern>`
    case 'hex':
      return `<pattern id="${id}" width="42" height="24" patternUnits="userSpaceOnUse"><rect width="42" height="24" fill="${a}"/><path d="M0 12 L7 0 H21 L28 12 L21 24 H7 Z" fill="${b}" stroke="${c}" stroke-width="2"/><path d="M28 12 H42" stroke="${c}" stroke-width="2"/></pattern>`
    case 'waves':
      return `<pattern id="${id}" width="80" height="28" patternUnits="userSpaceOnUse"><rect width="80" height="28" fill="${a}"/><path d="M0 14 Q20 0 40 14 T80 14" fill="none" stroke="${b}" stroke-width="7"/><path d="M0 24 Q20 10 40 24 T80 24" fill="none" stroke="${c}" stroke-width="3"/></pattern>`
    case 'topo':
      return `<pattern id="${id}" width="120" height="120" patternUnits="userSpaceOnUse"><rect width="120" height="120" fill="${a}"/>${[14, 28, 42, 56]
        .map((r, i) => `<ellipse cx="60" cy="60" rx="${r + 6}" ry="${r}" fill="none" stroke="${i % 2 ? c : b}" stroke-width="3"/>`)
        .join('')}</pattern>`
    case 'circles':
      return `<pattern id="${id}" width="56" height="56" patternUnits="userSpaceOnUse"><rect width="56" height="56" fill="${a}"/><circle cx="14" cy="14" r="10" fill="${b}"/><circle cx="42" cy="42" r="7" fill="${c}"/><circle cx="44" cy="12" r="3" fill="${c}"/></pattern>`
    case 'pixels':
      return `<pattern id="${id}" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${a}"/><rect width="16" height="16" fill="${b}"/><rect x="32" y="16" width="16" height="16" fill="${c}"/><rect x="16" y="32" width="16" height="16" fill="${b}"/></pattern>`
    case 'circuit':
      return `<pattern id="${id}" width="64" height="64" patternUnits="userSpaceOnUse"><rect width="64" height="64" fill="${a}"/><path d="M0 16 H24 V40 H64 M32 0 V12 H52 V64" fill="none" stroke="${b}" stroke-width="4"/><circle cx="24" cy="40" r="5" fill="${c}"/><circle cx="52" cy="12" r="5" fill="${c}"/></pattern>`
    case 'chevrons':
      return `<pattern id="${id}" width="48" height="32" patternUnits="userSpaceOnUse"><rect width="48" height="32" fill="${a}"/><path d="M0 24 L24 8 L48 24" fill="none" stroke="${b}" stroke-width="8"/><path d="M0 32 L24 16 L48 32" fill="none" stroke="${c}" stroke-width="3"/></pattern>`
    case 'dots':
      return `<pattern id="${id}" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="${a}"/><circle cx="5" cy="6" r="3" fill="${b}"/><circle cx="15" cy="15" r="2" fill="${c}"/></pattern>`
    case 'grid':
      return `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${a}"/><path d="M0 0 H40 M0 0 V40" stroke="${b}" stroke-width="6"/><path d="M20 20 H40" stroke="${c}" stroke-width="3"/></pattern>`
    case 'radial':
      return `<pattern id="${id}" width="90" height="90" patternUnits="userSpaceOnUse"><rect width="90" height="90" fill="${a}"/>${[0, 30, 60, 90, 120, 150]
        .map((deg) => `<path d="M45 45 L90 ${45 + 20 * Math.sin(0.2)} L90 60 Z" fill="${deg % 60 ? c : b}" transform="rotate(${deg * 2} 45 45)"/>`)
        .join('')}</pattern>`
    case 'feathers':
      return `<pattern id="${id}" width="60" height="40" patternUnits="userSpaceOnUse"><rect width="60" height="40" fill="${a}"/><path d="M0 40 Q15 5 30 40 Q45 5 60 40" fill="${b}"/><path d="M15 40 Q22 18 30 40" fill="${c}"/></pattern>`
    default:
      return `<pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${a}"/></pattern>`
  }
}

/** Gallery order follows messages gallery_item_1…16_name. */
export const SKINS = [
  { shape: 'rifle', kind: 'stripes', colors: ['#8a4b24', '#c8733a', '#f0b26b'] },
  { shape: 'rifle', kind: 'hex', colors: ['#cfe8f5', '#8fc3e0', '#3c7fa8'] },
  { shape: 'rifle', kind: 'waves', colors: ['#0f3d4f', '#2a9d8f', '#9be3d6'] },
  { shape: 'sniper', kind: 'topo', colors: ['#a7b59a', '#eef1e6', '#5e6e52'] },
  { shape: 'pistol', kind: 'circles', colors: ['#5a4a1c', '#d4a83c', '#7fae5a'] },
  { shape: 'pistol', kind: 'pixels', colors: ['#15315c', '#3f7fd8', '#9fd0ff'] },
  { shape: 'pistol', kind: 'topo', colors: ['#4a4f45', '#8b927a', '#c9c1a0'] },
  { shape: 'pistol', kind: 'circuit', colors: ['#4c3c6e', '#b79ce8', '#f1e4ff'] },
  { shape: 'smg', kind: 'stripes', colors: ['#2e4a2a', '#6f9a4a', '#c6e08a'] },
  { shape: 'rifle', kind: 'topo', colors: ['#6b2e1a', '#c0582e', '#e8a070'] },
  { shape: 'rifle', kind: 'dots', colors: ['#b99a66', '#e6cf9c', '#6e5634'] },
  { shape: 'sniper', kind: 'chevrons', colors: ['#1b2a4a', '#d64545', '#f4f1ea'] },
  { shape: 'smg', kind: 'dots', colors: ['#f28c28', '#ffd23f', '#fff3b0'] },
  { shape: 'pistol', kind: 'grid', colors: ['#7a4a06', '#f5a524', '#ffe0a0'] },
  { shape: 'smg', kind: 'radial', colors: ['#3b1740', '#a23b72', '#e07a9f'] },
  { shape: 'shotgun', kind: 'feathers', colors: ['#3b4450', '#71808f', '#c5ced8'] },
]

export function weapon(skin, id, { x = 0, y = 0, scale = 1 } = {}) {
  return `<defs>${pattern(id, skin.kind, skin.colors)}
    <linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient></defs>
  <g transform="translate(${x} ${y}) scale(${scale})">
    <path d="${SHAPES[skin.shape]}" fill="#000" opacity=".45" transform="translate(10 18)" filter="url(#blur)"/>
    <path d="${SHAPES[skin.shape]}" fill="url(#${id})" stroke="#0b0f14" stroke-width="5" stroke-linejoin="round"/>
    <path d="${SHAPES[skin.shape]}" fill="url(#${id}-shade)"/>
  </g>`
}
