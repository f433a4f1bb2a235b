// What a person gets from one of the app's PDFs, read with poppler (poppler-utils): its text as a viewer shows it,
// its size, and what a phone's camera reads from its QR code (the page drawn at 150 dpi, decoded with jsQR).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import jsQR from 'jsqr'

import type { jsPDF } from '#app/lib/pdf-kit'

function withFile<T>(doc: jsPDF, read: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'))
  try {
    const path = join(dir, 'doc.pdf')
    writeFileSync(path, Buffer.from(doc.output('arraybuffer')))
    return read(path, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The file's size in bytes, as it is downloaded or shared. */
export const pdfSize = (doc: jsPDF): number => doc.output('arraybuffer').byteLength

/** The text of every page, as `pdftotext` lays it out. */
export const pdfText = (doc: jsPDF): string =>
  withFile(doc, (path) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }))

/** The first page drawn at 150 dpi (as a binary PPM, a header then RGB bytes), its QR code decoded. */
export function pdfQr(doc: jsPDF): string | null {
  return withFile(doc, (path, dir) => {
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')])
    const ppm = readFileSync(join(dir, 'page.ppm'))
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'))
    if (!header) throw new Error('pdftoppm did not write a binary PPM')
    const [width, height] = [Number(header[1]), Number(header[2])]
    const rgb = ppm.subarray(header[0].length)
    const rgba = new Uint8ClampedArray(width * height * 4)
    for (let i = 0; i < width * height; i++) {
      rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4)
    }
    return jsQR(rgba, width, height)?.data ?? null
  })
}
