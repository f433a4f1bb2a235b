import { useState } from 'react'
import { css } from 'styled-system/css'

import { formatCount } from '#app/lib/format'
import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import { shareOrCopy } from '#app/lib/share'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Icon } from '#app/ui/icon'
import type { Product } from '#contract/catalogue'

const note = css({ textStyle: 'body.sm', color: 'fg.muted', mb: '3' })
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > *': { flex: '1 1 10rem' } })

/** Whether the share sheet takes a PDF here (phones); elsewhere the sheet is downloaded, not shared as text. */
function canSharePdf(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false
  return navigator.canShare({ files: [new File([''], 'labels.pdf', { type: 'application/pdf' })] })
}

/** jsPDF and JsBarcode are fetched on the first press, so they stay out of the app's bundle (lib/pdf-kit). */
async function buildLabels(product: Product) {
  const [{ labelPdf }, kit] = await Promise.all([import('../label-pdf'), import('#app/lib/pdf-kit')])
  return { ...(await labelPdf(product)), kit }
}

/**
 * Shelf labels (decision 175): an A4 sheet with each coded variant's name, price and barcode, to download and print
 * or to share (a print shop, a colleague's phone). A variant's code is its barcode, else its SKU.
 */
export function ProductLabelsSection({ product }: { product: Product }) {
  const online = useOnline()
  const [busy, setBusy] = useState<'download' | 'share' | null>(null)
  const [sharable] = useState(canSharePdf)
  const coded = product.variants.filter((variant) => variant.barcode ?? variant.sku).length
  const failed = () =>
    notify.error(online ? 'Could not create the labels. Please try again.' : 'Connect to the internet to create the labels.')

  async function download() {
    setBusy('download')
    try {
      const { doc, fileName, kit } = await buildLabels(product)
      kit.savePdf(doc, fileName)
      notify.success('Labels downloaded')
    } catch {
      // Offline on a device that has never made a PDF, the PDF code cannot be fetched.
      failed()
    } finally {
      setBusy(null)
    }
  }

  async function share() {
    setBusy('share')
    try {
      await shareOrCopy(
        {
          title: `${product.name} labels`,
          text: `Labels for ${product.name}`,
          file: async () => {
            const { doc, fileName, kit } = await buildLabels(product)
            return kit.pdfFile(doc, fileName)
          },
        },
        'Labels text copied',
      )
    } catch {
      failed()
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card title="Labels">
      <p className={note}>
        {coded
          ? `An A4 sheet of labels with barcode and price: a row of three for each of ${formatCount(coded, 'variant')} with a barcode or SKU.`
          : 'Give a variant a barcode or SKU (Update Variant) to print labels for it.'}
      </p>
      <div className={row}>
        <Button variant="outline" loading={busy === 'download'} disabled={busy !== null || coded === 0} onClick={() => void download()}>
          <Icon name="download" size={18} />
          Download labels
        </Button>
        {sharable ? (
          <Button variant="outline" loading={busy === 'share'} disabled={busy !== null || coded === 0} onClick={() => void share()}>
            <Icon name="share" size={18} />
            Share labels
          </Button>
        ) : null}
      </div>
    </Card>
  )
}
