import { deflateSync } from 'node:zlib'

/*
 * A PDF written page by page to a stream (decision 178): a statement of a year at a million transactions is ~10,000
 * pages, which jsPDF (the app's receipts) would hold whole in memory before writing a byte. Here each page is written
 * as soon as it is full and forgotten; what is kept is one byte offset per object (for the cross-reference table at
 * the end) and one object number per page (for the page tree, written last: a page may name its parent before it
 * exists). "Page 3 of N" needs N before the end: every page draws one form object, written last, holding N.
 *
 * Only what a statement needs: the standard Helvetica fonts (not embedded, WinAnsi text), lines, text, one image.
 */

export const A4 = { width: 595.28, height: 841.89 }

/** An image as PDF wants it: its dictionary's entries beyond size and type, its bytes, and an alpha mask if any. */
export interface PdfImage {
  width: number
  height: number
  entries: string
  data: Uint8Array
  mask?: { entries: string; data: Uint8Array }
}

// Fixed object numbers; pages and their contents follow from FIRST_FREE.
const CATALOG = 1
const PAGES = 2
const REGULAR = 3
const BOLD = 4
const TOTAL_PAGES = 5
const LOGO = 6
const LOGO_MASK = 7
const INFO = 8
const FIRST_FREE = 9

/** Helvetica's advance widths (thousandths of the size) for ' ' to '~'; others count as 556. */
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]

/** The width of text in Helvetica at `size` points (bold is a little wider; used for numbers, whose digits agree). */
export function textWidth(text: string, size: number): number {
  let units = 0
  for (const char of text) {
    const code = char.charCodeAt(0)
    units += code >= 32 && code <= 126 ? WIDTHS[code - 32]! : 556
  }
  return (units * size) / 1000
}

/** Text cut to fit `width` points, with an ellipsis ('...') when cut. */
export function fitText(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text
  let cut = text
  while (cut && textWidth(`${cut}...`, size) > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}...`
}

/**
 * A PDF string literal in WinAnsi: printable ASCII as itself (backslash and parentheses escaped), Latin-1 letters
 * (é, ñ) as octal codes, anything else (emoji, the naira sign, which WinAnsi lacks) as '?'.
 */
export function pdfString(text: string): string {
  let out = '('
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code === 0x5c || code === 0x28 || code === 0x29) out += `\\${char}`
    else if (code >= 32 && code <= 126) out += char
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`
    else out += '?'
  }
  return `${out})`
}

const n = (value: number) => (Math.round(value * 100) / 100).toString()

/** Drawing operations of one page, in PDF's coordinates (points, origin at the bottom left). */
export class PageContent {
  private ops: string[] = []

  text(x: number, y: number, text: string, options: { size?: number; bold?: boolean; align?: 'left' | 'right' } = {}) {
    const size = options.size ?? 8
    const left = options.align === 'right' ? x - textWidth(text, size) : x
    this.ops.push(`BT /${options.bold ? 'F2' : 'F1'} ${size} Tf ${n(left)} ${n(y)} Td ${pdfString(text)} Tj ET`)
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5) {
    this.ops.push(`${width} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`)
  }

  fill(x: number, y: number, width: number, height: number, grey: number) {
    this.ops.push(`q ${grey} g ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f Q`)
  }

  /** The document's image, scaled into width × height with its bottom left at (x, y). */
  image(x: number, y: number, width: number, height: number) {
    this.ops.push(`q ${n(width)} 0 0 ${n(height)} ${n(x)} ${n(y)} cm /Logo Do Q`)
  }

  /** The document's page count (known only at the end), at (x, y) in the regular font at 8 points. */
  totalPages(x: number, y: number) {
    this.ops.push(`q 1 0 0 1 ${n(x)} ${n(y)} cm /Tp Do Q`)
  }

  toString(): string {
    return this.ops.join('\n')
  }
}

const latin1 = (text: string) => Buffer.from(text, 'latin1')

export class PdfStreamWriter {
  private offset = 0
  private readonly offsets: number[] = []
  private readonly pages: number[] = []
  private nextObject = FIRST_FREE

