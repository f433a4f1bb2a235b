import { BrowserMultiFormatOneDReader } from '@zxing/browser'
import { BarcodeFormat, DecodeHintType } from '@zxing/library'

import type { FrameReader } from './barcode-reader'

/*
 * ZXing for browsers without a native BarcodeDetector (./barcode-reader). Imported only from there, dynamically:
 * the decoder is ~100 kB gzip that no other screen needs. The one-dimensional reader is enough for product barcodes.
 */

export function zxingReader(): FrameReader {
  const hints = new Map<DecodeHintType, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.EAN_13,
        BarcodeFormat.EAN_8,
        BarcodeFormat.UPC_A,
        BarcodeFormat.UPC_E,
        BarcodeFormat.CODE_128,
        BarcodeFormat.CODE_39,
        BarcodeFormat.ITF,
      ],
    ],
    [DecodeHintType.TRY_HARDER, true],
  ])
  const reader = new BrowserMultiFormatOneDReader(hints)
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return {
    read: async (video) => {
      if (!context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null
      canvas.width = video.videoWidth
      canvas.height = video.videoHeight
      context.drawImage(video, 0, 0)
      try {
        return reader.decodeFromCanvas(canvas).getText()
      } catch {
        // NotFoundException and its kin: no code in this frame.
        return null
      }
    },
  }
}
