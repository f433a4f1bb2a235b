import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import { shareOrCopy } from '#app/lib/share'
import { vendorProfileQuery } from '#app/lib/vendor-profile'
import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { Icon } from '#app/ui/icon'
import type { Order, PublicOrder } from '#contract/orders'
import type { VendorProfile } from '#contract/vendor'

import { invoiceShareText, publicCodeOf } from '../invoice-share'
import { publicOrderQuery } from '../queries'

export const COPIED_PAYMENT_LINK = 'Copied payment link to clipboard'

const box = stack({ gap: '2', p: '3', borderRadius: 'control', bg: 'bg.subtle' })
const url = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  fontFamily: 'mono',
  fontSize: 'sm',
  wordBreak: 'break-all',
})
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > *': { flex: '1 1 10rem' } })

/** The PDF code (jsPDF) is fetched on the first press, so it stays out of the app's bundle (lib/pdf-kit). */
async function buildInvoicePdf(order: Order, publicOrder: PublicOrder | null, business: VendorProfile | null) {
  const [{ invoicePdf }, kit] = await Promise.all([import('../invoice-pdf'), import('#app/lib/pdf-kit')])
  return { ...(await invoicePdf(order, publicOrder, business)), kit }
}

/**
 * The public page of a shareable order or invoice (/checkout/{code}): copy its link, or Share it (WhatsApp is where
 * customers are) with what is due and how to pay; an invoice goes as its PDF where the phone can share files
 * (lib/share: else the text and link, else copied). An invoice's PDF can also be downloaded.
 */
export function OrderShare({ order }: { order: Order }) {
  const online = useOnline()
  const [busy, setBusy] = useState<'download' | 'share' | null>(null)
  const code = order.publicUrl ? publicCodeOf(order.publicUrl) : null
  // The vendor's name and the account to pay into, as the customer's page shows them; asked for before any press,
  // so sharing does not wait on the network (the share sheet needs the tap to be recent).
  const publicOrder = useQuery({ ...publicOrderQuery(code ?? ''), enabled: code !== null }).data ?? null
  // The business as the invoice prints it: address, contacts, logo and TIN (decision 191).
  const business = useQuery({ ...vendorProfileQuery(), enabled: order.kind === 'invoice' }).data ?? null
  if (!order.publicUrl) return null
  const link = order.publicUrl
  const isInvoice = order.kind === 'invoice'

  async function download() {
    setBusy('download')
    try {
      const { doc, fileName, kit } = await buildInvoicePdf(order, publicOrder, business)
      kit.savePdf(doc, fileName)
      notify.success('Invoice downloaded')
    } catch {
      // Offline on a device that has never made a PDF, the PDF code cannot be fetched.
      notify.error(online ? 'Could not create the invoice PDF. Please try again.' : 'Connect to the internet to download the invoice.')
    } finally {
      setBusy(null)
    }
  }

  async function share() {
    setBusy('share')
    try {
      await shareOrCopy(
        {
          title: `${isInvoice ? 'Invoice' : 'Order'} ${order.reference}`,
          text: invoiceShareText(order, publicOrder),
          url: link,
          file: isInvoice
            ? async () => {
                const { doc, fileName, kit } = await buildInvoicePdf(order, publicOrder, business)
                return kit.pdfFile(doc, fileName)
              }
            : undefined,
        },
        COPIED_PAYMENT_LINK,
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className={box}>
      <p className={css({ textStyle: 'label' })}>Payment page for the customer</p>
      <p className={url}>
        <span>{link}</span>
        <CopyButton value={link} label="Copy payment link" toastMessage={COPIED_PAYMENT_LINK} />
      </p>
      <div className={row}>
        {isInvoice ? (
          <Button variant="outline" loading={busy === 'download'} disabled={busy !== null} onClick={() => void download()}>
            <Icon name="download" size={18} />
            Download PDF
          </Button>
        ) : null}
        <Button variant="outline" loading={busy === 'share'} disabled={busy !== null} onClick={() => void share()}>
          <Icon name="share" size={18} />
          {isInvoice ? 'Share invoice' : 'Share link'}
        </Button>
      </div>
    </div>
  )
}
