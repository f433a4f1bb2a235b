// A device set to another zone than Lagos (issue 22). Set before the first Date is made in this worker; the
// expected instants are the Lagos ones of dates.test.ts, which pins Africa/Lagos.
process.env.TZ = 'America/Los_Angeles'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { exportFileName as ordersFileName, ordersCsv } from '#app/features/orders/export'
import { invoicePdf } from '#app/features/orders/invoice-pdf'
import { accountCardPdf } from '#app/features/wallet/account-card-pdf'
import { durationRange, formatDate, formatDateTime, toIsoDate, validateCustomRange } from '#app/lib/dates'
import { greeting } from '#app/lib/greeting'
import { clockText, dayAndClockText, sameLagosDay } from '#app/lib/lagos-clock'
import { receiptPdf } from '#app/lib/receipt-pdf'
import { toCsv } from '#contract/csv'
import type { Transaction } from '#contract/transactions'
import { TRANSACTION_CSV_COLUMNS, transactionsFileName } from '#contract/transactions-csv'

import { transaction } from '../app/fixtures'
import { orderSummary, publicOrder, unpaidInvoice } from '../app/sales-fixtures'
import { pdfText } from './pdf-files'

// 22 November 2026, 10:42 in Lagos; 01:42 the same day in Los Angeles.
const now = new Date('2026-11-22T09:42:00.000Z')
// 23 November 2026, 00:30 in Lagos; still 15:30 on the 22nd in Los Angeles.
const justAfterLagosMidnight = new Date('2026-11-22T23:30:00.000Z')

describe('a device in Los Angeles counts the vendor’s days in Lagos', () => {
  it('is really in another zone', () => {
    expect(now.getTimezoneOffset()).toBe(480)
  })

  it('Today and Yesterday are Lagos days', () => {
    expect(durationRange('TODAY', now)).toEqual({ startDate: '2026-11-21T23:00:00.000Z', endDate: '2026-11-22T22:59:59.999Z' })
    expect(durationRange('YESTERDAY', now)).toEqual({
      startDate: '2026-11-20T23:00:00.000Z',
      endDate: '2026-11-21T22:59:59.999Z',
    })
  })

  it('just after midnight in Lagos, Today is already the next day there', () => {
    expect(durationRange('TODAY', justAfterLagosMidnight)).toEqual({
      startDate: '2026-11-22T23:00:00.000Z',
      endDate: '2026-11-23T22:59:59.999Z',
    })
    expect(toIsoDate(justAfterLagosMidnight)).toBe('2026-11-23')
  })

  it('the last 7 and 30 days end with the Lagos today', () => {
    expect(durationRange('LAST_WEEK', now).startDate).toBe('2026-11-15T23:00:00.000Z')
    expect(durationRange('LAST_MONTH', now)).toEqual({
      startDate: '2026-10-23T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
    })
  })

  it('a custom range is of Lagos dates, and the future is judged by the Lagos today', () => {
    expect(durationRange('CUSTOM', now, { startDate: '2026-11-01', endDate: '2026-11-03' })).toEqual({
      startDate: '2026-10-31T23:00:00.000Z',
      endDate: '2026-11-03T22:59:59.999Z',
    })
    expect(validateCustomRange('2026-11-23', '2026-11-23', justAfterLagosMidnight)).toBeNull()
    expect(validateCustomRange('2026-11-24', '2026-11-24', justAfterLagosMidnight)).toBe('Date cannot be in the future')
  })

  it('dates, times and the greeting are Lagos ones', () => {
    expect(formatDate(justAfterLagosMidnight)).toBe('23/11/2026')
    expect(formatDateTime('2026-11-22T09:42:00.000Z')).toBe('22nd November 2026, 10:42')
    expect(greeting(now)).toBe('Good morning')
    expect(greeting(new Date('2026-11-22T17:00:00.000Z'))).toBe('Good evening')
  })
})

const transactionsCsv = (rows: Transaction[]) => toCsv(rows, TRANSACTION_CSV_COLUMNS)

