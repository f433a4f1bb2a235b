import { randomInt } from 'node:crypto'

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo } from '#contract/naira'
import { nubanFor } from '#contract/nuban'

import { bankCredit } from './bank-credit'
import { baseURL, demo, demoOnPhone, detailValue, persistedCache, phoneContext, suiteBrowser, typeCode, walletBalanceKobo } from './browser'

/*
 * Sales on a phone, against the demo vendor's seeded two weeks (src/server/seed/sales.ts). Each journey works on
 * an order of its own, so they do not depend on one another's order:
 *   refund   → Halima Danjuma's paid order (her only paid one),
 *   dispute  → Chukwuemeka Obi's paid order (the seeded disputes are on Babajide's order and Zainab's invoice),
 *   offline  → Ibrahim Musa's overpaid order (only read),
 *   checkout → Obinna Nnamdi's shareable order (unpaid).
 */

const suite = suiteBrowser()

const signedIn = () => demoOnPhone(suite.browser)

/**
 * Through the phone's menu, as a vendor would. Toasts sit at the top on a phone, over the header's menu button for
 * their 4 s, so they are dismissed first (their close button); one may time out on its own meanwhile.
 */
async function openFromMenu(page: Page, label: string) {
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined)
  }
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: label, exact: true }).click()
}

const rows = (page: Page) => page.getByTestId('order-row')

/** The order page's Summary card and the status badge in it. */
function summaryOf(page: Page) {
  const summary = page.getByRole('region', { name: 'Summary' })
  const status = (word: string) => summary.getByText(word, { exact: true })
  return { summary, status }
}

/** Opens the row of `customer` in a list already filtered down to it; answers the order's reference. */
async function openOrderOf(page: Page, customer: string): Promise<string> {
  await rows(page).filter({ hasText: customer }).first().click()
  await page.waitForURL(/\/orders\/ORD-[0-9A-Z]+$/)
  const reference = new URL(page.url()).pathname.split('/').pop()!
  await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor()
  return reference
}

const kobo = async (value: Locator) => parseNairaToKobo((await value.textContent())!.trim())

