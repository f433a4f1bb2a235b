import { deflateSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { htmlToText } from '#server/catalogue/csv-values'
import { pdfImageOf } from '#server/pdf/pdf-images'

/*
 * Text and files a vendor uploads are read on the one event loop every vendor shares: reading them must cost time in
 * proportion to their size (a quadratic regex on one CSV cell, or a logo that inflates to a gigabyte, would stall
 * every request of every vendor).
 */

const timed = <T>(work: () => T) => {
  const started = performance.now()
  const result = work()
  return { result, ms: performance.now() - started }
}

describe("a Shopify file's Body (HTML)", () => {
  it('is read in time linear in its length, however it is made', () => {
    for (const hostile of ['<'.repeat(200_000), `x${' '.repeat(200_000)}x`, `<p${' '.repeat(200_000)}`]) {
      const { ms } = timed(() => htmlToText(hostile))
      expect(ms).toBeLessThan(1_500)
    }
  })

  it('still becomes the plain text a description holds', () => {
    expect(htmlToText('<p>Smoky <b>party</b> jollof &amp; plantain   </p><p>Serves 4</p><br/>')).toBe(
      'Smoky party jollof & plantain\nServes 4',
    )
  })
})

/** A PNG of the given header and pixel data (8-bit, no interlace); CRCs are not checked by the reader. */
function png(width: number, height: number, colour: number, idat: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(body.length)
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe("a statement's logo", () => {
  it('claiming 16,000 × 16,000 pixels is left out without being inflated', () => {
    // 4 MB of zeros deflates to a few KB: the file is small, what it claims is not.
    const bomb = png(16_000, 16_000, 6, deflateSync(Buffer.alloc(4_000_000)))
    const { result, ms } = timed(() => pdfImageOf(bomb))
    expect(result).toBeNull()
    expect(ms).toBeLessThan(1_000)
  })

  it('whose data inflates past what its header promises is left out', () => {
    expect(pdfImageOf(png(10, 10, 0, deflateSync(Buffer.alloc(10_000_000))))).toBeNull()
  })

  it('of a sensible size is drawn', () => {
    const rows = Buffer.concat(Array.from({ length: 4 }, () => Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0])))
    expect(pdfImageOf(png(4, 4, 2, deflateSync(rows)))).toMatchObject({ width: 4, height: 4 })
  })
})
