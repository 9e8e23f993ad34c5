// Renders the marketing artwork with Debian's Chromium and encodes it as WebP in the page's own
// canvas (no image tool needed): the 16 big (1280), 16 medium (640) and 16 small (320) premium
// gallery images, the 5 promo slides and the home hero (960 and 480), so the pages can offer a
// `srcset`. Original drawings: stylised weapon silhouettes with generated finishes on a
// launcher-like screen, with no text in the images (alt texts are messages). WebP only: the
// canvas encodes no AVIF.
// Run after changing the artwork: `node scripts/make-gallery-images.mjs`; with `--missing` only
// the files that do not exist yet are written (a new width, without re-encoding the others).
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

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
function pattern(id, kind, [a, b, c]) {
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
const SKINS = [
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

function weapon(skin, id, { x = 0, y = 0, scale = 1 } = {}) {
  return `<defs>${pattern(id, skin.kind, skin.colors)}
    <linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient></defs>
  <g transform="translate(${x} ${y}) scale(${scale})">
    <path d="${SHAPES[skin.shape]}" fill="#000" opacity=".45" transform="translate(10 18)" filter="url(#blur)"/>
    <path d="${SHAPES[skin.shape]}" fill="url(#${id})" stroke="#0b0f14" stroke-width="5" stroke-linejoin="round"/>
    <path d="${SHAPES[skin.shape]}" fill="url(#${id}-shade)"/>
  </g>`
}

const FONTLESS_BAR = (x, y, w, h = 12, color = '#2a3444', r = 6) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${color}"/>`

/** A launcher-like monitor screen with one weapon (1280 × 800). */
function galleryScene(skin, index) {
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

function heroScene() {
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

function slide1() {
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

function slide2() {
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

function slide3() {
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

function slide4() {
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

function slide5() {
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

// --- render -------------------------------------------------------------------------------------
const out = []
for (const [i, skin] of SKINS.entries()) {
  const n = String(i + 1).padStart(2, '0')
  out.push({
    svg: galleryScene(skin, i),
    width: 1280,
    height: 800,
    files: [
      [`public/images/gallery/skin-${n}-big.webp`, 1280, 800, 0.8],
      [`public/images/gallery/skin-${n}-640.webp`, 640, 400, 0.8],
      [`public/images/gallery/skin-${n}-small.webp`, 320, 200, 0.78],
    ],
  })
}
for (const [i, make] of [slide1, slide2, slide3, slide4, slide5].entries()) {
  out.push({ svg: make(), width: 1200, height: 675, files: [[`public/images/promo/slide-${i + 1}.webp`, 1200, 675, 0.8]] })
}
out.push({
  svg: heroScene(),
  width: 960,
  height: 640,
  files: [
    ['public/images/hero-launcher.webp', 960, 640, 0.82],
    ['public/images/hero-launcher-480.webp', 480, 320, 0.82],
  ],
})

if (process.argv.includes('--missing')) {
  for (const item of out) item.files = item.files.filter(([file]) => !existsSync(file))
}
const todo = out.filter((item) => item.files.length)

mkdirSync('public/images/gallery', { recursive: true })
mkdirSync('public/images/promo', { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.setContent('<!doctype html><html><body style="margin:0;background:#000"></body></html>')
let total = 0
for (const item of todo) {
  // Draw the SVG into a canvas at each target size and let Chromium encode WebP.
  const encoded = await page.evaluate(async ({ svg, width, height, files }) => {
    const img = new Image()
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    await img.decode()
    return files.map(([, w, h, quality]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const ctx = canvas.getContext('2d')
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(img, 0, 0, width, height, 0, 0, w, h)
      return canvas.toDataURL('image/webp', quality)
    })
  }, item)
  item.files.forEach(([file], i) => {
    const data = Buffer.from(encoded[i].split(',')[1], 'base64')
    writeFileSync(file, data)
    total += statSync(file).size
    console.log(`${file} ${(data.length / 1024).toFixed(1)} KB`)
  })
}
await browser.close()
console.log(`total ${(total / 1024).toFixed(0)} KB`)
