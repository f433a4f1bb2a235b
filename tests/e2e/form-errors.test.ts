import { describe, expect, it } from 'vitest'

import { demoOnPhone, PHONE, suiteBrowser } from './browser'

/*
 * A refused form on a phone (issue 35): Initiate Dispute's order reference is at the top of a sheet taller than the
 * screen, so once the rest is filled in it is scrolled out of sight. The server's refusal must be seen: the field is
 * brought into view and focused, and the message is toasted (SPEC §8).
 */

const suite = suiteBrowser()

describe('A refused form on a phone', () => {
  it('brings the first error into view, focuses it, and toasts the server’s message', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    try {
      await page.goto(new URL('/orders/disputes/new', page.url()).href)
      const sheet = page.getByRole('dialog', { name: 'Initiate Dispute' })
      const reference = sheet.getByLabel(/^Order reference/)
      await reference.fill('ORD-NOSUCH1')
      await sheet.getByLabel(/^Title/).fill('Never arrived')
      await sheet.getByRole('radio').first().check()
      const description = sheet.getByLabel(/^Description/)
      await description.fill('The rider says it was delivered; the customer has nothing.')
      // The sheet's body now shows the description, and the order reference is above what is on screen.
      await description.scrollIntoViewIfNeeded()
      await expect.poll(() => reference.evaluate(inView)).toBe(false)

      await sheet.getByRole('button', { name: 'Initiate Dispute' }).click()

      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Order not found' }).count()).toBe(1)
      const error = sheet.getByText('Order not found', { exact: true })
      await expect.poll(() => error.evaluate(inView)).toBe(true)
      await expect.poll(() => reference.evaluate(inView)).toBe(true)
      await expect.poll(() => reference.evaluate((e) => e === document.activeElement)).toBe(true)
      expect(page.viewportSize()).toEqual(PHONE)
    } finally {
      await context.close()
    }
  })
})

/** Whether the element is wholly inside the viewport and the scroller it sits in (the sheet's body). */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect()
  let scroller = element.parentElement
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement
  const frame = scroller?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight }
  return box.top >= Math.max(0, frame.top) && box.bottom <= Math.min(window.innerHeight, frame.bottom) && box.height > 0
}
