import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, suiteBrowser } from './browser'

/*
 * Issue 22: outlet tablets stand in landscape as often as upright. The manifest no longer locks portrait, and the
 * analytics tiles of Home and Orders show each figure whole, on one line and inside its tile, at both tablet sizes: at 820 px, four tiles
 * abreast beside the side menu cut ₦125,560.00 off at the tile's edge (a clipped figure is a wrong figure).
 */

const suite = suiteBrowser()

const TABLETS = [
  { name: 'upright', width: 820, height: 1180 },
  { name: 'on its side', width: 1180, height: 820 },
]

describe('on a tablet', () => {
  it('the installed app may turn either way', async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`)
    expect(response.ok).toBe(true)
    expect(((await response.json()) as { orientation?: string }).orientation).toBe('any')
  })

  for (const tablet of TABLETS) {
    it(`${tablet.name}, Home's and Orders' figures each fit in their tiles and nothing scrolls sideways`, async () => {
      const context = await suite.browser.newContext({ viewport: { width: tablet.width, height: tablet.height }, hasTouch: true })
      context.setDefaultTimeout(15_000)
      const page = await context.newPage()
      await logIn(page, demo().email, demo().password)
      for (const path of ['/home', '/orders']) {
        await page.goto(`${baseURL()}${path}`)
        // The figures have arrived when no tile is a stand-in any more.
        const tiles = page.locator('main [aria-busy="true"]')
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBe(0)
        // Lines a figure takes: the distinct tops of its text's line boxes (a flex item's own box is always one).
        // And whether its text runs past its box, which a figure that cannot wrap does when the tile is too narrow.
        const figures = await page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((el) => el.children.length === 0 && /^₦[\d,]+\.\d{2}$/.test(el.textContent ?? ''))
            .map((el) => {
              const range = document.createRange()
              range.selectNodeContents(el)
              // The box it must fit in: its parent's content box (a figure that cannot wrap widens its own box).
              const parent = el.parentElement!
              const right = parent.getBoundingClientRect().right - parseFloat(getComputedStyle(parent).paddingRight)
              return {
                text: el.textContent,
                lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
                // Text past that box: drawn over the tile's edge, or cut off by it.
                overflows: range.getBoundingClientRect().right > right + 0.5,
              }
            }),
        )
        expect(figures.length, `${path}: naira figures found`).toBeGreaterThan(0)
        for (const figure of figures) expect(figure, path).toMatchObject({ lines: 1, overflows: false })
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), path).toBe(true)
      }
      await context.close()
    })
  }
})
