// Draws the demo products' pictures (src/server/seed/images/*.webp) with Debian's Chromium: a plate or a glass in
// the dish's colours with its name. Run once when the demo menu changes: `npx tsx scripts/make-seed-images.ts`;
// the WebP files are committed, so seeding never needs a browser.
import { mkdirSync, writeFileSync } from 'node:fs'

import { chromium } from 'playwright-core'

interface Picture {
  file: string
  title: string
  background: [string, string]
  kind: 'plate' | 'glass' | 'bowl'
  /** Colours of the food, drawn as overlapping dabs. */
  food: string[]
  garnish?: string
}

const PICTURES: Picture[] = [
  {
    file: 'jollof-rice',
    title: 'Jollof rice',
    background: ['#fde6c8', '#f7b267'],
    kind: 'plate',
    food: ['#d9480f', '#e8590c', '#f76707', '#c92a2a'],
    garnish: '#2b8a3e',
  },
  {
    file: 'fried-rice',
    title: 'Fried rice',
    background: ['#fff3bf', '#ffd43b'],
    kind: 'plate',
    food: ['#f4d35e', '#e9c46a', '#94d82d', '#f08c00'],
    garnish: '#e03131',
  },
  {
    file: 'egusi-soup',
    title: 'Egusi & pounded yam',
    background: ['#e6fcf5', '#63e6be'],
    kind: 'bowl',
    food: ['#e9b949', '#d9a21b', '#2f9e44', '#c2410c'],
    garnish: '#fff9db',
  },
  {
    file: 'zobo',
    title: 'Zobo drink',
    background: ['#ffe3f1', '#f783ac'],
    kind: 'glass',
    food: ['#a61e4d', '#c2255c'],
    garnish: '#fab005',
  },
  {
    file: 'chapman',
    title: 'Chapman',
    background: ['#fff0e6', '#ffa94d'],
    kind: 'glass',
    food: ['#e8590c', '#f76707'],
    garnish: '#2b8a3e',
  },
  {
    file: 'puff-puff',
    title: 'Puff-puff',
    background: ['#f8f0fc', '#da77f2'],
    kind: 'plate',
    food: ['#c77c2c', '#d9822b', '#b8621b', '#e8a04b'],
  },
]

