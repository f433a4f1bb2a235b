import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Settings → Profile on a phone (390×844): the owner turns on "Text me payments when the app is closed" (issue 37),
 * and it is still on after a reload. SCREENSHOT_DIR keeps a picture of the card (looked at by hand, not compared).
 */

const own = ownServerAndBrowser()

describe('the payment SMS setting', () => {
  it('is off for the demo owner, turned on with one tap, and stays on', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    await page.goto(`${own.origin}/settings?tab=profile`)
    const toggle = page.getByRole('switch', { name: /Text me payments when the app is closed/ })
    await toggle.waitFor()
    expect(await toggle.isChecked()).toBe(false)
    await toggle.click()
    await page.getByText('Payments will be texted to you when the app is closed').waitFor()
    await expect.poll(() => toggle.isChecked()).toBe(true)
    await page.getByRole('heading', { name: 'Text messages' }).scrollIntoViewIfNeeded()
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'settings-payment-sms.png') })
    await page.reload()
    await toggle.waitFor()
    await expect.poll(() => toggle.isChecked()).toBe(true)
    await context.close()
  }, 90_000)
})
