import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { nubanFor } from '#contract/nuban'

import { demo, demoOnPhone, suiteBrowser, typeCode } from './browser'

/*
 * Bulk payout (issue 42, decision 192) on a phone: a 10-row CSV, one row to the sandbox's dormant account
 * (serial 111111111, docs/sandbox-banking.md). The review names every payee with the total and the charges; one PIN
 * sends the batch; the jobs send each row and the screen shows nine sent and the dormant one failed with its reason.
 * A batch scheduled for later is cancelled from its screen (decision 196), and is then first among the sheet's
 * earlier payouts (decision 199). With SCREENSHOT_DIR set, the review, the outcome, the scheduled batch, the cancel's
 * dialog, the cancelled batch and the earlier payouts are saved there to be looked at.
 */

const suite = suiteBrowser()
const shot = (name: string) => (process.env.SCREENSHOT_DIR ? { path: join(process.env.SCREENSHOT_DIR, name) } : null)

const csv = [
  'Account number,Bank,Amount,Narration',
  ...Array.from({ length: 10 }, (_, index) => {
    const serial = index === 3 ? '111111111' : String(420_000_001 + index)
    return `${nubanFor('058', serial)},GTBank,"1,000.${String(index).padStart(2, '0')}",Stock ${index + 1}`
  }),
].join('\n')

describe('bulk payout', () => {
  it('a 10-row batch with one failing row: reviewed, sent with one PIN, nine sent and one failed with its reason', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.getByRole('link', { name: 'Pay many people at once' }).click()
    const sheet = page.getByRole('dialog', { name: 'Bulk payout' })
    await sheet.locator('input[type=file]').setInputFiles({ name: 'payees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await sheet.getByText('10 payees read from the file.').waitFor()
    await sheet.getByRole('button', { name: 'Review' }).click()

    const review = page.getByRole('dialog', { name: 'Review payout' })
    const payees = review.getByRole('list', { name: 'Payees' }).getByRole('listitem')
    await expect.poll(() => payees.count()).toBe(10)
    await expect.poll(() => review.getByText('Ready', { exact: true }).count()).toBe(10)
    // ₦10,000.45 in all, and ten ₦10 charges (each below ₦5,000).
    await review.getByText('₦10,000.45').waitFor()
    await review.getByText('₦100.00').waitFor()
    const reviewShot = shot('bulk-payout-review-phone.png')
    if (reviewShot) await page.screenshot(reviewShot)

    await review.getByRole('button', { name: 'Send 10 payments' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, demo().pin)

    const outcome = page.getByRole('dialog', { name: 'Payout progress' })
    await expect.poll(() => outcome.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(9)
    await expect.poll(() => outcome.getByText('Failed', { exact: true }).count()).toBe(1)
    await outcome.getByText('Beneficiary account is dormant').waitFor()
    await outcome.getByText('9 · 0 · 1').waitFor()
    const outcomeShot = shot('bulk-payout-outcome-phone.png')
    if (outcomeShot) await page.screenshot(outcomeShot)

    // A sent row's receipt is its transfer's.
    await outcome.getByRole('button', { name: 'Receipt' }).first().click()
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor()
    await context.close()
  })

  it('a batch scheduled for the day after tomorrow is cancelled from its screen, and shows each row cancelled', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.getByRole('link', { name: 'Pay many people at once' }).click()
    const sheet = page.getByRole('dialog', { name: 'Bulk payout' })
    const three = csv.split('\n').slice(0, 4).join('\n')
    await sheet.locator('input[type=file]').setInputFiles({ name: 'payees.csv', mimeType: 'text/csv', buffer: Buffer.from(three) })
    await sheet.getByText('3 payees read from the file.').waitFor()
    await sheet.getByRole('button', { name: 'Review' }).click()

    const review = page.getByRole('dialog', { name: 'Review payout' })
    // Two days on, as Lagos (UTC+1) writes it in the field.
    const later = new Date(Date.now() + 2 * 24 * 3_600_000 + 3_600_000).toISOString().slice(0, 16)
    await review.getByLabel('Send later (optional)').fill(later)
    await review.getByRole('button', { name: 'Schedule 3 payments' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, demo().pin)

    const scheduled = page.getByRole('dialog', { name: 'Payout scheduled' })
    await expect.poll(() => scheduled.getByText('Scheduled', { exact: true }).count()).toBe(3)
    const scheduledShot = shot('bulk-payout-scheduled-phone.png')
    if (scheduledShot) await page.screenshot(scheduledShot)
    await scheduled.getByRole('button', { name: 'Cancel batch' }).click()
    const asked = page.getByRole('alertdialog', { name: 'Cancel this batch?' })
    await asked.getByText('None of its 3 payments will be sent. This cannot be undone.').waitFor()
    const askedShot = shot('bulk-payout-cancel-dialog-phone.png')
    if (askedShot) await page.screenshot(askedShot)
    await asked.getByRole('button', { name: 'Cancel batch' }).click()

    const cancelled = page.getByRole('dialog', { name: 'Payout cancelled' })
    await expect.poll(() => cancelled.getByText('Cancelled', { exact: true }).count()).toBe(3)
    await cancelled.getByText(/^Cancelled on .* \(Lagos time\)\. No payment was sent\.$/).waitFor()
    await expect.poll(() => cancelled.getByRole('button', { name: 'Cancel batch' }).count()).toBe(0)
    const cancelledShot = shot('bulk-payout-cancelled-phone.png')
    if (cancelledShot) await page.screenshot(cancelledShot)

    // Decision 199: the sheet opened again lists it first among the earlier payouts, and opens it again.
    await cancelled.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('link', { name: 'Pay many people at once' }).click()
    const earlier = page.getByRole('dialog', { name: 'Bulk payout' }).getByRole('region', { name: 'Earlier payouts' })
    const newest = earlier.getByRole('button').first()
    await expect.poll(() => newest.textContent()).toMatch(/^₦3,\d{3}\.\d{2} to 3 payees.* · no payment sentCancelled$/)
    const listShot = shot('bulk-payout-earlier-phone.png')
    if (listShot) await page.screenshot(listShot)
    await newest.click()
    await page.getByRole('dialog', { name: 'Payout cancelled' }).getByRole('button', { name: 'Back' }).click()
    await earlier.waitFor()
    await context.close()
  })
})
