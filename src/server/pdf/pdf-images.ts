import { deflateSync, inflateSync } from 'node:zlib'

import type { Storage } from '../storage'
import type { PdfImage } from './pdf-writer'

/*
 * An uploaded logo as a PDF image, without an image library: a JPEG goes in as it is (PDF decodes JPEG itself); an
 * 8-bit PNG's pixels are un-filtered and split into colour and alpha (a soft mask), then deflated again. Anything
 * else (WebP, which the app's image shrinking makes in Chromium; palette or 16-bit PNGs; CMYK JPEGs) answers null:
 * the statement then shows the business's name without a logo (decision 178).
 */

/** The largest logo drawn: 2,000 × 2,000 (a logo prints a few centimetres wide; more is only memory). */
const MAX_LOGO_PIXELS = 4_000_000

/** The stored logo under `key` as a PDF image; null without one, or when it cannot be drawn (pdfImageOf). */
export async function storedPdfImage(storage: Storage, key: string | null): Promise<PdfImage | null> {
  const file = key ? await storage.get(key) : null
  return file ? pdfImageOf(file.data) : null
}

export function pdfImageOf(bytes: Uint8Array): PdfImage | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes)
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return png(Buffer.from(bytes))
  } catch {
    // A file the sniffing let through but that does not parse: no logo rather than no statement.
  }
  return null
}

function jpeg(bytes: Uint8Array): PdfImage | null {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    // Start of frame (baseline, extended, progressive): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xc2) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!
      const components = bytes[at + 9]
      const space = components === 1 ? '/DeviceGray' : components === 3 ? '/DeviceRGB' : null
      if (!space || !width || !height) return null
      return { width, height, entries: `/ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode`, data: bytes }
    }
    at += 2 + length
  }
  return null
}

function png(bytes: Buffer): PdfImage | null {
  let at = 8
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null
  const data: Buffer[] = []
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    const body = bytes.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlace: body[12]! }
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    at += 12 + length
  }
  if (!header || header.depth !== 8 || header.interlace !== 0) return null
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[header.colour]
  if (!channels) return null
  const { width, height } = header
  // A logo is drawn a few centimetres wide: past 4 million pixels it is left out rather than inflated (a small file
  // can claim 16,000 × 16,000 and inflate to a gigabyte), and inflating never makes more than the header promises.
  if (width * height > MAX_LOGO_PIXELS) return null
  const inflated = inflateSync(Buffer.concat(data), { maxOutputLength: (width * channels + 1) * height })
  const pixels = unfilter(inflated, width, height, channels)
  const colours = channels >= 3 ? 3 : 1
  const alpha = channels === 2 || channels === 4
  const colour = Buffer.alloc(width * height * colours)
  const mask = alpha ? Buffer.alloc(width * height) : null
  for (let pixel = 0; pixel < width * height; pixel++) {
    for (let c = 0; c < colours; c++) colour[pixel * colours + c] = pixels[pixel * channels + c]!
    if (mask) mask[pixel] = pixels[pixel * channels + channels - 1]!
  }
  const space = colours === 3 ? '/DeviceRGB' : '/DeviceGray'
  return {
    width,
    height,
    entries: `/ColorSpace ${space} /BitsPerComponent 8 /Filter /FlateDecode`,
    data: deflateSync(colour),
    mask: mask ? { entries: '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', data: deflateSync(mask) } : undefined,
  }
}

/** PNG's per-row filters undone (None, Sub, Up, Average, Paeth): the raw pixels, row after row. */
function unfilter(filtered: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels
  const out = Buffer.alloc(stride * height)
  for (let row = 0; row < height; row++) {
    const filter = filtered[row * (stride + 1)]!
    const source = row * (stride + 1) + 1
    const target = row * stride
    for (let i = 0; i < stride; i++) {
      const raw = filtered[source + i]!
      const left = i >= channels ? out[target + i - channels]! : 0
      const up = row > 0 ? out[target - stride + i]! : 0
      const upLeft = row > 0 && i >= channels ? out[target - stride + i - channels]! : 0
      let predicted = 0
      if (filter === 1) predicted = left
      else if (filter === 2) predicted = up
      else if (filter === 3) predicted = (left + up) >> 1
      else if (filter === 4) {
        const p = left + up - upLeft
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      }
      out[target + i] = (raw + predicted) & 0xff
    }
  }
  return out
}
