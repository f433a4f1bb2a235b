// Issue 35: vendors send the account card and invoices on WhatsApp over mobile data. Each PDF is at most 60 KB
// (the card and the invoice were ~1.2 MB, a 640×640 QR picture stored uncompressed) and its QR code still scans:
// the page is drawn as a viewer would and the code read back.
import { describe, expect, it } from 'vitest'

import { invoicePdf } from '#app/features/orders/invoice-pdf'
import { accountCardPdf, accountQrText } from '#app/features/wallet/account-card-pdf'
import { receiptPdf } from '#app/lib/receipt-pdf'

import { transaction } from '../app/fixtures'
import { publicOrder, unpaidInvoice } from '../app/sales-fixtures'
import { pdfQr, pdfSize, pdfText } from './pdf-files'

const LIMIT = 60 * 1024

describe('PDFs small enough for WhatsApp, QR codes that scan', () => {
  it('the account card is at most 60 KB and its QR reads as the account', async () => {
    const details = { bankName: 'Wema Bank', accountNumber: '7012345678', accountName: 'Mama Put Kitchen' }
    const { doc } = await accountCardPdf(details)
    expect(pdfSize(doc)).toBeLessThanOrEqual(LIMIT)
    expect(pdfQr(doc)).toBe(accountQrText(details))
  })

  it('the invoice is at most 60 KB and its QR opens the payment page', async () => {
    const invoice = unpaidInvoice()
    const { doc } = await invoicePdf(invoice, publicOrder({ reference: invoice.reference, kind: 'invoice' }))
    expect(pdfSize(doc)).toBeLessThanOrEqual(LIMIT)
    expect(pdfQr(doc)).toBe('https://shop.test/checkout/AbCdEf123')
  })

  it("an invoice with its own account (issue 36) gives that account and when it expires in Lagos time, not the wallet's", async () => {
    const invoice = unpaidInvoice({
      payAccount: {
        accountNumber: '9912345670',
        accountName: 'Checkout INV-7Q2K91XM',
        bankName: 'Providus Bank',
        amount: 12_500_00,
        expiresAt: '2026-12-10T22:59:59.000Z',
      },
    })
    const { doc } = await invoicePdf(invoice, publicOrder({ reference: invoice.reference, kind: 'invoice' }))
    const text = pdfText(doc)
    expect(text).toMatch(/ACCOUNT NUMBER\s+9912345670/)
    expect(text).toMatch(/ACCOUNT NAME\s+Checkout INV-7Q2K91XM/)
    expect(text).toMatch(/ACCOUNT EXPIRES\s+10\/12\/2026 23:59 \(Lagos time\)/)
    expect(text).toContain('no narration is needed')
    expect(pdfSize(doc)).toBeLessThanOrEqual(LIMIT)
    expect(pdfQr(doc)).toBe('https://shop.test/checkout/AbCdEf123')
  })

  it('the receipt stays small', async () => {
    const { doc } = await receiptPdf(transaction())
    expect(pdfSize(doc)).toBeLessThanOrEqual(LIMIT)
  })
})