// Issue 35: a transfer at 06:22:28Z, which the app shows at 07:22 (Lagos), was exported as '2026-12-05 06:22:28'.
const transferAt = '2026-12-05T06:22:28.000Z'
// 5 December 2026, 00:30 in Lagos; 15:30 on the 4th in Los Angeles.
const lagosSmallHours = '2026-12-04T23:30:00.000Z'
// The Date filter's range for the Lagos day 5 December: it starts at Lagos midnight, the 4th in Los Angeles.
const fifthOfDecember = durationRange('CUSTOM', new Date(transferAt), { startDate: '2026-12-05', endDate: '2026-12-05' })

describe('exports, PDFs and the shell read the Lagos clock on a device in Los Angeles', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the transactions CSV writes Lagos times under a header naming the zone', () => {
    const [header, row] = transactionsCsv([transaction({ createdAt: transferAt })]).split('\r\n')
    // Quoted for its comma; a spreadsheet shows Date (WAT, UTC+1).
    expect(header).toMatch(/^"Date \(WAT, UTC\+1\)",Reference,/)
    expect(row).toMatch(/^2026-12-05 07:22:28,/)
  })

  it('the orders CSV writes Lagos times under headers naming the zone', () => {
    const [header, row] = ordersCsv([orderSummary({ createdAt: transferAt, updatedAt: lagosSmallHours })]).split('\r\n')
    expect(header).toMatch(/^"Date \(WAT, UTC\+1\)",Reference,.*,"Updated \(WAT, UTC\+1\)"$/)
    expect(row).toMatch(/^2026-12-05 07:22:28,.*,2026-12-05 00:30:00$/)
  })

  it('a range starting at Lagos midnight names its Lagos day in the file names', () => {
    expect(fifthOfDecember.startDate).toBe('2026-12-04T23:00:00.000Z')
    expect(transactionsFileName(fifthOfDecember)).toBe('transactions-2026-12-05-to-2026-12-05.csv')
    expect(ordersFileName({ kind: 'order', ...fifthOfDecember })).toBe('orders-2026-12-05-to-2026-12-05.csv')
    expect(ordersFileName({ kind: 'invoice', ...fifthOfDecember, status: 'pending' })).toBe('invoices-2026-12-05-to-2026-12-05-pending.csv')
  })

  it('the receipt PDF gives the transfer’s Lagos time and the Lagos time it was made', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(transferAt) })
    const text = pdfText((await receiptPdf(transaction({ createdAt: transferAt }))).doc)
    expect(text).toContain('5th December 2026, 07:22')
    expect(text).toContain('Generated on 05/12/2026 07:22')
  })

  it('the invoice PDF gives the Lagos day it was issued and made', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(lagosSmallHours) })
    const invoice = unpaidInvoice({ createdAt: lagosSmallHours })
    const text = pdfText((await invoicePdf(invoice, publicOrder())).doc)
    expect(text).toMatch(/INV-7Q2K91XM\s+05\/12\/2026\s+15\/12\/2026/)
    expect(text).toContain('INV-000007 - Generated on 05/12/2026')
  })

  it('the account card PDF gives the Lagos day it was made', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(lagosSmallHours) })
    const details = { bankName: 'Wema Bank', accountNumber: '7012345678', accountName: 'Mama Put Kitchen' }
    expect(pdfText((await accountCardPdf(details)).doc)).toContain('Generated on 05/12/2026')
  })

  it('the offline banner and the outbox sheet give Lagos times and days', () => {
    const at = Date.parse(transferAt)
    expect(clockText(at)).toBe('07:22')
    expect(dayAndClockText(at)).toBe('5 Dec, 07:22')
    expect(dayAndClockText(Date.parse(lagosSmallHours))).toBe('5 Dec, 00:30')
    // "as of 00:30" rather than "as of 5 Dec, 00:30" seen the same Lagos morning, though Los Angeles is still on the 4th.
    expect(sameLagosDay(Date.parse(lagosSmallHours), at)).toBe(true)
    expect(sameLagosDay(Date.parse('2026-12-04T22:59:00.000Z'), at)).toBe(false)
  })
})
