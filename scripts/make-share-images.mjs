// Renders the three 1200×630 share images (original domain, mirror domain, promo page) with
// Debian's Chromium. Run once after changing the artwork: `node scripts/make-share-images.mjs`.
import { chromium } from '@playwright/test'

const art = (title, subtitle, accent, badge) => `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;
 background:radial-gradient(circle at 80% 20%, ${accent}55, transparent 55%), linear-gradient(135deg,#0d1117,#1b2330);
 font-family:'DejaVu Sans',Arial,sans-serif;color:#e8edf4">
 <div style="font-size:28px;letter-spacing:6px;color:${accent};font-weight:700">${badge}</div>
 <div style="font-size:96px;font-weight:800;margin:16px 0">${title}</div>
 <div style="font-size:40px;color:#a4b0c0">${subtitle}</div>
</div></body></html>`

const images = [
  ['public/share/original.jpg', art('Skinvault', 'Skin changer for CS2 and CS:GO', '#f5a524', 'CS2 · CS:GO')],
  ['public/share/mirror.jpg', art('SV Changer', 'Skin changer for CS2 and CS:GO', '#3ddc97', 'CS2 · CS:GO')],
  ['public/share/promo.jpg', art('Premium offer', 'Every skin, every map — for less', '#ff6b6b', 'LIMITED TIME')],
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
for (const [file, html] of images) {
  await page.setContent(html)
  await page.screenshot({ path: file, type: 'jpeg', quality: 85 })
  console.log('wrote', file)
}
await browser.close()
