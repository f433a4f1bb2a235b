import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { creditedTaxes } from '#server/orders/credit-notes'

import { call, createMember, download, type TestApp, unchecked } from '../harness'
import { PIN, tokenFor } from '../money/helpers'
import { makeTax, NAIRA, order, pay, salesApp, type Shop, shop, withBusiness } from './helpers'

/*
 * A credit note's own document (issue 42, decision 195): GET /order/credit-note/pdf writes an A4 PDF with the
 * business as its invoice prints it, the credit note's number and date in Lagos time, the invoice it credits, the
 * amount refunded and the VAT in it. Read back as a person would, with poppler's pdftotext.
 */

let t: TestApp
let s: Shop
let invoice: { reference: string; invoiceNumber: string }
beforeAll(async () => {
  t = await salesApp()
  // Everything happens at 00:30 in Lagos, 23:30 the day before in UTC: the date printed must be Lagos's. (The clock
  // moves before anyone signs in: a session does not outlive a jump of up to a day.)
  const now = t.clock.now().getTime()
  const next = new Date(now)
  next.setUTCHours(23, 30, 0, 0)
  t.clock.advance((next.getTime() <= now ? next.getTime() + 86_400_000 : next.getTime()) - now)
  s = await shop(t, { balance: 1_000 * NAIRA })
  await withBusiness(t, s)
  const vat = await makeTax(t, s.token, 'VAT', 7.5)
  // 2 × ₦1,000 + VAT 7.5% = ₦2,150.
  const made = await order(t, s.token, {
    kind: 'invoice',
    items: [{ variantId: s.small.id, quantity: 2 }],
    taxIds: [vat],
    customer: { name: 'Aisha Bello' },
  })
  expect(made.invoiceNumber).not.toBeNull()
  invoice = { reference: made.reference, invoiceNumber: made.invoiceNumber! }
  await pay(t, s, invoice.reference, 2_150 * NAIRA)
  expect((await refund(invoice.reference, 500 * NAIRA, 'Two plates came cold')).status).toBe(200)
  expect((await refund(invoice.reference, 1_650 * NAIRA)).status).toBe(200)
  // Printed ten minutes later: the footer's generation time is not the credit note's date.
  t.clock.advance(10 * 60_000)
})

function refund(reference: string, amount: number, narration?: string) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: unchecked({ status: 'refunded', pin: PIN, reference, amount, narration }),
  })
}

const get = (number: string, token = s.token) => download(t.app, endpoints.creditNotePdf, { token, query: { number } })

/** The PDF's text as pdftotext lays it out. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'credit-note-'))
  try {
    writeFileSync(join(dir, 'note.pdf'), bytes)
    return execFileSync('pdftotext', ['-layout', join(dir, 'note.pdf'), '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function creditNote(number: string, token = s.token) {
  const res = await get(number, token)
  expect(res.status, number).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  expect(res.headers.get('content-disposition')).toContain(`credit-note-${number.toUpperCase()}.pdf`)
  const bytes = Buffer.from(await res.arrayBuffer())
  return { bytes, text: pdfText(bytes) }
}

/** '7 Dec 2026': the clock's day in Lagos (23:30 UTC is 00:30 the next day there), as the document writes it. */
function lagosDay(): string {
  const lagos = new Date(t.clock.now().getTime() + 3_600_000)
  const month = lagos.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })
  return `${lagos.getUTCDate()} ${month} ${lagos.getUTCFullYear()}`
}

