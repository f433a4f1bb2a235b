import { businessLines } from '#contract/business'
import type { Transaction } from '#contract/transactions'
import type { VendorProfile } from '#contract/vendor'

import { formatNumericDateTime } from './dates'
import { type jsPDF, loadPdfKit, PDF_GREEN, PDF_INK, PDF_LINE, PDF_MUTED, pdfMoney } from './pdf-kit'
import { partyText, receiptOf } from './receipt'

/*
 * The receipt as an A5 PDF (half a sheet: a phone shows it whole, a printer fits two). Loaded on demand
 * (ui/receipt-sheet.tsx imports it when asked), with jsPDF through lib/pdf-kit.
 */

const WIDTH = 148
const MARGIN = 14

function row(doc: jsPDF, label: string, value: string, y: number, mono = false): number {
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(9)
  doc.setTextColor(...PDF_MUTED)
  doc.text(label, MARGIN, y)
  doc.setFont(mono ? 'courier' : 'helvetica', 'bold')
  doc.setFontSize(10)
  doc.setTextColor(...PDF_INK)
  const lines = doc.splitTextToSize(value, WIDTH - MARGIN * 2 - 40) as string[]
  doc.text(lines, WIDTH - MARGIN, y, { align: 'right' })
  const bottom = y + (lines.length - 1) * 4.5 + 3
  doc.setDrawColor(...PDF_LINE)
  doc.setLineWidth(0.2)
  doc.line(MARGIN, bottom, WIDTH - MARGIN, bottom)
  return bottom + 6
}

/** A long identifier under its label at full width: a 30-digit session ID does not fit beside a label. */
function codeBlock(doc: jsPDF, label: string, value: string, y: number): number {
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(9)
  doc.setTextColor(...PDF_MUTED)
  doc.text(label.toUpperCase(), MARGIN, y, { charSpace: 0.3 })
  doc.setFont('courier', 'bold')
  doc.setFontSize(11)
  doc.setTextColor(...PDF_INK)
  const lines = doc.splitTextToSize(value, WIDTH - MARGIN * 2) as string[]
  doc.text(lines, MARGIN, y + 5.5)
  return y + 5.5 + lines.length * 5 + 3
}

/** The business the receipt is from (decision 191): its name, then address, phone and e-mail, TIN. */
function issuedBy(doc: jsPDF, business: VendorProfile, y: number): number {
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(10)
  doc.setTextColor(...PDF_INK)
  doc.text(business.name, MARGIN, y)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(8.5)
  doc.setTextColor(...PDF_MUTED)
  const lines = businessLines(business).flatMap((line) => doc.splitTextToSize(line, WIDTH - MARGIN * 2) as string[])
  if (lines.length) doc.text(lines, MARGIN, y + 4.5)
  return y + 4.5 + lines.length * 4 + 5
}

export async function receiptPdf(t: Transaction, business: VendorProfile | null = null): Promise<{ doc: jsPDF; fileName: string }> {
  const kit = await loadPdfKit()
  const r = receiptOf(t, pdfMoney)
  const doc = kit.newDoc('a5')
  doc.setProperties({ title: `Receipt ${r.reference}`, subject: 'Transaction receipt' })
  const centre = WIDTH / 2

  doc.setFillColor(...PDF_GREEN)
  doc.rect(0, 0, WIDTH, 44, 'F')
  doc.setTextColor(255, 255, 255)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(11)
  doc.text(`Transaction receipt - ${r.headline}`, centre, 14, { align: 'center' })
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(24)
  doc.text(r.amount, centre, 28, { align: 'center' })
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(10)
  doc.text('Successful', centre, 37, { align: 'center' })

  let y = business ? issuedBy(doc, business, 53) : 56
  for (const line of r.lines.slice(1)) y = row(doc, line.label, line.value, y)
  for (const p of r.parties) y = row(doc, p.heading, partyText(p), y)
  y += 2
  y = codeBlock(doc, 'Transaction reference', r.reference, y)
  y = codeBlock(doc, 'Session ID', r.sessionId, y)

  doc.setFont('helvetica', 'normal')
  doc.setFontSize(8.5)
  doc.setTextColor(...PDF_MUTED)
  const note = 'If you need to ask your bank about this transfer, quote the session ID and the transaction reference.'
  const noteY = Math.max(y + 4, 184)
  doc.text(doc.splitTextToSize(note, WIDTH - MARGIN * 2) as string[], MARGIN, noteY)
  doc.text(`Generated on ${formatNumericDateTime(new Date())}`, centre, Math.max(noteY + 12, 202), { align: 'center' })
  return { doc, fileName: r.fileName }
}
