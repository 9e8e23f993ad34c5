/**
 * The scenes of the marketing artwork as SVG: a launcher-like screen per gallery skin, the home hero
 * and the 5 promo slides, with bars where words would be.
 */
import { pattern, SKINS, weapon } from './weapons.mjs'

const FONTLESS_BAR = (x, y, w, h = 12, color = '#2a3444', r = 6) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${color}"/>`

/** A launcher-like monitor screen with one weapon (1280 × 800). */
export function galleryScene(skin, index) {
  const accent = skin.colors[1]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <defs>
    <filter id="blur"><feGaussianBlur stdDeviation="10"/></filter>
    <radialGradient id="spot" cx=".5" cy=".48" r=".6"><stop offset="0" stop-color="${accent}" stop-opacity=".42"/><stop offset=".55" stop-color="#141b26" stop-opacity=".9"/><stop offset="1" stop-color="#0a0e13"/></radialGradient>
    <pattern id="floor" width="64" height="64" patternUnits="userSpaceOnUse"><path d="M64 0 H0 V64" fill="none" stroke="#ffffff" stroke-opacity=".05"/></pattern>
  </defs>
  <rect width="1280" height="800" fill="#0a0e13"/>
  <rect width="1280" height="800" fill="url(#spot)"/>
  <rect width="1280" height="800" fill="url(#floor)"/>
  <rect x="0" y="0" width="1280" height="56" fill="#0d1117" opacity=".85"/>
  <circle cx="32" cy="28" r="7" fill="#f5a524"/>${FONTLESS_BAR(52, 22, 120, 12, '#3a4658')}
  ${FONTLESS_BAR(980, 20, 120, 16, '#1f2733', 8)}${FONTLESS_BAR(1116, 18, 140, 20, '#f5a524', 10)}
  ${weapon(skin, `s${index}`, { x: 150, y: 170, scale: 0.98 })}
  <rect x="0" y="700" width="1280" height="100" fill="#0d1117" opacity=".9"/>
  <rect x="48" y="732" width="8" height="36" rx="4" fill="${accent}"/>${FONTLESS_BAR(72, 734, 260, 14, '#d9e0ea')}${FONTLESS_BAR(72, 756, 160, 10, '#55637a')}
  ${skin.colors.map((c, i) => `<circle cx="${1080 + i * 44}" cy="750" r="14" fill="${c}" stroke="#0b0f14" stroke-width="3"/>`).join('')}
</svg>`
}

function windowChrome(width, height, inner, { sidebar = true } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><filter id="blur"><feGaussianBlur stdDeviation="8"/></filter>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a2230"/><stop offset="1" stop-color="#0c1016"/></linearGradient>
  <radialGradient id="glow" cx=".8" cy=".1" r=".8"><stop offset="0" stop-color="#f5a524" stop-opacity=".25"/><stop offset="1" stop-color="#f5a524" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <rect x="0" y="0" width="${width}" height="44" fill="#0d1117"/>
  <circle cx="24" cy="22" r="6" fill="#ff6b6b"/><circle cx="44" cy="22" r="6" fill="#f5a524"/><circle cx="64" cy="22" r="6" fill="#3ddc97"/>
  ${FONTLESS_BAR(96, 16, 110, 12, '#2f3a4b')}
  ${sidebar ? `<rect x="0" y="44" width="76" height="${height - 44}" fill="#0f141c"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="20" y="${76 + i * 60}" width="36" height="36" rx="10" fill="${i === 0 ? '#f5a524' : '#1f2835'}"/>`).join('')}` : ''}
  ${inner}
</svg>`
}

function card(x, y, w, h, content, { active = false } = {}) {
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#151c27" stroke="${active ? '#f5a524' : '#263041'}" stroke-width="${active ? 3 : 1.5}"/>${content}</g>`
}

function catalogueGrid(x0, y0, cols, rows, cw, ch, gap, skins, activeIndex = 1) {
  let out = ''
  let k = 0
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const skin = skins[k % skins.length]
      const x = x0 + c * (cw + gap)
      const y = y0 + r * (ch + gap)
      const s = (cw - 24) / 1000
      out += card(
        x,
        y,
        cw,
        ch,
        `${weapon(skin, `g${x0}-${k}`, { x: x + 12, y: y + 6, scale: s })}${FONTLESS_BAR(x + 14, y + ch - 28, cw * 0.55, 10, '#3a4658', 5)}`,
        { active: k === activeIndex },
      )
      k++
    }
  }
  return out
}

const rifles = SKINS.filter((s) => s.shape === 'rifle' || s.shape === 'sniper')

export function heroScene() {
  const w = 960
  const h = 640
  const preview = card(
    100,
    64,
    560,
    300,
    `${weapon(SKINS[0], 'hero-main', { x: 120, y: 96, scale: 0.52 })}${FONTLESS_BAR(124, 320, 200, 14, '#d9e0ea')}${FONTLESS_BAR(520, 314, 120, 30, '#f5a524', 10)}`,
    { active: true },
  )
  const side = [SKINS[1], SKINS[4], SKINS[8]]
    .map((s, i) =>
      card(
        680,
        64 + i * 102,
        252,
        90,
        `${weapon(s, `hero-side-${i}`, { x: 690, y: 64 + i * 102 + 2, scale: 0.2 })}${FONTLESS_BAR(890, 64 + i * 102 + 36, 28, 16, s.colors[1], 8)}`,
      ),
    )
    .join('')
  const grid = catalogueGrid(100, 384, 5, 2, 152, 108, 12, SKINS.slice(2), -1)
  return windowChrome(w, h, preview + side + grid)
}

