// Issue 42: the invoice says who it is from (name, address, phone, e-mail, TIN), carries its number in the vendor's
// gapless sequence apart from the reference quoted when paying, and shows VAT as its own line with its rate. The
// receipt says which business it is from.
import { describe, expect, it } from 'vitest'

import { invoicePdf } from '#app/features/orders/invoice-pdf'
import { receiptPdf } from '#app/lib/receipt-pdf'
import { businessLines } from '#contract/business'
import type { VendorProfile } from '#contract/vendor'

import { transaction } from '../app/fixtures'
import { publicOrder, unpaidInvoice } from '../app/sales-fixtures'
import { pdfText } from './pdf-files'

const business: VendorProfile = {
  id: 'ven-1',
  name: 'Mama Put Kitchen',
  url: 'mama-put',
  email: 'orders@mamaput.ng',
  phone: '08031234567',
  address: '12 Allen Avenue\nIkeja, Lagos',
  tin: '12345678-0001',
  logoUrl: null,
  ownerName: 'Adaeze Okafor',
  status: 'approved',
  createdAt: '2026-01-05T09:00:00.000Z',
}

describe('the invoice as a document', () => {
  it('prints the business, its TIN, the invoice number and reference, and VAT with its rate', async () => {
    const invoice = unpaidInvoice({ taxes: [{ name: 'VAT', percentage: 7.5, amount: 75_000 }], taxTotal: 75_000 })
    const { doc } = await invoicePdf(invoice, publicOrder({ reference: invoice.reference, kind: 'invoice' }), business)
    const text = pdfText(doc)
    expect(text).toContain('Mama Put Kitchen')
    expect(text).toContain('12 Allen Avenue')
    expect(text).toContain('Ikeja, Lagos')
    expect(text).toContain('08031234567 · orders@mamaput.ng')
    expect(text).toContain('TIN: 12345678-0001')
    expect(text).toMatch(/INVOICE NUMBER\s+REFERENCE\s+ISSUE DATE/)
    expect(text).toMatch(/INV-000007\s+INV-7Q2K91XM/)
    expect(text).toMatch(/VAT \(7\.5%\)\s+NGN 750\.00/)
    expect(text).toContain('INV-000007 - Generated on')
  })

  it('the receipt says which business it is from, with its address, contacts and TIN', async () => {
    const { doc } = await receiptPdf(transaction(), business)
    const text = pdfText(doc)
    expect(text).toContain('Mama Put Kitchen')
    expect(text).toContain('12 Allen Avenue')
    expect(text).toContain('08031234567 · orders@mamaput.ng')
    expect(text).toContain('TIN: 12345678-0001')
    expect(text).toContain('Transaction receipt')
    expect(doc.getNumberOfPages()).toBe(1)
  })

  it('leaves out what the vendor has not set', () => {
    expect(businessLines({ ...business, address: null, tin: null, phone: null })).toEqual(['orders@mamaput.ng'])
  })
})
