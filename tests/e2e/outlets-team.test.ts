import { randomInt } from 'node:crypto'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'
import { DEMO_MEMBER_PASSWORD } from '#server/seed/outlets'

import { detailValue, logIn, ownServerAndBrowser, phoneContext, typeCode, walletBalanceKobo } from './browser'

/*
 * Issue 6 end to end: invitations and permissions, and money between the main wallet and an outlet.
 *
 * The invitation link only ever exists in the message sent to the invitee (the server keeps its hash), and the
 * shared e2e server's notifier log is silenced. So this suite starts its own
 * server (same startServer, same built PWA, its own throw-away database) in the worker, with a DevNotifier whose
 * outbox it reads — the way the server tests read OTPs. Its own database also means no other suite's money
 * moves under the balances read here.
 */

const SUCCESS_TEXT = 'Your transaction has been processed succesfully.'

const own = ownServerAndBrowser()

/** A few digits that keep this run's names, phones and emails apart from earlier runs' and each other. */
const tag = () => String(randomInt(100_000, 999_999))

async function ownerPage() {
  const context = await phoneContext(own.browser)
  const page = await context.newPage()
  await logIn(page, DEMO.email, DEMO.password, own.origin)
  return { context, page }
}

/** A call to the API as the user signed in on `page`, from the page itself (same origin, same token). */
function apiFromPage(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const token = localStorage.getItem('vbo.token')
      const response = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      return { status: response.status, json: (await response.json().catch(() => null)) as { data?: unknown } | null }
    },
    { path, method: init.method ?? 'GET', body: init.body },
  )
}

/** The invitation link in the newest message that names the invitee, once it has been sent. */
async function invitationLink(name: string): Promise<string> {
  await expect.poll(() => own.outbox.outbox.some((m) => m.text.includes(name)), { timeout: 10_000 }).toBe(true)
  const message = own.outbox.outbox.findLast((m) => m.text.includes(name))!
  const link = /Open (\S+) within/.exec(message.text)?.[1]
  expect(link).toBe(`${own.origin}/invite/${message.code}`)
  return link!
}

/** The names in the main menu (the phone's menu sheet), then the sheet closed again. */
async function menuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await links.first().waitFor()
  const names = (await links.allTextContents()).map((n) => n.trim())
  await page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
  return names
}

async function goByMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: entry, exact: true }).click()
}

/**
 * Fills a transfer sheet, checks its confirm step (amount, from, to), authorises it with the owner's PIN (after a
 * wrong one, when `wrongPinFirst`: refused under the boxes, nothing moved), checks the success dialog's exact words,
 * and closes it.
 */
async function transfer(
  page: Page,
  action: 'Transfer to Outlet' | 'Transfer to Main Wallet',
  naira: string,
  confirm: { amount: string; from: string; to: string },
  options: { narration?: string; wrongPinFirst?: boolean } = {},
) {
  await page.getByRole('link', { name: action }).click()
  const sheet = page.getByRole('dialog', { name: action })
  await sheet.getByLabel('Amount').fill(naira)
  if (options.narration) await sheet.getByLabel('Narration (optional)').fill(options.narration)
  await sheet.getByRole('button', { name: 'Proceed', exact: true }).click()
  const confirmStep = page.getByRole('dialog', { name: 'Confirm Transfer' })
  expect(await detailValue(confirmStep, 'Amount').textContent()).toBe(confirm.amount)
  expect(await detailValue(confirmStep, 'From').textContent()).toBe(confirm.from)
  expect(await detailValue(confirmStep, 'To').textContent()).toBe(confirm.to)
  await confirmStep.getByRole('button', { name: 'Transfer', exact: true }).click()
  const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
  await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
  if (options.wrongPinFirst) {
    // Any PIN but the demo's (DEMO.pin is a literal type, so compare as strings).
    await typeCode(page, (DEMO.pin as string) === '9999' ? '1111' : '9999')
    await expect.poll(() => pin.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/^Incorrect PIN\. \d attempts? remaining\.$/)
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
  }
  await typeCode(page, DEMO.pin)
  const done = page.getByRole('dialog', { name: 'Transfer Successful' })
  await done.waitFor()
  // The dialog's description is the exact SPEC sentence, misspelling included.
  const describedBy = await done.getAttribute('aria-describedby')
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(SUCCESS_TEXT)
  await done.getByRole('button', { name: 'Okay' }).click()
  await done.waitFor({ state: 'hidden' })
  await sheet.waitFor({ state: 'hidden' })
}

