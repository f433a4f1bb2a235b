import type { jsPDF } from 'jspdf'

import { formatKobo } from '#contract/naira'

import { downloadBlob } from './share'

/*
 * What the app's PDFs share (the account card, receipts, invoices): jsPDF and qrcode loaded on first use, the
 * colours, file names and money. jsPDF and qrcode (~130 kB gzip together) are dynamic imports, so they stay out of
 * the app's bundle and its offline precache (pwa.config.ts ignores their chunks). Import this module only from a
 * module that is itself loaded on demand.
 */

export type Rgb = [number, number, number]
export const PDF_GREEN: Rgb = [11, 110, 79]
export const PDF_INK: Rgb = [17, 24, 39]
export const PDF_MUTED: Rgb = [75, 85, 99]
export const PDF_LINE: Rgb = [209, 213, 219]

export type { jsPDF }

export interface PdfKit {
  /** A blank document, millimetres. */
  newDoc: (format: 'a4' | 'a5') => jsPDF
  /** A PNG data URL of a QR code holding `text`, for doc.addImage. */
  qrPng: (text: string) => Promise<string>
}

export async function loadPdfKit(): Promise<PdfKit> {
  const [{ jsPDF }, qrModule] = await Promise.all([import('jspdf'), import('qrcode')])
  // qrcode is CommonJS: depending on the bundler's interop its functions sit on the namespace or on default.
  const qrcode = (qrModule.default as typeof qrModule | undefined) ?? qrModule
  return {
    newDoc: (format) => new jsPDF({ orientation: 'portrait', unit: 'mm', format }),
    qrPng: (text) =>
      qrcode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 640, color: { dark: '#053826', light: '#ffffff' } }),
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
