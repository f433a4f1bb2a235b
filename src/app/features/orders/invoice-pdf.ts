import { formatDate, formatNumericDateTime } from '#app/lib/dates'
import { type jsPDF, loadPdfKit, PDF_GREEN, PDF_INK, PDF_LINE, PDF_MUTED, type PdfKit, pdfMoney } from '#app/lib/pdf-kit'
import { optionsText } from '#app/lib/variant-options'
import type { Order, PublicOrder } from '#contract/orders'
import type { VendorProfile } from '#contract/vendor'

import { drawFrom, drawLogo, logoImage } from './invoice-business'
import { invoiceDueText, invoiceFileName } from './invoice-share'

/*
 * The invoice as an A4 PDF (issue 22): items, totals, the account to pay into, the reference to quote and a QR code
 * of the payment page. What pays an invoice today is a transfer into the main wallet's account whose narration
 * quotes the invoice number (server orders/inbound.ts), so the invoice number is the reference to quote, or one into
 * the invoice's own account when it has one (issue 36), shown instead with its expiry. Loaded on
 * demand, with jsPDF through lib/pdf-kit.
 */

const WIDTH = 210
const MARGIN = 18
const RIGHT = WIDTH - MARGIN
const BOTTOM = 275

function label(doc: jsPDF, text: string, x: number, y: number, align: 'left' | 'right' = 'left') {
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(9)
  doc.setTextColor(...PDF_MUTED)
  // Letter spacing is added after each letter, the last too: right-aligned, it would push the word off its column.
  doc.text(text.toUpperCase(), x, y, { align, charSpace: align === 'left' ? 0.3 : 0 })
}

function value(
  doc: jsPDF,
  text: string | string[],
  x: number,
  y: number,
  options: { size?: number; bold?: boolean; align?: 'left' | 'right' } = {},
) {
  doc.setFont('helvetica', options.bold === false ? 'normal' : 'bold')
  doc.setFontSize(options.size ?? 11)
  doc.setTextColor(...PDF_INK)
  doc.text(text, x, y, { align: options.align ?? 'left' })
}

/** Starts a new page when `needed` mm do not fit, and answers where to write. */
function room(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y
  doc.addPage()
  return 24
}

function itemsTable(doc: jsPDF, order: Order, y: number): number {
  const qtyX = 122
  const unitX = 154
  doc.setDrawColor(...PDF_LINE)
  doc.setLineWidth(0.3)
  label(doc, 'Item', MARGIN, y)
  label(doc, 'Qty', qtyX, y, 'right')
  label(doc, 'Unit price', unitX, y, 'right')
  label(doc, 'Amount', RIGHT, y, 'right')
  y += 3
  doc.line(MARGIN, y, RIGHT, y)
  y += 6
  for (const item of order.items) {
    const options = optionsText(item.options)
    const name = doc.splitTextToSize(options ? `${item.name} (${options})` : item.name, qtyX - MARGIN - 14) as string[]
    y = room(doc, y, name.length * 5 + 6)
    value(doc, name, MARGIN, y, { size: 10, bold: false })
    value(doc, String(item.quantity), qtyX, y, { size: 10, bold: false, align: 'right' })
    value(doc, pdfMoney(item.unitPrice, order.currency), unitX, y, { size: 10, bold: false, align: 'right' })
    value(doc, pdfMoney(item.amount, order.currency), RIGHT, y, { size: 10, align: 'right' })
    y += (name.length - 1) * 5 + 3
    doc.line(MARGIN, y, RIGHT, y)
    y += 6
  }
  return y
}