async function outletBalanceText(page: Page): Promise<string | null> {
  return page.getByTestId('outlet-balance').textContent()
}

describe('outlets and team on a phone (390×844)', () => {
  it('invites a member with only vendor orders, who joins in a fresh browser and is refused transactions', async () => {
    const { context: ownerContext, page: owner } = await ownerPage()
    const t = tag()
    const name = `Tobi Orders ${t}`

    await goByMenu(owner, 'Settings')
    await owner.getByRole('link', { name: 'Team', exact: true }).click()
    await owner.getByRole('link', { name: 'Invite Team Member' }).click()
    const sheet = owner.getByRole('dialog', { name: 'Invite Team Member' })
    await sheet.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await sheet.getByRole('textbox', { name: 'Phone number', exact: true }).fill(`080${t}${randomInt(10, 99)}`)
    await sheet.getByRole('checkbox', { name: 'Orders and invoices', exact: true }).check()
    const ticked = await sheet
      .locator('input[name="permissions"]:checked')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))
    expect(ticked).toEqual(['VENDOR_ORDERS'])
    await sheet.getByRole('button', { name: 'Send invite' }).click()
    await sheet.waitFor({ state: 'hidden' })
    await owner.getByRole('list', { name: 'Team members' }).getByText(name).waitFor()
    const link = await invitationLink(name)
    await ownerContext.close()

    // The invitee: another browser context, nothing shared with the owner's.
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('heading', { name: `Join ${DEMO.vendorName}` }).waitFor()
    expect(await page.getByRole('list', { name: 'Permissions' }).getByRole('listitem').allTextContents()).toEqual(['Orders and invoices'])
    // Invited by phone only: they choose the email they sign in with.
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(`tobi.${t}@example.com`)
    // Password inputs have no role; getByLabel reads the label's text, required '*' (aria-hidden) included.
    await page.getByLabel(/^Password/).fill('orders-only-2026')
    await page.getByLabel(/^Confirm password/).fill('orders-only-2026')
    await page.getByRole('button', { name: `Join ${DEMO.vendorName}` }).click()
    // Orders only: no wallet, so they start on Orders and are not offered Home (issue 22).
    await page.waitForURL((url) => url.pathname === '/orders')

    expect(await menuEntries(page)).toEqual(['Orders', 'Invoices', 'Settings'])

    await page.goto(`${own.origin}/transactions`)
    await page.getByText('Your role does not include transactions', { exact: true }).waitFor()
    expect(await page.getByTestId('transaction-row').count()).toBe(0)
    const refused = await apiFromPage(page, '/transaction?page=1&size=10')
    expect(refused.status).toBe(403)
    await context.close()
  })

  it('moves money to a new outlet and back: both balances follow, with no fee', async () => {
    const { context, page } = await ownerPage()
    const t = tag()
    const outletName = `Yaba Kiosk ${t}`
    const narration = `Float for Saturday ${t}`
    const before = await walletBalanceKobo(page)
    expect(before).toBeGreaterThan(250_000)

    await goByMenu(page, 'Outlets')
    await page.getByRole('link', { name: 'Create Outlet' }).click()
    const create = page.getByRole('dialog', { name: 'Create Outlet' })
    await create.getByRole('textbox', { name: 'Outlet name', exact: true }).fill(outletName)
    await create.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Herbert Macaulay Way, Yaba')
    await create.getByRole('button', { name: 'Create Outlet' }).click()
    await page.getByRole('heading', { name: outletName }).waitFor()
    const outletPath = new URL(page.url()).pathname
    expect(outletPath).toMatch(/^\/outlets\/[^/]+$/)
    await expect.poll(() => outletBalanceText(page)).toBe('₦0.00')

    // ₦2,500.00 in, with a narration; a wrong PIN first moves nothing.
    await transfer(
      page,
      'Transfer to Outlet',
      '2500',
      { amount: '₦2,500.00', from: 'Main wallet', to: outletName },
      { narration, wrongPinFirst: true },
    )
    await expect.poll(() => outletBalanceText(page)).toBe('₦2,500.00')
    // The row says where the money came from and leads with the narration (decision 112); the summary too.
    const credit = page.getByTestId('transaction-row').filter({ hasText: '+₦2,500.00' })
    await expect.poll(() => credit.count()).toBe(1)
    expect(await credit.textContent()).toContain('From main wallet')
    expect(await credit.textContent()).toContain(narration)
    await credit.click()
    const summary = page.getByRole('dialog', { name: 'Transaction Summary' })
    await expect.poll(() => detailValue(summary, 'Narration').textContent()).toContain(narration)
    expect(await detailValue(summary, 'From').textContent()).toBe('Main wallet')
    expect(await detailValue(summary, 'Status').textContent()).toMatch(/success/i)
    expect(await detailValue(summary, 'Fee').textContent()).toBe('₦0.00')
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.pathname === outletPath)

    await goByMenu(page, 'Home')
    await expect.poll(() => walletBalanceKobo(page)).toBe(before - 250_000)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === outletPath)

    // ₦1,000.00 back out.
    await transfer(page, 'Transfer to Main Wallet', '1000', { amount: '₦1,000.00', from: outletName, to: 'Main wallet' })
    await expect.poll(() => outletBalanceText(page)).toBe('₦1,500.00')
    const debit = page.getByTestId('transaction-row').filter({ hasText: '−₦1,000.00' })
    await expect.poll(() => debit.count()).toBe(1)
    expect(await debit.textContent()).toContain('To main wallet')

    await goByMenu(page, 'Home')
    await expect.poll(() => walletBalanceKobo(page)).toBe(before - 250_000 + 100_000)
    await context.close()
  })

  it('a cashier (orders, no refund permission) sees no refund action; the owner’s refund asks for the PIN', async () => {
    const { context: ownerContext, page: owner } = await ownerPage()
    // A paid order of the demo that can be refunded, found as the owner would through the API.
    const list = await apiFromPage(owner, '/order?page=1&size=100&status=paid')
    const references = (list.json!.data as { items: { reference: string; kind: string }[] }).items
      .filter((o) => o.kind === 'order')
      .map((o) => o.reference)
    let reference: string | undefined
    for (const candidate of references) {
      const one = await apiFromPage(owner, `/order/single?reference=${candidate}`)
      if ((one.json!.data as { canRefund: boolean }).canRefund) {
        reference = candidate
        break
      }
    }
    expect(reference).toBeDefined()

    const context = await phoneContext(own.browser)
    const cashier = await context.newPage()
    await logIn(cashier, 'cashier@vendor.test', DEMO_MEMBER_PASSWORD, own.origin)
    await cashier.goto(`${own.origin}/orders/${reference}`)
    await cashier.getByRole('heading', { name: new RegExp(reference!), level: 1 }).waitFor()
    await cashier.getByText('Amount paid').first().waitFor()
    expect(await cashier.getByRole('link', { name: 'Initiate Refund' }).count()).toBe(0)
    expect(await cashier.getByRole('button', { name: 'Initiate Refund' }).count()).toBe(0)
    await context.close()

    await owner.goto(`${own.origin}/orders/${reference}`)
    await owner.getByRole('link', { name: 'Initiate Refund' }).click()
    const sheet = owner.getByRole('dialog', { name: 'Initiate Refund' })
    await sheet.getByRole('radio', { name: 'Partial' }).check()
    await sheet.getByLabel('Amount', { exact: true }).fill('100')
    await sheet.getByRole('button', { name: 'Initiate Refund' }).click()
    const confirm = owner.getByRole('dialog', { name: 'Confirm Refund' })
    expect(await detailValue(confirm, 'Refund').textContent()).toBe('₦100.00')
    await expect.poll(() => detailValue(confirm, 'Charge').textContent()).toBe('₦10.00')
    expect(await detailValue(confirm, 'Total from your wallet').textContent()).toBe('₦110.00')
    expect((await detailValue(confirm, 'Account number').textContent())!).toMatch(/^\d{10}$/)
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click()
    const pin = owner.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(owner, DEMO.pin)
    await confirm.waitFor({ state: 'hidden' })
    await owner
      .getByRole('status')
      .filter({ hasText: /Refund (sent to the customer|is processing)/ })
      .first()
      .waitFor()
    await ownerContext.close()
  })

  it('a member of one outlet sees only that outlet', async () => {
    const { context: ownerContext, page: owner } = await ownerPage()
    const t = tag()
    const mine = `Ikeja Stall ${t}`
    const other = `Surulere Stall ${t}`
    const memberName = `Kemi Outlet ${t}`
    const email = `kemi.${t}@example.com`
    const password = 'one-outlet-2026'

    // Setting the scene through the API; the assignment itself goes through Add Member to Outlet.
    const created: string[] = []
    for (const outletName of [mine, other]) {
      const answer = await apiFromPage(owner, '/outlet', { method: 'POST', body: { name: outletName, address: 'Lagos' } })
      expect(answer.status).toBe(201)
      created.push((answer.json!.data as { id: string }).id)
    }
    const invited = await apiFromPage(owner, '/invite', {
      method: 'POST',
      body: { name: memberName, phone: `081${t}${randomInt(10, 99)}`, email, permissions: ['VENDOR_OUTLETS'] },
    })
    expect(invited.status).toBe(201)
    const code = new URL(await invitationLink(memberName)).pathname.split('/').pop()
    const accepted = await fetch(`${own.origin}/api/invite/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ inviteCode: code, password }),
    })
    expect(accepted.status).toBe(200)

    await owner.goto(`${own.origin}/outlets/${created[0]}`)
    await owner.getByRole('heading', { name: mine }).waitFor()
    await owner.getByRole('button', { name: 'Add Member' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Add Member to Outlet' })
    await dialog.getByRole('searchbox', { name: 'Search members by name' }).fill(memberName)
    await dialog.getByRole('radio', { name: new RegExp(memberName) }).check()
    // Once in CI the dialog was still open 15 s after Add: whether no request went, or it failed, or it was slow was
    // not said. The request and its answer are now part of what the test holds.
    const [added] = await Promise.all([
      owner.waitForResponse((r) => new URL(r.url()).pathname === '/api/outlet/members' && r.request().method() === 'POST', {
        timeout: 30_000,
      }),
      dialog.getByRole('button', { name: 'Add', exact: true }).click(),
    ])
    expect(added.status(), `POST /outlet/members answered ${await added.text()}`).toBe(201)
    await dialog.waitFor({ state: 'hidden' })
    await owner.getByTestId('outlet-member-row').filter({ hasText: memberName }).waitFor()
    await ownerContext.close()

    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, email, password, own.origin)
    // Staff of one outlet start on it (issue 22).
    await page.waitForURL((url) => url.pathname === `/outlets/${created[0]}`)
    await page.getByRole('heading', { name: mine }).waitFor()
    expect(await menuEntries(page)).toEqual(['Outlets', 'Settings'])
    await goByMenu(page, 'Outlets')
    const rows = page.getByTestId('outlet-row')
    await rows.first().waitFor()
    expect((await rows.allTextContents()).map((text) => text.includes(mine))).toEqual([true])
    await page.goto(`${own.origin}/outlets/${created[1]}`)
    await page.getByText('Outlet not found', { exact: true }).waitFor()
    expect((await apiFromPage(page, `/outlet/wallet/balance?outletId=${created[1]}`)).status).toBe(404)
    await context.close()
  })
})
