import { LAGOS_OFFSET_MS, lagosMinuteText } from '#contract/lagos-time'
import type { Statement } from '#contract/statements'
import { STATEMENT_TOTAL_LABELS } from '#contract/statements'

import { type DocumentBusiness, drawBusinessHeader, drawFooter, LEFT, pdfMoney, RIGHT, TOP } from '../pdf/document-parts'
import { fitText, PageContent, PdfStreamWriter } from '../pdf/pdf-writer'
import type { StatementLine } from './statement'

/*
 * A statement as an A4 PDF (decision 178), laid out as it is written: page 1 carries the business (logo, name,
 * contact), the wallet, the period, when it was generated (Lagos time) and the totals; every page the table's header,
 * its lines with the running balance, and a footer with the business, the generation time and "Page n of N". A page
 * is handed to the writer as soon as it is full.
 */

const BOTTOM = 56
const ROW = 13
const SIZE = 7.5

const COLUMNS = {
  date: LEFT,
  reference: LEFT + 64,
  referenceWidth: 106,
  description: LEFT + 172,
  descriptionWidth: 160,
  moneyIn: LEFT + 400,
  moneyOut: LEFT + 462,
  balance: RIGHT,
}

/** '06/12/2026 14:05', Lagos. */
function lagosRowTime(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString()
  return `${lagos.slice(8, 10)}/${lagos.slice(5, 7)}/${lagos.slice(0, 4)} ${lagos.slice(11, 16)}`
}

const dayText = (day: string) => day.split('-').reverse().join('/')

export class StatementPdf {
  private readonly writer: PdfStreamWriter
  private page: PageContent | null = null
  private y = 0
  private readonly generated: string

  constructor(
    emit: (bytes: Uint8Array) => void,
    private readonly business: DocumentBusiness,
    private readonly statement: Statement,
    now: Date,
  ) {
    this.generated = `Generated ${lagosMinuteText(now)} (Lagos time)`
    this.writer = new PdfStreamWriter(emit, { title: `Statement: ${business.name}`, createdAt: now, logo: business.logo })
    this.firstPage()
  }

  add(lines: StatementLine[]): void {
    for (const line of lines) {
      const page = this.room()
      const y = this.y
      page.text(COLUMNS.date, y, lagosRowTime(line.at), { size: SIZE })
      page.text(COLUMNS.reference, y, fitText(line.reference, SIZE, COLUMNS.referenceWidth), { size: SIZE })
      const status = line.status === 'success' ? '' : ` (${line.status})`
      page.text(COLUMNS.description, y, fitText(line.description + status, SIZE, COLUMNS.descriptionWidth), { size: SIZE })
      const column = line.amount > 0 ? COLUMNS.moneyIn : COLUMNS.moneyOut
      page.text(column, y, pdfMoney(Math.abs(line.amount)), { size: SIZE, align: 'right' })
      page.text(COLUMNS.balance, y, pdfMoney(line.balance), { size: SIZE, align: 'right' })
      this.y -= ROW
    }
  }

  /** The closing line, the last page and the file's end. */
  end(): void {
    const page = this.room()
    if (this.statement.entryCount === 0) {
      page.text(LEFT, this.y, 'No transactions in this period.', { size: SIZE })
      this.y -= ROW
    }
    const closing = this.room()
    closing.line(LEFT, this.y + ROW - 3, RIGHT, this.y + ROW - 3)
    closing.text(COLUMNS.description, this.y, STATEMENT_TOTAL_LABELS.closingBalance, { size: SIZE, bold: true })
    closing.text(COLUMNS.balance, this.y, pdfMoney(this.statement.closingBalance), { size: SIZE, bold: true, align: 'right' })
    this.flush()
    this.writer.finish()
  }

  /** The current page with room for one more row, starting a new one when it is full. */
  private room(): PageContent {
    if (this.page && this.y >= BOTTOM) return this.page
    this.flush()
    this.page = new PageContent()
    this.y = TOP
    this.tableHeader()
    return this.page
  }

  private flush() {
    if (!this.page) return
    this.footer(this.page)
    this.writer.page(this.page)
    this.page = null
  }

  private footer(page: PageContent) {
    drawFooter(page, `${this.business.name} · ${this.generated}`, this.writer.pageCount + 1)
  }

  private firstPage() {
    const page = (this.page = new PageContent())
    const { statement } = this
    let y = drawBusinessHeader(page, this.business) - 14
    page.text(LEFT, y, 'Statement of account', { size: 13, bold: true })
    page.text(RIGHT, y, this.generated, { size: 8, align: 'right' })
    y -= 15
    const account = [statement.walletName, statement.bankName, statement.accountNumber].filter(Boolean).join(' · ')
    page.text(LEFT, y, account, { size: 9 })
    y -= 12
    page.text(LEFT, y, `${dayText(statement.from)} to ${dayText(statement.to)} (Lagos days) · amounts in NGN`, { size: 9 })
    y -= 22
    y = this.totals(page, y)
    this.y = y - 8
    this.tableHeader()
    page.text(COLUMNS.description, this.y, STATEMENT_TOTAL_LABELS.openingBalance, { size: SIZE, bold: true })
    page.text(COLUMNS.balance, this.y, pdfMoney(statement.openingBalance), { size: SIZE, bold: true, align: 'right' })
    this.y -= ROW
  }

  /** The totals in two columns: the balances and money in and out; the net figures (the same as Home's). */
  private totals(page: PageContent, top: number): number {
    const s = this.statement
    const L = STATEMENT_TOTAL_LABELS
    const left: [string, number][] = [
      [L.openingBalance, s.openingBalance],
      [L.moneyIn, s.moneyIn],
      [L.moneyOut, s.moneyOut],
      [L.closingBalance, s.closingBalance],
    ]
    const right: [string, number][] = [
      [L.grossSales, s.grossSales],
      [L.refunds, s.refunds],
      [L.fees, s.fees],
      [L.netSettled, s.netSettled],
    ]
    page.fill(LEFT, top - left.length * 14 - 6, RIGHT - LEFT, left.length * 14 + 14, 0.95)
    const mid = LEFT + (RIGHT - LEFT) / 2
    left.forEach(([label, kobo], i) => {
      const bold = i === 0 || i === 3
      page.text(LEFT + 8, top - i * 14, label, { size: 9, bold })
      page.text(mid - 16, top - i * 14, pdfMoney(kobo), { size: 9, bold, align: 'right' })
    })
    right.forEach(([label, kobo], i) => {
      const bold = i === 3
      page.text(mid + 8, top - i * 14, label, { size: 9, bold })
      page.text(RIGHT - 8, top - i * 14, pdfMoney(kobo), { size: 9, bold, align: 'right' })
    })
    return top - left.length * 14 - 10
  }

  private tableHeader() {
    const page = this.page!
    const y = this.y
    page.fill(LEFT, y - 4, RIGHT - LEFT, ROW + 2, 0.88)
    page.text(COLUMNS.date, y, 'Date', { size: SIZE, bold: true })
    page.text(COLUMNS.reference, y, 'Reference', { size: SIZE, bold: true })
    page.text(COLUMNS.description, y, 'Description', { size: SIZE, bold: true })
    page.text(COLUMNS.moneyIn, y, 'Money in', { size: SIZE, bold: true, align: 'right' })
    page.text(COLUMNS.moneyOut, y, 'Money out', { size: SIZE, bold: true, align: 'right' })
    page.text(COLUMNS.balance, y, 'Balance', { size: SIZE, bold: true, align: 'right' })
    this.y = y - ROW - 2
  }
}
