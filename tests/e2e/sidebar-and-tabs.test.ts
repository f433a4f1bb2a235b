import { describe, expect, it } from 'vitest'

import { baseURL, demo, demoOnPhone, logIn, suiteBrowser } from './browser'

/*
 * Issue 35 item 22, in Chromium: the business name was cut in the tablet sidebar, and Settings' tabs on a phone hid
 * six of nine with no sign that they scroll.
 */

const suite = suiteBrowser()

describe('names and tabs that do not hide', () => {
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    it(`the sidebar shows the whole business name at ${viewport.width}×${viewport.height}`, async () => {
      const context = await suite.browser.newContext({ viewport, hasTouch: true })
      context.setDefaultTimeout(15_000)
      const page = await context.newPage()
      await logIn(page, demo().email, demo().password)
      const name = page.locator('aside span[title]').first()
      await name.waitFor()
      expect(await name.textContent()).toBe('Mama Put Kitchen')
      // Neither cut at the side (one line with an ellipsis) nor clamped below (more lines than it shows).
      const box = await name.evaluate((el) => ({ wide: el.scrollWidth - el.clientWidth, tall: el.scrollHeight - el.clientHeight }))
      expect(box.wide).toBeLessThanOrEqual(1)
      expect(box.tall).toBeLessThanOrEqual(1)
      await context.close()
    })
  }

  it('on a phone, Settings says its tabs go on past the edge and brings a chosen later tab into view', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.goto(`${baseURL()}/settings`)
    const tabs = page.getByRole('navigation', { name: 'Settings sections' })
    await tabs.getByRole('link').first().waitFor()
    const bar = tabs.locator('..')
    // The cue over each edge: visible where tabs lie beyond it, hidden where none do.
    const cues = () =>
      bar.evaluate((frame) =>
        [...frame.querySelectorAll(':scope > span[aria-hidden="true"]')].map((edge) => getComputedStyle(edge).opacity),
      )
    await expect.poll(cues).toEqual(['0', '1'])
    await tabs.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }))
    await expect.poll(cues).toEqual(['1', '0'])

    // A link straight to the last tab shows that tab, not the first three.
    const last = tabs.getByRole('link').last()
    await page.goto(baseURL() + (await last.getAttribute('href'))!)
    await expect.poll(() => tabs.getByRole('link').last().getAttribute('aria-current')).toBe('page')
    await expect
      .poll(async () => {
        const box = (await tabs.getByRole('link').last().boundingBox())!
        return box.x >= 0 && box.x + box.width <= 390
      })
      .toBe(true)
    await context.close()
  })
})
