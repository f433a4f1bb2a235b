import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { preset } from '@pandacss/preset-base'

import { signInAsDemo, withDemoBrowser } from './demo-browser'

/*
 * `stylePassFigures()`: how long one style pass over a whole signed-in screen takes (decision 116). Each screen is
 * opened as the demo owner at 390×844; in the page, the built stylesheet and a control take turns (one enabled at a
 * time), and a custom property changed on <html> makes the browser restyle every element, 40 times a turn, six
 * turns each. The control is the built sheet with the base preset's rule for every element put back (33 custom
 * properties on every element and pseudo-element; the build leaves them out). It goes in front of the sheet, outside
 * Panda's `base` layer: no other rule sets those properties, so the layer does not change what they compute to.
 * Printed: the median pass with each sheet, and their ratio. `npx tsx bench/style-pass.ts` runs it alone.
 */

const ROOT = resolve(import.meta.dirname, '..')
const ASSETS = join(ROOT, 'dist', 'assets')
const PAGES = ['/home', '/orders', '/products']
const PASSES = 40
const TURNS = 6

/** The base preset's every-element rule (the one the build drops), as CSS. */
function presetEveryElementRule(): string {
  const rules = Object.entries(preset.globalCss ?? {}).map(([selector, declarations]) => {
    const body = Object.entries(declarations as Record<string, string | number>)
      .map(([property, value]) => `${property}:${value}`)
      .join(';')
    return `${selector}{${body}}`
  })
  return rules.join('\n')
}

export function stylePassFigures() {
  // The bench runs on the built PWA (withDemoBrowser builds it when stale), so its stylesheet is there.
  return withDemoBrowser(async (server, browser) => {
    // The one stylesheet index.html links. The build names it after the checkout's folder (`main-…` in one called
    // main, `attic-…` in another), so it is read from the page rather than guessed.
    const linked = /<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/.exec(readFileSync(join(ASSETS, '..', 'index.html'), 'utf8'))
    const sheetFile = linked?.[1]
    if (!sheetFile) throw new Error('style pass: no built stylesheet in dist/assets')
    const built = readFileSync(join(ASSETS, sheetFile), 'utf8')
    const control = `${presetEveryElementRule()}\n${built}`
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await signInAsDemo(page, server.url)
    const rows = []
    for (const path of PAGES) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(500)
      // A string, not a function: tsx's helpers would not exist in the page.
      const result = (await page.evaluate(`(() => {
        for (const link of document.querySelectorAll('link[rel=stylesheet]')) link.disabled = true
        const sheet = (text) => { const s = document.createElement('style'); s.textContent = text; document.head.append(s); return s }
        const built = sheet(${JSON.stringify(built)}), control = sheet(${JSON.stringify(control)})
        const root = document.documentElement
        const turn = (on, off) => {
          on.disabled = false; off.disabled = true; void document.body.offsetTop
          const start = performance.now()
          for (let i = 0; i < ${PASSES}; i++) { root.style.setProperty('--style-pass', String(i)); void document.body.offsetTop }
          return (performance.now() - start) / ${PASSES}
        }
        const a = [], b = []
        for (let k = 0; k < ${TURNS}; k++) { a.push(turn(built, control)); b.push(turn(control, built)) }
        const median = (x) => x.sort((p, q) => p - q)[Math.floor(x.length / 2)]
        return { elements: document.querySelectorAll('*').length, built: median(a), control: median(b) }
      })()`)) as { elements: number; built: number; control: number }
      rows.push({
        page: path,
        elements: result.elements,
        'style pass, built sheet (ms)': result.built.toFixed(2),
        'control: with the preset properties (ms)': result.control.toFixed(2),
        'built / control': `${(result.built / result.control).toFixed(2)}×`,
      })
    }
    await context.close()
    return rows
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await stylePassFigures())
}
