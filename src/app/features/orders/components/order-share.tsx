import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { Icon } from '#app/ui/icon'
import { formatKobo } from '#contract/naira'
import type { Order } from '#contract/orders'

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

/**
 * The public page of a shareable order or invoice (/checkout/{code}): copy its link, or hand it to WhatsApp and
 * the like through the phone's share sheet (Web Share) where the browser has one.
 */
export function OrderShare({ order }: { order: Order }) {
  if (!order.publicUrl) return null
  const link = order.publicUrl
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  async function share() {
    try {
      await navigator.share({
        title: `${order.kind === 'invoice' ? 'Invoice' : 'Order'} ${order.reference}`,
        text: `Pay ${formatKobo(order.amount, order.currency)} for ${order.reference}`,
        url: link,
      })
    } catch {
      // Dismissing the share sheet rejects too; there is nothing to say.
    }
  }
  return (
    <div className={box}>
      <p className={css({ textStyle: 'label' })}>Payment page for the customer</p>
      <p className={url}>
        <span>{link}</span>
        <CopyButton value={link} label="Copy payment link" toastMessage="Copied payment link to clipboard" />
      </p>
      {canShare ? (
        <Button variant="outline" onClick={() => void share()}>
          <Icon name="share" size={18} />
          Share link
        </Button>
      ) : null}
    </div>
  )
}
