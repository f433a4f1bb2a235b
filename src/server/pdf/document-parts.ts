import { A4, fitText, type PageContent, type PdfImage, textWidth } from './pdf-writer'

/*
 * What every business document the server writes shares (a statement, a credit note; decisions 178 and 195): the
 * page's margins, money as the PDF writes it, the business heading the first page and the footer of every page.
 */

/** The business a document is from: its name, the lines under it (address, contacts, TIN) and its logo if drawable. */
export interface DocumentBusiness {
  name: string
  lines: string[]
  logo: PdfImage | null
}

export const LEFT = 36
export const RIGHT = A4.width - 36
export const TOP = A4.height - 40

/** Kobo as the PDF writes money: '1,234,567.50' (WinAnsi has no naira sign: the document says NGN, decision 108). */
export function pdfMoney(kobo: number): string {
  const digits = String(Math.abs(kobo)).padStart(3, '0')
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${kobo < 0 ? '-' : ''}${whole}.${digits.slice(-2)}`
}

/** The logo (at most 96 × 48 points) at the top left, the name and its lines beside it; answers the y below them. */
export function drawBusinessHeader(page: PageContent, business: DocumentBusiness): number {
  let y = TOP - 4
  let textLeft = LEFT
  if (business.logo) {
    const scale = Math.min(96 / business.logo.width, 48 / business.logo.height)
    const [width, height] = [business.logo.width * scale, business.logo.height * scale]
    page.image(LEFT, TOP - height + 8, width, height)
    textLeft = LEFT + width + 12
  }
  page.text(textLeft, y, fitText(business.name, 15, RIGHT - textLeft), { size: 15, bold: true })
  y -= 14
  for (const line of business.lines) {
    page.text(textLeft, y, fitText(line, 8, RIGHT - textLeft), { size: 8 })
    y -= 11
  }
  return Math.min(y, TOP - 60)
}

/**
 * A page's foot: a rule, `text` (the business and when the file was made) and "Page n of N", whose N is the
 * writer's form, drawn on every page and written once the count is known.
 */
export function drawFooter(page: PageContent, text: string, pageNumber: number): void {
  page.line(LEFT, 44, RIGHT, 44)
  page.text(LEFT, 32, fitText(text, 7, 380), { size: 7 })
  const label = `Page ${pageNumber} of `
  const x = RIGHT - 60
  page.text(x, 32, label, { size: 8 })
  page.totalPages(x + textWidth(label, 8), 32)
}
