/*
 * Reading a barcode from the camera (issue 41, decision 175): the browser's own BarcodeDetector where it has one that
 * reads the formats our labels print (Chrome on Android, Safari 17+ on iOS, macOS), else ZXing, a JavaScript decoder,
 * fetched only when scanning starts (./zxing-reader is its own chunk, outside the offline precache). Both answer
 * the same question: the code in this video frame, if any.
 */

export interface FrameReader {
  /** The text of a barcode in the video's current frame; null when none is read. */
  read: (video: HTMLVideoElement) => Promise<string | null>
}

/** The formats the labels print (EAN-13, CODE128) and those a shop's goods come with. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf']

// BarcodeDetector is not in TypeScript's DOM library yet: the part of it used here.
interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats: () => Promise<string[]>
}

/** The native detector when it reads at least one of our formats (Chrome on Linux has the class but no formats). */
async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  if (!Detector) return null
  const formats = (await Detector.getSupportedFormats().catch(() => [])).filter((format) => FORMATS.includes(format))
  if (formats.length === 0) return null
  const detector = new Detector({ formats })
  return {
    read: async (video) => {
      const [found] = await detector.detect(video).catch(() => [])
      return found?.rawValue ?? null
    },
  }
}

export async function loadFrameReader(): Promise<FrameReader> {
  const native = await nativeReader()
  if (native) return native
  const { zxingReader } = await import('./zxing-reader')
  return zxingReader()
}