function totals(doc: jsPDF, order: Order, y: number): number {
  const money = (kobo: number) => pdfMoney(kobo, order.currency)
  const rows: [string, string][] = [['Subtotal', money(order.subtotal)]]
  if (order.discount > 0) rows.push([`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `-${money(order.discount)}`])
  // Each tax its own line with its rate, as charged when the invoice was made: 'VAT (7.5%)' (decision 191).
  for (const tax of order.taxes) rows.push([`${tax.name} (${tax.percentage}%)`, money(tax.amount)])
  if (order.deliveryFee > 0)
    rows.push([`Delivery${order.deliveryLocation ? ` (${order.deliveryLocation.name})` : ''}`, money(order.deliveryFee)])
  rows.push(['Total', money(order.amount)])
  if (order.amountPaid > 0) rows.push(['Paid', money(order.amountPaid)])
  y = room(doc, y, rows.length * 6 + 14)
  for (const [name, amount] of rows) {
    doc.setFont('helvetica', name === 'Total' ? 'bold' : 'normal')
    doc.setFontSize(10)
    doc.setTextColor(...(name === 'Total' ? PDF_INK : PDF_MUTED))
    doc.text(name, 130, y, { align: 'right' })
    doc.setTextColor(...PDF_INK)
    doc.text(amount, RIGHT, y, { align: 'right' })
    y += 6
  }
  y += 2
  doc.setFillColor(236, 246, 241)
  doc.rect(100, y - 5, RIGHT - 100, 11, 'F')
  value(doc, 'Amount due', 104, y + 2, { size: 12 })
  value(doc, money(Math.max(order.amount - order.amountPaid, 0)), RIGHT - 3, y + 2, { size: 13, align: 'right' })
  return y + 16
}

/** The box that tells the customer how to pay: account, reference to quote, and the QR code of the payment page. */
function payBox(doc: jsPDF, kit: PdfKit, order: Order, publicOrder: PublicOrder | null, y: number): number {
  const qr = order.publicUrl
  const height = order.payAccount ? 70 : 64
  y = room(doc, y, height)
  doc.setDrawColor(...PDF_GREEN)
  doc.setLineWidth(0.6)
  doc.roundedRect(MARGIN, y, RIGHT - MARGIN, height, 3, 3, 'S')
  const x = MARGIN + 6
  value(doc, 'Pay by bank transfer', x, y + 9, { size: 13 })
  // The invoice's own account when it has one (issue 36): money into it pays this invoice whatever the narration.
  const own = order.payAccount
  const payTo = own ?? publicOrder?.payTo
  let line = y + 18
  if (payTo) {
    const rows: [string, string][] = [
      ['Bank', payTo.bankName],
      ['Account number', payTo.accountNumber],
      ['Account name', payTo.accountName],
    ]
    if (own) rows.push(['Account expires', `${formatNumericDateTime(own.expiresAt)} (Lagos time)`])
    for (const [name, text] of rows) {
      label(doc, name, x, line)
      value(doc, text, x + 46, line, { size: name === 'Account number' ? 13 : 11 })
      line += 7
    }
  } else {
    value(doc, 'Ask us for the account to pay into.', x, line, { size: 10, bold: false })
    line += 7
  }
  line += 2
  label(doc, own ? 'Reference' : 'Reference to quote', x, line)
  doc.setFont('courier', 'bold')
  doc.setFontSize(16)
  doc.setTextColor(...PDF_GREEN)
  doc.text(order.reference, x + 46, line + 1)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(8.5)
  doc.setTextColor(...PDF_MUTED)
  const note = doc.splitTextToSize(
    own
      ? `This account is for this invoice only: no narration is needed. After it expires, ask us for the account and quote ${order.reference}.`
      : `Write ${order.reference} in the transfer's narration (description) so your payment is matched to this invoice.`,
    qr ? 110 : RIGHT - MARGIN - 12,
  ) as string[]
  doc.text(note, x, line + 8)
  if (qr) {
    const size = 44
    kit.drawQr(doc, qr, RIGHT - size - 6, y + 8, size)
    doc.setFontSize(8)
    doc.text('Scan to open the payment page', RIGHT - 6 - size / 2, y + 8 + size + 5, { align: 'center' })
  }
  return y + height + 8
}

/**
 * `publicOrder` is the invoice as its customer sees it (GET /order/public): the account to pay into. `business` is
 * the vendor's profile: the name, address, contacts, logo and TIN the invoice is from (decision 191).
 */
export async function invoicePdf(
  order: Order,
  publicOrder: PublicOrder | null,
  business: VendorProfile | null = null,
): Promise<{ doc: jsPDF; fileName: string }> {
  const [kit, logo] = await Promise.all([loadPdfKit(), logoImage(business?.logoUrl ?? null)])
  const doc = kit.newDoc('a4')
  const vendor = business?.name ?? publicOrder?.vendorName ?? ''
  const number = order.invoiceNumber ?? order.reference
  doc.setProperties({ title: `Invoice ${number}`, subject: vendor ? `Invoice from ${vendor}` : 'Invoice' })

  doc.setFillColor(...PDF_GREEN)
  doc.rect(0, 0, WIDTH, 36, 'F')
  const nameX = logo && drawLogo(doc, logo, MARGIN, 7, 22) ? MARGIN + 28 : MARGIN
  doc.setTextColor(255, 255, 255)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(22)
  doc.text(doc.splitTextToSize(vendor || 'Invoice', 120 - (nameX - MARGIN)) as string[], nameX, 17)
  doc.setFontSize(26)
  doc.text('INVOICE', RIGHT, 22, { align: 'right' })

  let y = 48
  if (business) y = drawFrom(doc, business, MARGIN, y, 110) + 6
  label(doc, 'Invoice number', MARGIN, y)
  value(doc, number, MARGIN, y + 6, { size: 13 })
  label(doc, 'Reference', 60, y)
  value(doc, order.reference, 60, y + 6)
  label(doc, 'Issue date', 108, y)
  value(doc, formatDate(order.createdAt), 108, y + 6)
  const due = invoiceDueText(order)
  if (due) {
    label(doc, 'Due date', 150, y)
    value(doc, due, 150, y + 6)
  }
  y += 18
  if (order.customer && !order.customer.isAnonymous) {
    label(doc, 'Bill to', MARGIN, y)
    const lines = [order.customer.name, order.customer.email, order.customer.phone].filter((s): s is string => Boolean(s))
    value(doc, lines[0]!, MARGIN, y + 6)
    if (lines.length > 1) value(doc, lines.slice(1), MARGIN, y + 11, { size: 10, bold: false })
    y += 11 + lines.length * 5
  }
  y += 4
  y = itemsTable(doc, order, y)
  y = totals(doc, order, y + 2)
  payBox(doc, kit, order, publicOrder, y)

  const pages = doc.getNumberOfPages()
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(8.5)
    doc.setTextColor(...PDF_MUTED)
    const pageText = pages > 1 ? ` - Page ${page} of ${pages}` : ''
    doc.text(`${number} - Generated on ${formatDate(new Date())}${pageText}`, WIDTH / 2, 290, { align: 'center' })
  }
  return { doc, fileName: invoiceFileName(order) }
}