export function slide1() {
  return windowChrome(
    1200,
    675,
    `${FONTLESS_BAR(108, 70, 240, 18, '#d9e0ea', 9)}${FONTLESS_BAR(900, 64, 260, 32, '#1f2835', 16)}${catalogueGrid(108, 120, 4, 3, 250, 160, 16, rifles, 2)}`,
  )
}

function glove(x, y, colors, id) {
  return `<defs>${pattern(id, 'hex', colors)}</defs><g transform="translate(${x} ${y})">
    <rect x="40" y="150" width="130" height="120" rx="24" fill="url(#${id})" stroke="#0b0f14" stroke-width="5"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${44 + i * 32}" y="${40 + Math.abs(1.5 - i) * 18}" width="28" height="${130 - Math.abs(1.5 - i) * 18}" rx="14" fill="url(#${id})" stroke="#0b0f14" stroke-width="5"/>`).join('')}
    <rect x="150" y="150" width="30" height="90" rx="15" transform="rotate(-35 165 195)" fill="url(#${id})" stroke="#0b0f14" stroke-width="5"/>
    <rect x="40" y="250" width="130" height="40" rx="10" fill="#1b2430" stroke="#0b0f14" stroke-width="5"/></g>`
}

export function slide2() {
  const knife = card(
    108,
    80,
    620,
    300,
    weapon({ shape: 'knife', kind: 'waves', colors: ['#1d3b53', '#5fb0d8', '#e0f4ff'] }, 'knife-main', { x: 120, y: 60, scale: 0.6 }),
    { active: true },
  )
  const gloves = card(748, 80, 400, 300, glove(840, 70, ['#2e4a2a', '#c8733a', '#f0b26b'], 'glove-main'))
  const knives = [
    ['#5a4a1c', '#d4a83c', '#7fae5a'],
    ['#4c3c6e', '#b79ce8', '#f1e4ff'],
    ['#6b2e1a', '#c0582e', '#e8a070'],
    ['#15315c', '#3f7fd8', '#9fd0ff'],
  ]
    .map((c, i) =>
      card(
        108 + i * 264,
        400,
        248,
        180,
        weapon({ shape: 'knife', kind: ['stripes', 'circuit', 'topo', 'pixels'][i], colors: c }, `knife-${i}`, { x: 108 + i * 264 + 4, y: 400, scale: 0.24 }),
      ),
    )
    .join('')
  return windowChrome(1200, 675, knife + gloves + knives)
}

export function slide3() {
  const rows = [0, 1, 2, 3].map((r) => {
    const y = 90 + r * 140
    const skins = SKINS.slice(r * 3, r * 3 + 3)
    return card(
      108,
      y,
      1040,
      120,
      `${FONTLESS_BAR(132, y + 34, 180, 16, r === 1 ? '#f5a524' : '#d9e0ea', 8)}${FONTLESS_BAR(132, y + 64, 120, 10, '#55637a', 5)}${skins
        .map((s, i) => weapon(s, `p${r}-${i}`, { x: 360 + i * 230, y: y + 8, scale: 0.21 }))
        .join('')}${FONTLESS_BAR(1040, y + 44, 84, 32, r === 1 ? '#f5a524' : '#263041', 10)}`,
      { active: r === 1 },
    )
  })
  return windowChrome(1200, 675, rows.join(''))
}

export function slide4() {
  const bg = catalogueGrid(108, 80, 4, 3, 250, 160, 16, SKINS, -1)
  const dialog = `<rect x="76" y="44" width="1124" height="631" fill="#05080c" opacity=".6"/>
  ${card(
    330,
    170,
    540,
    330,
    `<circle cx="600" cy="250" r="44" fill="#f5a524" opacity=".16"/><path d="M600 224 v40 M584 250 l16 16 16-16 M578 276 h44" stroke="#f5a524" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    ${FONTLESS_BAR(440, 320, 320, 18, '#d9e0ea', 9)}${FONTLESS_BAR(480, 350, 240, 10, '#55637a', 5)}
    <rect x="400" y="390" width="400" height="12" rx="6" fill="#263041"/><rect x="400" y="390" width="270" height="12" rx="6" fill="#3ddc97"/>
    ${FONTLESS_BAR(520, 430, 160, 40, '#f5a524', 12)}`,
    { active: true },
  )}`
  return windowChrome(1200, 675, bg + dialog)
}

export function slide5() {
  const plans = ['7', '30', '90', '365']
  const cards = plans
    .map((days, i) => {
      const x = 120 + i * 262
      const active = i === 1
      return card(
        x,
        150,
        236,
        380,
        `<text x="${x + 118}" y="290" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="800" font-size="${days.length > 2 ? 76 : 92}" fill="${active ? '#f5a524' : '#e8edf4'}">${days}</text>
        ${FONTLESS_BAR(x + 58, 320, 120, 12, '#55637a', 6)}${[0, 1, 2].map((k) => `<circle cx="${x + 46}" cy="${376 + k * 34}" r="7" fill="${active ? '#f5a524' : '#3ddc97'}"/>${FONTLESS_BAR(x + 62, 370 + k * 34, 120 - k * 14, 12, '#3a4658', 6)}`).join('')}
        ${FONTLESS_BAR(x + 28, 478, 180, 36, active ? '#f5a524' : '#263041', 12)}`,
        { active },
      )
    })
    .join('')
  return windowChrome(1200, 675, `${FONTLESS_BAR(440, 84, 320, 22, '#d9e0ea', 11)}${cards}`, { sidebar: false })
}