describe('sales on a phone (390×844)', () => {
  it('filters orders by status and customer, refunds part of one, and the status, refunded amount and wallet balance follow', async () => {
    const { context, page } = await signedIn()
    const before = await walletBalanceKobo(page)

    await openFromMenu(page, 'Orders')
    // The address changes at the tap, but Home (which has a Duration filter too) stays until the Orders screen is in.
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
    // The list opens on today; the seed's orders span the last two weeks.
    await page.getByLabel('Duration').selectOption('LAST_MONTH')
    await page.waitForURL((url) => url.searchParams.get('duration') === 'LAST_MONTH')
    await rows(page).first().waitFor()

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Filter Orders' })
    await sheet.getByRole('radio', { name: 'paid', exact: true }).check()
    await sheet.getByRole('button', { name: 'Choose a customer' }).click()
    const picker = page.getByRole('dialog', { name: 'Select Customer' })
    await picker.getByRole('searchbox', { name: 'Search customers by name' }).fill('Halima')
    // Search as you type: wait for the answer to the search, not the first page of everyone.
    await expect
      .poll(() => picker.getByRole('list', { name: 'Customers' }).getByRole('button').allTextContents())
      .toEqual([expect.stringContaining('Halima Danjuma')])
    await picker.getByRole('button', { name: /Halima Danjuma/ }).click()
    await picker.waitFor({ state: 'hidden' })
    await sheet.getByText('Halima Danjuma', { exact: true }).waitFor()
    await sheet.getByRole('button', { name: 'Apply' }).click()
    await sheet.waitFor({ state: 'hidden' })

    const url = new URL(page.url())
    expect(url.searchParams.get('status')).toBe('paid')
    expect(url.searchParams.get('customerId')).toBeTruthy()
    const active = page.getByRole('list', { name: 'Active filters' })
    await active.getByText('Status: paid').waitFor()
    await active.getByText('Customer: Halima Danjuma').waitFor()
    expect(await page.getByRole('button', { name: 'Filter, 2 on' }).count()).toBe(1)
    // Halima has two orders in the seed, one paid and one still pending: only the paid one is left.
    await expect.poll(() => rows(page).count()).toBe(1)
    const row = rows(page).first()
    expect(await row.textContent()).toContain('Halima Danjuma')
    expect(await row.getByText('paid', { exact: true }).count()).toBe(1)

    const reference = await openOrderOf(page, 'Halima Danjuma')
    const { summary, status } = summaryOf(page)
    await status('paid').waitFor()
    const paid = (await kobo(detailValue(summary, 'Amount paid')))!
    expect(await kobo(detailValue(summary, 'Refunded'))).toBe(0)

    // A partial refund of ₦1,500.50 (under ₦5,000: the ₦10 tier), with a reason.
    const refund = 1_500_50
    expect(paid).toBeGreaterThan(refund)
    await page.getByRole('link', { name: 'Initiate Refund' }).click()
    const refundSheet = page.getByRole('dialog', { name: 'Initiate Refund' })
    expect(await kobo(detailValue(refundSheet, 'Can be refunded'))).toBe(paid)
    await refundSheet.getByRole('radio', { name: 'Partial' }).check()
    await refundSheet.getByLabel('Amount', { exact: true }).fill('1500.50')
    await refundSheet.getByLabel('Reason (optional)').fill('One plate was cold')
    await refundSheet.getByRole('button', { name: 'Initiate Refund' }).click()
    // Confirm (what leaves the wallet, and where it goes), then the PIN (decision 086).
    const confirmRefund = page.getByRole('dialog', { name: 'Confirm Refund' })
    await confirmRefund.getByRole('button', { name: 'Refund', exact: true }).click()
    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, demo().pin)
    await confirmRefund.waitFor({ state: 'hidden' })
    await page.getByRole('status').filter({ hasText: 'Refund sent to the customer' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/orders/${reference}`)

    // A partial refund keeps the order paid and fulfillable; the amount says what went back (decision 089).
    await expect.poll(() => kobo(detailValue(summary, 'Refunded'))).toBe(refund)
    await status('paid').waitFor()
    await summary.getByText(`Refunded ₦1,500.50 of ${formatKobo(paid)}`).waitFor()
    await summary.getByRole('button', { name: 'Mark as fulfilled' }).waitFor()
    expect(await kobo(detailValue(summary, 'Amount paid'))).toBe(paid)
    const refunds = page.getByRole('list', { name: 'Refunds' })
    const line = refunds.getByRole('listitem').filter({ hasText: 'One plate was cold' })
    await line.getByText('success', { exact: true }).waitFor()
    expect(await line.textContent()).toContain('₦1,500.50')

    // The wallet paid the refund and the transfer fee.
    const { fee } = chargeFor(refund)
    expect(fee).toBe(10_00)
    await openFromMenu(page, 'Home')
    await expect.poll(() => walletBalanceKobo(page), { timeout: 15_000 }).toBe(before - refund - fee)
    await context.close()
  })

  it('initiates a dispute from an order, then escalates it to an admin once', async () => {
    const { context, page } = await signedIn()
    await page.goto(`${baseURL()}/orders?duration=LAST_MONTH&status=paid`)
    const reference = await openOrderOf(page, 'Chukwuemeka Obi')

    await page.getByRole('link', { name: 'Initiate Dispute' }).click()
    const sheet = page.getByRole('dialog', { name: 'Initiate Dispute' })
    await sheet.waitFor()
    expect(await sheet.getByLabel('Order reference').inputValue()).toBe(reference)
    const title = `Rice arrived cold ${randomInt(1000, 9999)}`
    await sheet.getByLabel('Title').fill(title)
    await sheet.getByRole('radio', { name: 'Damaged item' }).check()
    await sheet.getByLabel('Description').fill('The customer says the jollof was cold and the pack was crushed on arrival.')
    await sheet.getByRole('button', { name: 'Initiate Dispute' }).click()

    await page.waitForURL(/\/orders\/disputes\/[^/]+$/)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    const dispute = page.getByRole('region', { name: 'Dispute' })
    expect(await detailValue(dispute, 'Status').textContent()).toBe('open')
    expect(await detailValue(dispute, 'Category').textContent()).toBe('Damaged item')
    expect(await detailValue(dispute, 'Order').textContent()).toBe(reference)
    await dispute.getByText('The customer says the jollof was cold and the pack was crushed on arrival.').waitFor()

    const disputePath = new URL(page.url()).pathname
    const reason = 'The customer will not accept a replacement and wants Support to decide.'
    await page.getByRole('link', { name: 'Escalate Dispute to Admin' }).click()
    const escalate = page.getByRole('dialog', { name: 'Escalate Dispute to Admin' })
    await escalate.getByLabel('Reason').fill(reason)
    await escalate.getByRole('button', { name: 'Escalate' }).click()
    await escalate.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe(disputePath)

    const escalated = page.getByRole('region', { name: 'Escalated to admin' })
    await escalated.getByText(reason).waitFor()
    await expect.poll(() => detailValue(dispute, 'Status').textContent()).toBe('escalated')
    expect(await page.getByRole('link', { name: 'Escalate Dispute to Admin' }).count()).toBe(0)

    // The server has it too: another phone (empty cache) signs in and opens the same address.
    // (Not a reload of this page: a reload within the persister's 500 ms throttle restores the pre-escalation copy.)
    await context.close()
    const other = await signedIn()
    await other.page.goto(`${baseURL()}${disputePath}`)
    await other.page.getByRole('region', { name: 'Escalated to admin' }).getByText(reason).waitFor()
    expect(await other.page.getByRole('link', { name: 'Escalate Dispute to Admin' }).count()).toBe(0)
    await other.context.close()
  })

  it('keeps the orders list and an opened order on screen offline, after a reload', async () => {
    const { context, page } = await signedIn()
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.goto(`${baseURL()}/orders?duration=LAST_MONTH`)
    await rows(page).first().waitFor()
    const listed = await rows(page).count()
    const reference = await openOrderOf(page, 'Ibrahim Musa')
    const { status } = summaryOf(page)
    await status('overpayment').waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/orders')
    await rows(page).first().waitFor()
    // Both answers saved to IndexedDB before the network goes.
    const saved = async () => Object.values(await persistedCache(page)).join('')
    await expect.poll(saved).toContain(`["orders","detail","${reference}"]`)
    await expect.poll(saved).toContain('["orders","list",')

    await context.setOffline(true)
    await page.reload()
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' })
    await banner.waitFor()
    await expect.poll(() => rows(page).count()).toBe(listed)
    await rows(page).filter({ hasText: reference }).waitFor()

    await openOrderOf(page, 'Ibrahim Musa')
    await status('overpayment').waitFor()
    expect(await page.getByRole('region', { name: 'Items' }).isVisible()).toBe(true)
    // And opened cold, straight at its address: the service worker serves the shell, the cache the order.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor()
    await status('overpayment').waitFor()
    await banner.waitFor()
    await context.setOffline(false)
    await context.close()
  })

  it('a customer pays a shareable order by transfer from its public page, and the vendor sees it paid', async () => {
    const { context, page } = await signedIn()
    await page.goto(`${baseURL()}/orders?duration=LAST_MONTH&status=pending`)
    const reference = await openOrderOf(page, 'Obinna Nnamdi')
    const { status } = summaryOf(page)
    await status('pending').waitFor()
    const link = page.getByText(/\/checkout\/[A-Za-z0-9]+$/)
    const checkoutUrl = (await link.textContent())!.trim()
    expect(checkoutUrl.startsWith(`${baseURL()}/checkout/`)).toBe(true)

    // The customer: a fresh phone, no session.
    const customer = await phoneContext(suite.browser)
    const pay = await customer.newPage()
    await pay.goto(checkoutUrl)
    await pay.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor()
    const how = pay.getByRole('region', { name: 'Pay by bank transfer' })
    // The order's own account (issue 36), made when the page is first shown: no narration is asked for.
    const accountNumber = (await detailValue(how, 'Account number').textContent())!.trim()
    expect(await how.getByText('Narration', { exact: true }).count()).toBe(0)
    const narration = reference
    const due = (await kobo(detailValue(how, 'Amount due')))!
    expect(accountNumber).toMatch(/^\d{10}$/)
    expect(due).toBeGreaterThan(0)

    // Their bank tells ours: a signed inbound credit quoting the reference.
    await bankCredit(baseURL(), {
      accountNumber,
      amount: due,
      narration: `Payment for ${narration}`,
      from: { name: 'Obinna Nnamdi', bank: 'Sterling Bank', accountNumber: nubanFor('232', '005123876') },
    })

    // No reload: the open page asks again every few seconds while money is awaited, and shows it paid.
    await pay.getByText('Paid in full. Thank you.').waitFor({ timeout: 12_000 })
    expect(await how.count()).toBe(0)
    await customer.close()

    await page.reload()
    await status('paid').waitFor()
    const summary = page.getByRole('region', { name: 'Summary' })
    expect(await kobo(detailValue(summary, 'Amount paid'))).toBe(due)
    await page.getByRole('list', { name: 'Payments' }).getByText('Obinna Nnamdi').waitFor()
    await context.close()
  })
})
