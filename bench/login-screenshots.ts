import { chromium } from 'playwright-core'

/*
 * Screenshots of the login page at a phone's size, for comparing the prerendered page with the React screen
 * (decision 099): the page as it opens, and after a wrong password. Against a running server:
 * `ORIGIN=http://127.0.0.1:4322 OUT=/tmp/login npx tsx bench/login-screenshots.ts`.
 */
const origin = process.env.ORIGIN ?? 'http://127.0.0.1:4322'
const out = process.env.OUT ?? '/tmp/login'

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(origin, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Log in' }).waitFor()
  await page.screenshot({ path: `${out}-open.png` })
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.screenshot({ path: `${out}-empty-submit.png` })
  await page.getByLabel('Email address').fill('demo@vendor.test')
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {})
  await page.waitForTimeout(800)
  await page.screenshot({ path: `${out}-wrong-password.png` })
} finally {
  await browser.close()
}