describe('the credit note PDF', () => {
  it('prints the business, the credit note and invoice numbers, the amount and its VAT, dated in Lagos time', async () => {
    const { bytes, text } = await creditNote('CN-000001')
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
    expect(bytes.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]')
    // The logo is drawn: an image with its alpha mask.
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image \/Width 192 \/Height 192 .*\/SMask/)
    expect(text).toContain(s.vendor.name)
    expect(text).toContain('12 Allen Avenue')
    expect(text).toContain('Ikeja, Lagos')
    expect(text).toContain(`08030000000 · ${s.owner.email}`)
    expect(text).toContain('TIN: 12345678-0001')
    expect(text).toMatch(/Credit note\s+CN-000001/)
    expect(text).toMatch(/Credits invoice\s+Invoice reference/)
    expect(text).toMatch(new RegExp(`${invoice.invoiceNumber}\\s+${invoice.reference}`))
    expect(invoice.invoiceNumber).toBe('INV-000001')
    expect(text).toMatch(new RegExp(`Credit note number\\s+Date\\n\\s*CN-000001\\s+${lagosDay()}, 00:30 \\(Lagos time\\)`))
    expect(text).toContain(`Generated ${lagosDay()}, 00:40 (Lagos time)`)
    expect(text).toContain('Aisha Bello')
    expect(text).toContain('Two plates came cold')
    expect(text).toMatch(/Amount credited\s+NGN 500\.00/)
    // ₦150 of VAT on ₦2,150: ₦500's share is 150 × 500 / 2,150 = 34.88.
    expect(text).toMatch(/VAT \(7\.5%\) included\s+NGN 34\.88/)
    expect(text).toMatch(/Amount before tax\s+NGN 465\.12/)
    expect(text).toMatch(/Invoice total\s+NGN 2,150\.00/)
    expect(text).toContain('Page 1 of 1')
  })

  it('the second credit note of the invoice takes the rest of its VAT, so the two add up to the invoice’s', async () => {
    const { text } = await creditNote('CN-000002')
    expect(text).toMatch(/Amount credited\s+NGN 1,650\.00/)
    // 34.88 + 115.12 = 150.00, the invoice's VAT.
    expect(text).toMatch(/VAT \(7\.5%\) included\s+NGN 115\.12/)
  })

  it('is served to a member who may open orders, as the invoice is', async () => {
    const member = await createMember(s, { permissions: ['VENDOR_ORDERS'] })
    const { text } = await creditNote('cn-000001', await tokenFor(t, member.row))
    expect(text).toContain('CN-000001')
  })

  it('404 for a number the vendor does not have, or another vendor’s; 422 for what is not a credit note number', async () => {
    expect((await get('CN-000003')).status).toBe(404)
    expect((await get('CN-000000')).status).toBe(404)
    const other = await shop(t)
    const refused = await get('CN-000001', other.token)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual({ message: 'Credit note not found', code: 'NOT_FOUND' })
    const bad = await get(invoice.invoiceNumber)
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('number')
  })
})

describe('the VAT in a credit note', () => {
  const vat = { total: 2_150_00, taxes: [{ name: 'VAT', bps: 750, amount: 150_00 }] }
  it('is the share of the total its refund reaches, rounded half up, and credit notes add up to the tax', () => {
    expect(creditedTaxes(vat, 0, 500_00)).toEqual([{ name: 'VAT', percentage: 7.5, amount: 34_88 }])
    expect(creditedTaxes(vat, 500_00, 1_650_00)[0]!.amount).toBe(115_12)
    // Three equal thirds: each rounds on its own end, so nothing is lost or made.
    const thirds = [0, 1, 2].map((i) => creditedTaxes({ total: 3_00, taxes: [{ name: 'VAT', bps: 750, amount: 1_00 }] }, i * 1_00, 1_00))
    expect(thirds.map((t) => t[0]!.amount)).toEqual([33, 34, 33])
  })

  it('money beyond the invoice’s total (an overpayment sent back) carries none; no tax, no lines', () => {
    expect(creditedTaxes(vat, 2_150_00, 100_00)[0]!.amount).toBe(0)
    expect(creditedTaxes(vat, 2_000_00, 300_00)[0]!.amount).toBe(150_00 - 139_53)
    expect(creditedTaxes({ total: 1_000_00, taxes: [] }, 0, 1_000_00)).toEqual([])
    // A large invoice: tax × amount passes 2^53, and the share is still exact.
    const large = { total: 1_075_000_000_00, taxes: [{ name: 'VAT', bps: 750, amount: 75_000_000_00 }] }
    expect(creditedTaxes(large, 0, 537_500_000_00)[0]!.amount).toBe(37_500_000_00)
  })
})
