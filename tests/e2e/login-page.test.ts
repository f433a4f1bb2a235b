import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { type Answer, answerFor, askedAs, FIELD_LABELS, LOGIN_CASES, type LoginDriver, runLoginCase } from '../support/login-cases'
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

/**
 * The login page's table of cases (tests/support/login-cases.ts), which tests/app/auth/login-cases.test.tsx runs
 * against the React LoginForm, here against the prerendered page and its script, its API answered by page.route.
 * No service worker: it would answer the API calls before the routes see them.
 */
describe('the prerendered login page, case by case as the React form', () => {
  for (const c of LOGIN_CASES) {
    it(c.name, async () => {
      const context = await phoneContext(suite.browser, { serviceWorkers: 'block' })
      const page = await context.newPage()
      const asked: string[] = []
      await page.route(`${baseURL()}/api/**`, (route) => {
        const path = new URL(route.request().url()).pathname.replace(/^\/api/, '')
        // The login page's calls; the app's page after it asks again for its own screen (/register asks onboarding).
        const call = askedAs(route.request().method(), path, route.request().headers()['authorization'] ?? null)
        if (call && new URL(route.request().frame().url()).pathname === '/') asked.push(call)
        const answer = answerFor(c, path)
        // Unanswered: the screens after a sign-in stay loading, which is not what these cases look at.
        return answer ? reply(route, answer) : undefined
      })
      // Not 'networkidle': the staging banner's question stays unanswered here.
      await page.goto(baseURL(), { waitUntil: 'load' })
      await runLoginCase(c, pageDriver(page, asked), 10_000)
      await context.close()
    })
  }
})

function reply(route: Route, answer: Answer): Promise<void> {
  if (answer === 'no answer') return route.abort('failed')
  return route.fulfill({ status: answer.status, headers: answer.headers, json: answer.body })
}

/** Reads the page, or answers `fallback` while it is between two documents (a sign-in's navigation). */
async function settled<T>(page: Page, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (/context was destroyed|navigating/i.test(String(error))) return fallback
    throw error
  }
}

function pageDriver(page: Page, asked: string[]): LoginDriver {
  const input = (label: string) => page.getByLabel(label, { exact: true })
  const isFocused = (label: string) => input(label).evaluate((element) => element === document.activeElement)
  return {
    async act(step) {
      if ('type' in step) {
        await input(step.into).click()
        await page.keyboard.press('End')
        await page.keyboard.type(step.type)
      } else if ('focus' in step) await input(step.focus).click()
      else if ('leave' in step) {
        expect(await isFocused(step.leave)).toBe(true)
        await page.keyboard.press('Tab')
      } else if ('click' in step) await page.getByRole('button', { name: step.click }).click()
      else await page.keyboard.press('Enter')
    },
    field: (label) =>
      input(label).evaluate((element) => ({
        message: element.closest('[data-scope="field"][data-part="root"]')?.querySelector('[data-part="error-text"]')?.textContent ?? null,
        invalid: element.getAttribute('aria-invalid') === 'true',
      })),
    async focused() {
      for (const label of FIELD_LABELS) if (await isFocused(label)) return label
      return null
    },
    toastShown: (text) =>
      settled(
        page,
        () =>
          page
            .getByRole('alert', { name: text, exact: true })
            .or(page.getByRole('status', { name: text, exact: true }))
            .first()
            .isVisible(),
        false,
      ),
    dialog: (title, text) =>
      settled(
        page,
        async () => {
          const dialog = page.getByRole('dialog', { name: title })
          if ((await dialog.count()) === 0) return (await page.getByRole('dialog').count()) > 0 ? false : null
          return dialog.getByText(text, { exact: true }).isVisible()
        },
        false,
      ),
    closeDialog: (title, button) => page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click(),
    path: async () => new URL(page.url()).pathname,
    session: () => settled(page, () => page.evaluate(() => localStorage.getItem('vbo.token')), null),
    asked: () => asked,
  }
}
