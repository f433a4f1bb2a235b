import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { settle } from './axe'
import { baseURL, demo, demoOnPhone, persistedCache, suiteBrowser } from './browser'

/*
 * Settings → Developers on a phone (390×844, issue 40, decision 168): a key made, its secret copied from the one
 * sheet that ever shows it, used against the API, and revoked. SCREENSHOT_DIR keeps pictures of the page and of the
 * shown-once sheet (looked at by hand, not compared).
 */

const suite = suiteBrowser()
const shot = (name: string) => (process.env.SCREENSHOT_DIR ? { path: join(process.env.SCREENSHOT_DIR, name) } : null)

/** A read by key, as an integration makes it (no browser, no session). */
const readWith = (secret: string) => fetch(`${baseURL()}/api/transaction`, { headers: { Authorization: `Bearer ${secret}` } })

describe('API keys', () => {
  it('creates a key, copies its secret once, uses it, and revokes it', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() })
    await page.goto(`${baseURL()}/settings?tab=profile`)
    await page.getByRole('link', { name: /API keys/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/developers')
    await page.getByRole('heading', { name: 'Developers' }).waitFor()

    await page.getByRole('button', { name: 'Create key' }).click()
    const form = page.getByRole('dialog', { name: 'Create API key' })
    await form.getByLabel(/^Name/).fill('Shop website')
    await form.getByRole('checkbox', { name: /Create and update orders/ }).check()
    // A key outlives the session: made only with the account password (decision 168).
    await form.getByLabel(/^Your password/).fill(demo().password)
    const formShot = shot('developers-create-key.png')
    if (formShot) await page.screenshot(formShot)
    await page.getByRole('button', { name: 'Create key' }).last().click()

    const sheet = page.getByRole('dialog', { name: 'Copy your API key' })
    await sheet.waitFor()
    const secret = (await sheet.getByLabel('API key secret').textContent())!.trim()
    expect(secret).toMatch(/^vbo_sk_[A-Za-z0-9_-]{43}$/)
    await sheet.getByRole('button', { name: 'Copy API key' }).click()
    await page.getByText('API key copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    const sheetShot = shot('developers-secret-sheet.png')
    if (sheetShot) await page.screenshot(sheetShot)

    expect((await readWith(secret)).status).toBe(200)

    await sheet.getByRole('button', { name: 'Done' }).click()
    await sheet.waitFor({ state: 'detached' })
    const row = page.getByRole('list', { name: 'API keys', exact: true }).getByRole('listitem').filter({ hasText: 'Shop website' })
    await row.getByText(`${secret.slice(0, 12)}…`).waitFor()
    expect(await page.content()).not.toContain(secret)
    // Never again: not after a reload either, and not in anything the app saved on the phone.
    await page.reload()
    await row.waitFor()
    const calls = page.getByRole('list', { name: 'Calls made with API keys' })
    await calls.getByText('GET /api/transaction').waitFor()
    // The address as people write it, not as a dual-stack socket reports it (::ffff:127.0.0.1).
    expect(await calls.textContent()).toContain('Shop website · 127.0.0.1')
    expect(await page.content()).not.toContain(secret)
    expect(JSON.stringify(await persistedCache(page))).not.toContain(secret)
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(secret)
    const pageShot = shot('developers-page.png')
    if (pageShot) await page.screenshot({ ...pageShot, fullPage: true })

    // Rotate asks for the password too; looked at, then cancelled.
    await row.getByRole('button', { name: 'Rotate Shop website' }).click()
    const rotate = page.getByRole('alertdialog', { name: 'Rotate Shop website?' })
    await rotate.getByLabel(/^Your password/).fill(demo().password)
    const rotateShot = shot('developers-rotate-dialog.png')
    if (rotateShot) {
      await settle(page)
      await page.screenshot(rotateShot)
    }
    await rotate.getByRole('button', { name: 'Cancel' }).click()
    await rotate.waitFor({ state: 'detached' })

    await row.getByRole('button', { name: 'Revoke Shop website' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Revoke Shop website?' })
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await row.waitFor({ state: 'detached' })
    expect((await readWith(secret)).status).toBe(401)
    await context.close()
  }, 90_000)
})
