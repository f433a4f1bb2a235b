import { type jsPDF, loadPdfKit, PDF_INK, PDF_MUTED, pdfMoney, safeFileStem } from '#app/lib/pdf-kit'
import { optionsText } from '#app/lib/variant-options'
import type { Product, ProductVariant } from '#contract/catalogue'

/*
 * A product's shelf labels (issue 41, decision 175): an A4 sheet in the common 3 × 7 label layout (63.5 × 38.1 mm,
 * e.g. Avery L7160), one row of three labels per variant that has a code, each with the name, options, price and
 * the barcode a cashier's camera reads. The barcode is drawn as filled rectangles from JsBarcode's encoding (its
 * object renderer: no canvas), sharp on any printer, like the QR codes in lib/pdf-kit. EAN-13 when the code is a
 * valid EAN-13, else CODE128; a variant without a barcode prints its SKU, which the order form finds as well.
 * Loaded on demand, with jsPDF and JsBarcode.
 */

const COLUMNS = 3
const ROWS = 7
const LABEL_W = 63.5
const LABEL_H = 38.1
const PITCH_X = 66.04
const LEFT = 7.21
const TOP = 15.15
const PAD = 3
const BAR_HEIGHT = 13
/** Widest a module may be (mm): 0.33 is EAN-13's nominal X dimension. */
const MAX_MODULE = 0.33
/** A scanner needs ten modules of white each side of the bars. */
const QUIET_MODULES = 10

type Encoder = (target: { encodings?: { data: string }[] }, code: string, options: { format: string }) => void

/** The code a label draws for a variant: its barcode, else its SKU; null for neither. */
export const labelCode = (variant: Pick<ProductVariant, 'barcode' | 'sku'>): string | null => variant.barcode ?? variant.sku

function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false
  const sum = [...code.slice(0, 12)].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === Number(code[12])
}

/** The bars as '1' (dark) and '0' (light) modules; null when the code cannot be drawn (CODE128 is ASCII only). */
function barsOf(encode: Encoder, code: string): string | null {
  const target: { encodings?: { data: string }[] } = {}
  try {
    encode(target, code, { format: isEan13(code) ? 'EAN13' : 'CODE128' })
  } catch {
    return null
  }
  return target.encodings?.map((encoding) => encoding.data).join('') ?? null
}

function drawBars(doc: jsPDF, bars: string, centreX: number, y: number, maxWidth: number) {
  const module = Math.min(MAX_MODULE, maxWidth / (bars.length + 2 * QUIET_MODULES))
  let x = centreX - (bars.length * module) / 2
  doc.setFillColor(0, 0, 0)
  let i = 0
  while (i < bars.length) {
    const start = i
    const dark = bars[i] === '1'
    while (i < bars.length && (bars[i] === '1') === dark) i++
    if (dark) doc.rect(x, y, (i - start) * module, BAR_HEIGHT, 'F')
    x += (i - start) * module
  }
}

/** One line of text cut to `width` mm, with dots (the PDF's standard fonts have no ellipsis character). */
function fit(doc: jsPDF, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text
  let cut = text
  while (cut.length > 1 && doc.getTextWidth(`${cut}...`) > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}...`
}

function drawLabel(doc: jsPDF, product: Product, variant: ProductVariant, code: string, bars: string, x: number, y: number) {
  const width = LABEL_W - 2 * PAD
  doc.setTextColor(...PDF_INK)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(9)
  doc.text(fit(doc, product.name, width), x + PAD, y + PAD + 3)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(7.5)
  doc.setTextColor(...PDF_MUTED)
  const options = optionsText(variant.options)
  if (options) doc.text(fit(doc, options, width * 0.55), x + PAD, y + PAD + 7)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(10)
  doc.setTextColor(...PDF_INK)
  doc.text(pdfMoney(variant.discountedPrice), x + LABEL_W - PAD, y + PAD + 7, { align: 'right' })
  drawBars(doc, bars, x + LABEL_W / 2, y + 13, width)
  doc.setFont('courier', 'normal')
  doc.setFontSize(8)
  doc.text(code, x + LABEL_W / 2, y + 13 + BAR_HEIGHT + 3.2, { align: 'center' })
}

export interface LabelSheet {
  doc: jsPDF
  fileName: string
  /** Variants printed, in order. */
  count: number
}

/** The sheet for the product's variants that have a code; `count` 0 when none has. */
export async function labelPdf(product: Product): Promise<LabelSheet> {
  const [kit, barcodeModule] = await Promise.all([loadPdfKit(), import('jsbarcode')])
  // JsBarcode is CommonJS: depending on the bundler's interop it is the namespace's default or the namespace.
  const encode = ((barcodeModule as { default?: unknown }).default ?? barcodeModule) as Encoder
  const doc = kit.newDoc('a4')
  let row = 0
  let count = 0
  for (const variant of product.variants) {
    const code = labelCode(variant)
    const bars = code ? barsOf(encode, code) : null
    if (!code || !bars) continue
    if (row === ROWS) {
      doc.addPage()
      row = 0
    }
    for (let column = 0; column < COLUMNS; column++) {
      drawLabel(doc, product, variant, code, bars, LEFT + column * PITCH_X, TOP + row * LABEL_H)
    }
    row++
    count++
  }
  return { doc, fileName: `${safeFileStem(product.name) || 'Product'} labels.pdf`, count }
}
