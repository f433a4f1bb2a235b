import type { jsPDF } from 'jspdf'

import { formatKobo } from '#contract/naira'

import { downloadBlob } from './share'

/*
 * What the app's PDFs share (the account card, receipts, invoices): jsPDF and qrcode loaded on first use, the
 * colours, file names and money. jsPDF and qrcode (~130 kB gzip together) are dynamic imports, so they stay out of
 * the app's bundle and its offline precache (first-screen/build/pwa.ts ignores their chunks). Import this module only from a
 * module that is itself loaded on demand.
 */

export type Rgb = [number, number, number]
export const PDF_GREEN: Rgb = [11, 110, 79]
export const PDF_INK: Rgb = [17, 24, 39]
export const PDF_MUTED: Rgb = [75, 85, 99]
export const PDF_LINE: Rgb = [209, 213, 219]
const QR_DARK: Rgb = [5, 56, 38]

export type { jsPDF }

export interface PdfKit {
  /** A blank document, millimetres. */
  newDoc: (format: 'a4' | 'a5') => jsPDF
  /** Draws a QR code holding `text`, `size` mm square, its top left corner at (x, y). */
  drawQr: (doc: jsPDF, text: string, x: number, y: number, size: number) => void
}

type QrModules = ReturnType<typeof import('qrcode/lib/core/qrcode').create>['modules']

/**
 * A QR code drawn as filled rectangles, one per run of dark modules in a row, rather than a picture of one: a few
 * kilobytes instead of a 640×640 PNG that jsPDF stored uncompressed (~1.2 MB a card, issue 35), and sharp at any
 * zoom or printer, so it scans as well. The white square behind it is the quiet zone a scanner needs (one module).
 * Each run reaches a hair into the row below: rows that only touch leave faint light seams at some zooms.
 */
function drawModules(doc: jsPDF, modules: QrModules, x: number, y: number, size: number): void {
  const cell = size / (modules.size + 2)
  const overlap = cell * 0.04
  doc.setFillColor(255, 255, 255)
  doc.rect(x, y, size, size, 'F')
  doc.setFillColor(...QR_DARK)
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      doc.rect(x + (start + 1) * cell, y + (row + 1) * cell, (col - start) * cell, cell + overlap, 'F')
    }
  }
}

export async function loadPdfKit(): Promise<PdfKit> {
  const [{ jsPDF }, qrModule] = await Promise.all([import('jspdf'), import('qrcode/lib/core/qrcode')])
  // qrcode is CommonJS: depending on the bundler's interop its functions sit on the namespace or on default.
  const qrcode = (qrModule.default as typeof qrModule | undefined) ?? qrModule
  return {
    // compress: the page's drawing operators are deflated (a card's QR is hundreds of rectangles).
    newDoc: (format) => new jsPDF({ orientation: 'portrait', unit: 'mm', format, compress: true }),
    drawQr: (doc, text, x, y, size) => drawModules(doc, qrcode.create(text, { errorCorrectionLevel: 'M' }).modules, x, y, size),
  }
}

/**
 * Money in a PDF. jsPDF's standard fonts (WinAnsi) have no naira sign, which would print as a stray character, so
 * PDFs write the currency code: '₦1,500.50' becomes 'NGN 1,500.50'. Screens and shared text keep the sign.
 */
export function pdfMoney(kobo: number, currency = 'NGN'): string {
  return formatKobo(kobo, currency).replace('₦', 'NGN ')
}

/** `name` without the characters a file system refuses (path separators, Windows' reserved, controls); may be ''. */
export function safeFileStem(name: string): string {
  return name
    .replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Downloads a finished document (jsPDF's own save() bypasses the app's one download path). */
export function savePdf(doc: jsPDF, fileName: string): void {
  downloadBlob(doc.output('blob'), fileName)
}

/** A finished document as a File, for the share sheet (navigator.share({ files })). */
export function pdfFile(doc: jsPDF, fileName: string): File {
  return new File([doc.output('blob')], fileName, { type: 'application/pdf' })
}