function draw({ picture, size }: { picture: Picture; size: number }): string {
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const g = canvas.getContext('2d')!
  const sky = g.createLinearGradient(0, 0, size, size)
  sky.addColorStop(0, picture.background[0])
  sky.addColorStop(1, picture.background[1])
  g.fillStyle = sky
  g.fillRect(0, 0, size, size)

  // A fixed pseudo-random walk, so every run draws the same picture.
  let seed = picture.title.length * 7919
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const cx = size / 2
  const cy = size * 0.44
  g.shadowColor = 'rgba(0,0,0,0.18)'
  g.shadowBlur = size * 0.05
  g.shadowOffsetY = size * 0.02

  if (picture.kind === 'glass') {
    g.fillStyle = 'rgba(255,255,255,0.75)'
    g.beginPath()
    g.moveTo(cx - size * 0.17, cy - size * 0.26)
    g.lineTo(cx + size * 0.17, cy - size * 0.26)
    g.lineTo(cx + size * 0.13, cy + size * 0.26)
    g.lineTo(cx - size * 0.13, cy + size * 0.26)
    g.closePath()
    g.fill()
    g.shadowColor = 'transparent'
    const drink = g.createLinearGradient(0, cy - size * 0.2, 0, cy + size * 0.24)
    drink.addColorStop(0, picture.food[1]!)
    drink.addColorStop(1, picture.food[0]!)
    g.fillStyle = drink
    g.beginPath()
    g.moveTo(cx - size * 0.155, cy - size * 0.18)
    g.lineTo(cx + size * 0.155, cy - size * 0.18)
    g.lineTo(cx + size * 0.12, cy + size * 0.24)
    g.lineTo(cx - size * 0.12, cy + size * 0.24)
    g.closePath()
    g.fill()
    for (let i = 0; i < 7; i++) {
      g.fillStyle = 'rgba(255,255,255,0.45)'
      g.beginPath()
      g.arc(cx - size * 0.08 + random() * size * 0.16, cy - size * 0.1 + random() * size * 0.3, size * 0.012, 0, Math.PI * 2)
      g.fill()
    }
    g.fillStyle = picture.garnish ?? '#fff'
    g.beginPath()
    g.arc(cx + size * 0.15, cy - size * 0.25, size * 0.06, 0, Math.PI * 2)
    g.fill()
  } else {
    const rim = picture.kind === 'bowl' ? 0.3 : 0.34
    g.fillStyle = '#ffffff'
    g.beginPath()
    g.ellipse(cx, cy, size * rim, size * rim * 0.82, 0, 0, Math.PI * 2)
    g.fill()
    g.shadowColor = 'transparent'
    g.strokeStyle = 'rgba(0,0,0,0.06)'
    g.lineWidth = size * 0.012
    g.beginPath()
    g.ellipse(cx, cy, size * rim * 0.78, size * rim * 0.64, 0, 0, Math.PI * 2)
    g.stroke()
    if (picture.kind === 'bowl') {
      // The swallow: a smooth white mound beside the soup.
      g.fillStyle = '#f8f3e6'
      g.beginPath()
      g.ellipse(cx + size * 0.12, cy - size * 0.02, size * 0.11, size * 0.09, 0, 0, Math.PI * 2)
      g.fill()
    }
    const grains = picture.kind === 'plate' && picture.file !== 'puff-puff'
    const count = grains ? 700 : picture.kind === 'bowl' ? 90 : 9
    for (let i = 0; i < count; i++) {
      const angle = random() * Math.PI * 2
      const distance = Math.sqrt(random()) * size * rim * (picture.kind === 'bowl' ? 0.4 : 0.6)
      const x = cx + Math.cos(angle) * distance - (picture.kind === 'bowl' ? size * 0.07 : 0)
      const y = cy + Math.sin(angle) * distance * 0.8
      g.fillStyle = picture.food[i % picture.food.length]!
      g.beginPath()
      if (grains) g.ellipse(x, y, size * 0.016, size * 0.006, random() * Math.PI, 0, Math.PI * 2)
      else g.arc(x, y, picture.kind === 'bowl' ? size * (0.015 + random() * 0.02) : size * 0.07, 0, Math.PI * 2)
      g.fill()
    }
    if (grains) {
      // A piece of the protein on the side.
      g.fillStyle = '#8c4a1c'
      g.beginPath()
      g.ellipse(cx + size * 0.13, cy + size * 0.06, size * 0.075, size * 0.05, -0.5, 0, Math.PI * 2)
      g.fill()
    }
    if (picture.garnish) {
      for (let i = 0; i < 10; i++) {
        g.fillStyle = picture.garnish
        g.beginPath()
        g.arc(cx + (random() - 0.5) * size * 0.32, cy + (random() - 0.5) * size * 0.24, size * 0.012, 0, Math.PI * 2)
        g.fill()
      }
    }
  }

  g.fillStyle = 'rgba(33,37,41,0.82)'
  g.beginPath()
  g.roundRect(size * 0.08, size * 0.8, size * 0.84, size * 0.13, size * 0.04)
  g.fill()
  g.fillStyle = '#ffffff'
  g.font = `600 ${Math.round(size * 0.065)}px sans-serif`
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.fillText(picture.title, cx, size * 0.865)
  return canvas.toDataURL('image/webp', 0.8)
}

const out = 'src/server/seed/images'
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage()
// tsx compiles with esbuild's keepNames, which wraps functions in __name(); the page has no such helper.
await page.addInitScript('globalThis.__name = (fn) => fn')
await page.goto('about:blank')
for (const picture of PICTURES) {
  const dataUrl = await page.evaluate(draw, { picture, size: 480 })
  const bytes = Buffer.from(dataUrl.split(',')[1]!, 'base64')
  writeFileSync(`${out}/${picture.file}.webp`, bytes)
  console.log(`${picture.file}.webp ${(bytes.length / 1024).toFixed(1)} KB`)
}
await browser.close()
