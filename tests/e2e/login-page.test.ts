import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, phoneContext, suiteBrowser } from './browser'

/*
 * Decision 099: `/` is the prerendered login page. It loads none of the app's JS, a signed-in visitor goes on
 * without the form ever painting, the sign-in hands the app a session it starts from (and its toast), and the
 * service worker answers `/` with the login page offline and every other route with the app shell.
 */

const suite = suiteBrowser()

describe('the prerendered login page', () => {
  it('signs in without the app, which starts from the session it stored', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(baseURL(), { waitUntil: 'networkidle' })
    expect(scripts.every((path) => path.startsWith('/assets/login-'))).toBe(true)
    // Field rules as the React form: nothing until a submit, then each field's own message.
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Enter your email address.').isVisible()).toBe(true)
    await expect.poll(() => page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true')
    await logIn(page, demo().email, demo().password)
    // The app boots and loads its toast view after the navigation: seconds on a loaded CI machine, not one.
    await expect.poll(() => page.getByText('Login successful').isVisible(), { timeout: 10_000 }).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('vbo.token'))).toBeTruthy()
    await context.close()
  })

  it('sends a signed-in visitor on to /home, and opens offline from the service worker', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.goto(baseURL())
    await page.waitForURL(`${baseURL()}/home`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()

    await context.setOffline(true)
    await page.evaluate(() => localStorage.clear())
    await page.goto(baseURL())
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await page.locator('script[src^="/assets/login-"]').count()).toBe(1)
    await page.goto(`${baseURL()}/forgot-password`)
    await page.getByRole('button', { name: 'Send reset code' }).waitFor()
    expect(await page.locator('script[src^="/assets/login-"]').count()).toBe(0)
    await context.close()
  })
})
