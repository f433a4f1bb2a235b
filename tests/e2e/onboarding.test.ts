import { execFile } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { promisify } from 'node:util'

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { ownServerAndBrowser, phoneContext, typeCode } from './browser'
import { fillIdentity } from './registration'

/*
 * Issue 7 end to end: register → phone code → KYC → shop set-up → under review → Review
 * Pending at sign-in → operator approval → Congratulations, once → the public storefront.
 *
 * The SMS code only exists in the message sent to the owner (the server keeps its hash), so, as in
 * outlets-team.test.ts (docs/decisions/054), this suite starts its own server in the worker with a DevNotifier
 * whose outbox it reads. Approval is the operator's `npm run admin -- approve EMAIL`, run as a command against this
 * server's operator call (decision 065).
 *
 * It ends where a customer starts: the public storefront at the chosen shop URL, closed before approval.
 */

const UNDER_REVIEW_TEXT = 'Your shop is set up and your account is now being reviewed. You will be notified via email once approved.'
const REVIEW_PENDING_TEXT = 'An administrator needs to approve your account, please check back in a few minutes.'

const own = ownServerAndBrowser()

/** The text a dialog announces as its description (aria-describedby), to compare with SPEC's words exactly. */
async function description(page: Page, dialog: Locator): Promise<string | null> {
  const id = await dialog.getAttribute('aria-describedby')
  return page.locator(`[id="${id}"]`).textContent()
}

/** The newest SMS code sent to this number, once it has been sent (a sign-in notice to the owner carries none). */
async function smsCode(to: string): Promise<string> {
  await expect.poll(() => own.outbox.outbox.some((m) => m.channel === 'sms' && m.to === to && m.code), { timeout: 10_000 }).toBe(true)
  const message = own.outbox.outbox.findLast((m) => m.channel === 'sms' && m.to === to && m.code)!
  expect(message.code).toMatch(/^\d{6}$/)
  expect(message.text).toContain(message.code)
  return message.code!
}

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

describe('onboarding on a phone (390×844)', () => {
  it('registers, verifies the phone, sends KYC, sets up the shop, waits for review, is welcomed once, and opens for customers', async () => {
    const t = String(randomInt(100_000, 999_999))
    const business = `Mama Tee Foods ${t}`
    const email = `mama.tee.${t}@example.com`
    const national = `80${t}${randomInt(10, 99)}` // 10 digits after +234: an 080 mobile
    const password = 'jollof-rice-2026'
    const shopUrl = `mama-tee-${t}`

    const context = await phoneContext(own.browser)
    const page = await context.newPage()

    // 1. Account.
    await page.goto(own.origin)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL((url) => url.pathname === '/register')
    // Required fields' labels end in an aria-hidden '*', which getByLabel reads: match the start.
    await page.getByLabel(/^Business name/).fill(business)
    await page.getByLabel(/^Your full name/).fill(`Tolu Adeyemi ${t}`)
    await page.getByLabel(/^Email address/).fill(email)
    await page.getByLabel(/^Phone number/).fill(`0${national}`)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByLabel(/^Confirm password/).fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()

    // 2. Phone: the code from the SMS, typed into the six boxes.
    await page.waitForURL((url) => url.pathname === '/register/verify')
    const code = await smsCode(`+234${national}`)
    await page.getByLabel('Verification code, digit 1 of 6').click()
    await typeCode(page, code)
    await page.getByRole('button', { name: 'Verify' }).click()

    // 3. Identity check.
    await page.waitForURL((url) => url.pathname === '/register/kyc')
    await fillIdentity(page, t)
    await page.getByRole('button', { name: 'Continue' }).click()

    // 4. Shop: a free URL (the live check says so before submitting), a description, a font and a background.
    await page.waitForURL((url) => url.pathname === '/register/shop')
    await page.getByLabel(/^Shop URL/).fill(shopUrl)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'is available' }).textContent()).toContain(shopUrl)
    await page.getByLabel('Description').fill('Home-cooked jollof, ofada and small chops, delivered across Lagos.')
    await page.getByRole('group', { name: 'Font' }).getByRole('radio', { name: 'Poppins' }).check()
    await page.getByRole('group', { name: 'Background' }).getByRole('radio', { name: 'Mint' }).check()
    await page.getByRole('button', { name: 'Finish set-up' }).click()

    // 5. Under review: Okay ends the onboarding session and goes back to the login page.
    await page.waitForURL((url) => url.pathname === '/register/review')
    const review = page.getByRole('dialog', { name: 'Store under review' })
    await review.waitFor()
    expect(await description(page, review)).toBe(UNDER_REVIEW_TEXT)
    await review.getByRole('button', { name: 'Okay' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.evaluate(() => localStorage.getItem('vbo.token'))).toBeNull()

    // 6. Signing in before approval: the exact Review Pending dialog, and the login page stays.
    await submitLogin(page, email, password)
    const pending = page.getByRole('dialog', { name: 'Review Pending' })
    await pending.waitFor()
    expect(await description(page, pending)).toBe(REVIEW_PENDING_TEXT)
    await pending.getByRole('button', { name: 'Okay' }).click()
    await pending.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/')

    // Before approval the shop is closed to customers, exactly as an unknown one.
    const closed = await fetch(`${own.origin}/api/storefront?url=${shopUrl}`)
    expect(closed.status).toBe(404)
    expect(((await closed.json()) as { message: string }).message).toBe('This shop is not available')

    // 7. The operator runs `npm run admin -- approve EMAIL` against the running server (its operator call, with the
    // server's key), and the owner gets the email from the server. Asynchronous: this worker is the server.
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'approve', email, '--url', own.origin], {
      env: { ...process.env, OPERATOR_KEY: own.server.operatorKey },
    })
    expect(stdout.trim()).toBe(`${business}: under_review → approved`)
    expect(own.outbox.outbox.findLast((m) => m.channel === 'email' && m.to === email)?.subject).toMatch(/: your store is approved$/)

    // 8. The first sign-in after approval: Home with Congratulations, once.
    await submitLogin(page, email, password)
    await page.waitForURL((url) => url.pathname === '/home')
    const welcome = page.getByRole('dialog', { name: 'Congratulations' })
    await welcome.waitFor()
    expect(await description(page, welcome)).toContain('ready to start selling')
    await welcome.getByRole('button', { name: 'Start selling' }).click()
    await welcome.waitFor({ state: 'hidden' })

    await page.reload()
    await page.getByRole('button', { name: 'Open menu' }).waitFor()
    // Give a dialog that wrongly comes back the time to open before saying it did not.
    await page.waitForTimeout(1_000)
    expect(await page.getByRole('dialog', { name: 'Congratulations' }).count()).toBe(0)
    await context.close()

    // Nor on another phone: the server welcomes the owner on one sign-in only.
    const again = await fetch(`${own.origin}/api/auth/vendor/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(again.status).toBe(200)
    const body = (await again.json()) as { data: { welcome?: boolean; user: { vendor: { status: string; url: string | null } } } }
    expect(body.data.welcome).toBeUndefined()
    expect(body.data.user.vendor).toMatchObject({ status: 'approved', url: shopUrl })

    // 9. A customer opens the storefront: the shop's name and description, in its font.
    const customer = await phoneContext(own.browser)
    const shop = await customer.newPage()
    await shop.goto(`${own.origin}/shop/${shopUrl}`)
    await shop.getByRole('heading', { level: 1, name: business }).waitFor()
    await shop.getByText('Home-cooked jollof, ofada and small chops, delivered across Lagos.').waitFor()
    expect(await shop.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)).toContain('Poppins')
    await customer.close()
  })
})
