import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { parseNairaToKobo } from '../../src/app/lib/money'

/** Debian's Chromium, as root, with nothing reaching out to the (closed) network on its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export const PHONE = { width: 390, height: 844 }

export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'allow' })
  // Playwright waits forever by default; a missing element should fail the test, not time it out.
  context.setDefaultTimeout(15_000)
  return context
}

export function baseURL(): string {
  return inject('baseURL')
}

export function demo(): { email: string; password: string; pin: string } {
  return inject('demo')
}

/** Signs in through the login page; `origin` is the shared e2e server unless a suite runs its own. */
export async function logIn(page: Page, email: string, password: string, origin = baseURL()): Promise<void> {
  await page.goto(origin)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/home')
}

/** What our IndexedDB query-cache store holds, key → saved text (empty when the cache is wiped). */
export function persistedCache(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('vendor-back-office')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('query-cache')) return resolve({})
          const store = db.transaction('query-cache').objectStore('query-cache')
          const keys = store.getAllKeys()
          const values = store.getAll()
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((k, i) => [String(k), String(values.result[i])])))
          values.onerror = () => reject(values.error)
        }
      }),
  )
}

/** The wallet balance card on /home, in kobo, once it has loaded. */
export async function walletBalanceKobo(page: Page): Promise<number> {
  const card = page.getByTestId('wallet-balance')
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/^₦[\d,]+\.\d{2}$/)
  return parseNairaToKobo((await card.textContent())!)!
}

/** The value of one label/value row (ui/detail-list: <dt>label</dt><dd>value</dd>) inside `scope`. */
export function detailValue(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd')
}
