import { businessLines } from '#contract/business'
import { creditNoteFileName } from '#contract/credit-notes'
import { lagosMinuteText } from '#contract/lagos-time'

import type { Db } from '../db/client'
import type { FileResult } from '../http/types'
import { type DocumentBusiness, drawBusinessHeader, drawFooter, LEFT, pdfMoney, RIGHT } from '../pdf/document-parts'
import { storedPdfImage } from '../pdf/pdf-images'
import { fitText, PageContent, PdfStreamWriter } from '../pdf/pdf-writer'
import type { Storage } from '../storage'
import { businessDetails } from '../vendor/business'
import { type CreditNote, findCreditNote } from './credit-notes'

/*
 * A credit note as an A4 PDF (issue 42, decision 195), written by the statement's PDF writer (decision 178): one page
 * with the business as its invoice prints it (name, address, phone · e-mail, TIN, logo), the credit note's number
 * and date in Lagos time, the invoice it credits, the amount credited and the tax in it. Small enough to be made
 * whole before the first byte goes out, so anything that fails is a JSON error.
 */

const MID = LEFT + (RIGHT - LEFT) / 2
const lagosDayText = (at: Date) => lagosMinuteText(at).split(',')[0]!

/** Label over value, two pairs a row. */
function details(page: PageContent, top: number, pairs: [string, string][]): number {
  let y = top
  for (let i = 0; i < pairs.length; i += 2) {
    pairs.slice(i, i + 2).forEach(([label, value], j) => {
      const x = j ? MID + 8 : LEFT
      page.text(x, y, label, { size: 8 })
      page.text(x, y - 13, fitText(value, 10, MID - LEFT - 16), { size: 10, bold: true })
    })
    y -= 34
  }
  return y
}

/** The amounts in a shaded box: what is credited, the tax in it line by line, before tax, and the invoice's total. */
function amounts(page: PageContent, top: number, note: CreditNote): number {
  const money = (kobo: number) => `${note.invoice.currency} ${pdfMoney(kobo)}`
  const tax = note.taxes.reduce((sum, line) => sum + line.amount, 0)
  const rows: [string, string][] = note.taxes.length
    ? [
        ...note.taxes.map((line): [string, string] => [`${line.name} (${line.percentage}%) included`, money(line.amount)]),
        ['Amount before tax', money(note.amount - tax)],
      ]
    : [['Tax included', 'None: the invoice charged no tax']]
  rows.push(['Invoice total', money(note.invoice.total)])
  const height = 30 + rows.length * 16
  page.fill(LEFT, top - height + 12, RIGHT - LEFT, height, 0.95)
  page.text(LEFT + 10, top - 6, 'Amount credited', { size: 12, bold: true })
  page.text(RIGHT - 10, top - 6, money(note.amount), { size: 12, bold: true, align: 'right' })
  let y = top - 28
  for (const [label, value] of rows) {
    page.text(LEFT + 10, y, label, { size: 9 })
    page.text(RIGHT - 10, y, value, { size: 9, align: 'right' })
    y -= 16
  }
  return top - height - 10
}

/** The credit note's one page, handed to `emit` as it is written. */
export function writeCreditNotePdf(emit: (bytes: Uint8Array) => void, business: DocumentBusiness, note: CreditNote, now: Date): void {
  const writer = new PdfStreamWriter(emit, { title: `Credit note ${note.number}: ${business.name}`, createdAt: now, logo: business.logo })
  const page = new PageContent()
  let y = drawBusinessHeader(page, business) - 20
  page.text(LEFT, y, 'Credit note', { size: 18, bold: true })
  page.text(RIGHT, y, note.number, { size: 14, bold: true, align: 'right' })
  y -= 12
  page.line(LEFT, y, RIGHT, y)
  y -= 20
  const invoice = note.invoice.number ?? note.invoice.reference
  const pairs: [string, string][] = [
    ['Credit note number', note.number],
    ['Date', `${lagosMinuteText(note.issuedAt)} (Lagos time)`],
    ['Credits invoice', invoice],
    ['Invoice reference', note.invoice.reference],
    ['Invoice date', lagosDayText(note.invoice.createdAt)],
    ['Refund reference', note.refundReference],
  ]
  if (note.customerName) pairs.push(['Customer', note.customerName])
  if (note.reason) pairs.push(['Reason', note.reason])
  y = amounts(page, details(page, y, pairs) - 6, note)
  const sent = `${note.invoice.currency} ${pdfMoney(note.amount)}`
  page.text(LEFT, y, fitText(`This credit note reduces what invoice ${invoice} charged by ${sent}.`, 9, RIGHT - LEFT), { size: 9 })
  page.text(LEFT, y - 13, 'The money was sent back to the account that paid the invoice.', { size: 9 })
  drawFooter(page, `${business.name} · ${note.number} · Generated ${lagosMinuteText(now)} (Lagos time)`, 1)
  writer.page(page)
  writer.finish()
}

/** GET /order/credit-note/pdf: the vendor's credit note by number, as a file. */
export async function creditNotePdf(db: Db, storage: Storage, vendorId: string, number: string, now: Date): Promise<FileResult> {
  const [note, found] = await Promise.all([findCreditNote(db, vendorId, number), businessDetails(db, vendorId)])
  const business = { name: found.name, lines: businessLines(found), logo: await storedPdfImage(storage, found.logoKey) }
  const pieces: Uint8Array[] = []
  writeCreditNotePdf((bytes) => pieces.push(bytes), business, note, now)
  const bytes = Buffer.concat(pieces)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
  return { body, fileName: creditNoteFileName(note.number) }
}
