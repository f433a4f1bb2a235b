import { deflateSync, inflateSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { pdfImageOf } from '#server/pdf/pdf-images'
import { fitText, pdfString, textWidth } from '#server/pdf/pdf-writer'

/* The statement's PDF writer (decision 178): its text and the logos it can draw without an image library. */

/** A PNG of raw rows (each with its filter byte), CRCs left zero: the reader does not check them. */
function png(width: number, height: number, colour: number, rows: number[][]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, colour, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const pixels = deflateSync(Buffer.from(rows.flat()))
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}

describe('PDF text', () => {
  it('escapes what a PDF string must and writes what WinAnsi lacks as ?', () => {
    expect(pdfString('Ada (Obi) \\ sons')).toBe('(Ada \\(Obi\\) \\\\ sons)')
    expect(pdfString('Café ₦5')).toBe('(Caf\\351 ?5)')
  })

  it('measures Helvetica and cuts text to a width with an ellipsis', () => {
    expect(textWidth('1,000.00', 10)).toBeCloseTo((6 * 556 + 2 * 278) / 100)
    const cut = fitText('Transfer from a payer with a very long name indeed', 8, 100)
    expect(cut.endsWith('...')).toBe(true)
    expect(textWidth(cut, 8)).toBeLessThanOrEqual(100)
    expect(fitText('Short', 8, 100)).toBe('Short')
  })
})

describe('logos', () => {
  it('splits an RGBA PNG into colour and an alpha mask, undoing each row’s filter', () => {
    // 2×2: row 0 unfiltered, row 1 "Up" (each byte added to the one above).
    const image = pdfImageOf(
      png(2, 2, 6, [
        [0, 10, 20, 30, 255, 40, 50, 60, 128],
        [2, 1, 1, 1, 0, 2, 2, 2, 0],
      ]),
    )!
    expect(image).toMatchObject({ width: 2, height: 2 })
    expect(image.entries).toContain('/DeviceRGB')
    expect([...inflateSync(image.data)]).toEqual([10, 20, 30, 40, 50, 60, 11, 21, 31, 42, 52, 62])
    expect([...inflateSync(image.mask!.data)]).toEqual([255, 128, 255, 128])
  })

  it('takes a JPEG as it is, sized from its frame header', () => {
    // SOI, an APP0 segment, then SOF0: precision 8, height 3, width 5, 3 components.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 8, 0, 3, 0, 5, 3, 1, 0, 0, 2, 0, 0, 3, 0, 0,
    ])
    expect(pdfImageOf(jpeg)).toMatchObject({ width: 5, height: 3, entries: expect.stringContaining('/DCTDecode') })
  })

  it('leaves out what it cannot draw: WebP, a palette PNG', () => {
    expect(pdfImageOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull()
    expect(pdfImageOf(png(1, 1, 3, [[0, 0]]))).toBeNull()
  })
})