  constructor(
    private readonly emit: (bytes: Uint8Array) => void,
    private readonly info: { title: string; createdAt: Date; logo: PdfImage | null },
  ) {
    // A comment of bytes above 127 tells transfer programs the file is binary.
    this.write(latin1('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'))
    this.object(REGULAR, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
    this.object(BOLD, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
    const logo = info.logo
    if (logo?.mask) {
      this.stream(
        LOGO_MASK,
        `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} ${logo.mask.entries}`,
        logo.mask.data,
      )
    } else this.object(LOGO_MASK, 'null')
    if (logo) {
      const mask = logo.mask ? ` /SMask ${LOGO_MASK} 0 R` : ''
      this.stream(LOGO, `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} ${logo.entries}${mask}`, logo.data)
    } else this.object(LOGO, 'null')
  }

  get pageCount(): number {
    return this.pages.length
  }

  /** Writes one A4 page and forgets it. */
  page(content: PageContent): void {
    const contents = this.nextObject++
    const page = this.nextObject++
    this.stream(contents, '/Filter /FlateDecode', deflateSync(Buffer.from(content.toString(), 'latin1')))
    const xobjects = `/Tp ${TOTAL_PAGES} 0 R${this.info.logo ? ` /Logo ${LOGO} 0 R` : ''}`
    this.object(
      page,
      `<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${contents} 0 R ` +
        `/Resources << /Font << /F1 ${REGULAR} 0 R /F2 ${BOLD} 0 R >> /XObject << ${xobjects} >> >> >>`,
    )
    this.pages.push(page)
  }

  /** The page count, page tree, catalogue, document information and cross-reference table: the file's end. */
  finish(): void {
    const total = `BT /F1 8 Tf 0 0 Td ${pdfString(String(this.pages.length))} Tj ET`
    this.stream(
      TOTAL_PAGES,
      `/Type /XObject /Subtype /Form /BBox [0 -3 60 10] /Resources << /Font << /F1 ${REGULAR} 0 R >> >>`,
      latin1(total),
    )
    // The kids are written a thousand at a time: a 10,000-page tree is one long line otherwise built at once.
    this.startObject(PAGES)
    this.write(latin1(`<< /Type /Pages /Count ${this.pages.length} /Kids [`))
    for (let i = 0; i < this.pages.length; i += 1000) {
      this.write(
        latin1(
          `${this.pages
            .slice(i, i + 1000)
            .map((page) => `${page} 0 R`)
            .join(' ')}\n`,
        ),
      )
    }
    this.write(latin1(']\n>>\nendobj\n'))
    this.object(CATALOG, `<< /Type /Catalog /Pages ${PAGES} 0 R >>`)
    const lagos = new Date(this.info.createdAt.getTime() + 60 * 60 * 1000).toISOString().replace(/\D/g, '').slice(0, 14)
    this.object(INFO, `<< /Title ${pdfString(this.info.title)} /Producer (Vendor back-office) /CreationDate (D:${lagos}+01'00') >>`)
    const xref = this.offset
    const size = this.nextObject
    this.write(latin1(`xref\n0 ${size}\n0000000000 65535 f \n`))
    for (let first = 1; first < size; first += 1000) {
      let lines = ''
      for (let object = first; object < Math.min(size, first + 1000); object++) {
        lines += `${String(this.offsets[object]).padStart(10, '0')} 00000 n \n`
      }
      this.write(latin1(lines))
    }
    this.write(latin1(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${xref}\n%%EOF\n`))
  }

  private write(bytes: Uint8Array) {
    this.emit(bytes)
    this.offset += bytes.length
  }

  private startObject(object: number) {
    this.offsets[object] = this.offset
    this.write(latin1(`${object} 0 obj\n`))
  }

  private object(object: number, body: string) {
    this.startObject(object)
    this.write(latin1(`${body}\nendobj\n`))
  }

  private stream(object: number, entries: string, data: Uint8Array) {
    this.startObject(object)
    this.write(latin1(`<< ${entries} /Length ${data.length} >>\nstream\n`))
    this.write(data)
    this.write(latin1('\nendstream\nendobj\n'))
  }
}
