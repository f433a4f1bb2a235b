import { type jsPDF, PDF_INK, PDF_MUTED } from '#app/lib/pdf-kit'
import { businessLines } from '#contract/business'
import type { VendorProfile } from '#contract/vendor'

/*
 * The business on its invoice (issue 42, decision 191): the logo in the header and, under it, the address, phone,
 * e-mail and TIN. Loaded on demand with the invoice's PDF (invoice-pdf.ts).
 */

/**
 * The logo as a data URL jsPDF can draw, or null: PNG and JPEG only (jsPDF's own decoders); a WebP logo, a failed
 * request or none leaves the header with the name alone, as the statement's PDF does (decision 178).
 */
export async function logoImage(url: string | null): Promise<{ data: string; format: 'PNG' | 'JPEG' } | null> {
  if (!url) return null
  try {
    const res = await fetch(url)
    if (!res.ok) return null
    const blob = await res.blob()
    const format = blob.type === 'image/png' ? 'PNG' : blob.type === 'image/jpeg' ? 'JPEG' : null
    if (!format) return null
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    const data = `data:${blob.type};base64,${btoa(binary)}`
    return { data, format }
  } catch {
    return null
  }
}

/** Draws the logo fitted in a `box` mm square at (x, y) on white; answers false when it cannot be drawn. */
export function drawLogo(doc: jsPDF, logo: { data: string; format: 'PNG' | 'JPEG' }, x: number, y: number, box: number): boolean {
  try {
    const { width, height } = doc.getImageProperties(logo.data)
    const scale = Math.min(box / width, box / height)
    doc.setFillColor(255, 255, 255)
    doc.roundedRect(x - 1.5, y - 1.5, box + 3, box + 3, 2, 2, 'F')
    doc.addImage(logo.data, logo.format, x + (box - width * scale) / 2, y + (box - height * scale) / 2, width * scale, height * scale)
    return true
  } catch {
    return false
  }
}

/** "From": the business's lines at (x, y); answers the y after them. */
export function drawFrom(doc: jsPDF, business: VendorProfile, x: number, y: number, width: number): number {
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(9)
  doc.setTextColor(...PDF_MUTED)
  doc.text('FROM', x, y, { charSpace: 0.3 })
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(11)
  doc.setTextColor(...PDF_INK)
  doc.text(business.name, x, y + 6)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(10)
  const lines = businessLines(business).flatMap((line) => doc.splitTextToSize(line, width) as string[])
  if (lines.length) doc.text(lines, x, y + 11)
  return y + 11 + lines.length * 5
}
