// Renders public/favicon.svg into the PNG icons the manifest and iOS need, with Debian's Chromium.
// Run once when the logo changes: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs'

import { chromium } from 'playwright-core'

const svg = readFileSync('public/favicon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()

async function render(file: string, size: number, maskable: boolean) {
  await page.setViewportSize({ width: size, height: size })
  // A maskable icon is cropped to a circle by some launchers: full-bleed colour, logo inside the 80% safe zone.
  const inner = maskable ? Math.round(size * 0.7) : size
  await page.setContent(
    `<body style="margin:0;background:${maskable ? '#0b6e4f' : 'transparent'};display:grid;place-items:center;height:${size}px">
       <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  )
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !maskable })
}

await render('icon-192.png', 192, false)
await render('icon-512.png', 512, false)
await render('maskable-512.png', 512, true)
await render('apple-touch-icon-180.png', 180, true)
await browser.close()
