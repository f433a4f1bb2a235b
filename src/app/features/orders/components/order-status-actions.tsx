import { useState } from 'react'
import { css } from 'styled-system/css'

import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import type { Order, OrderStatus } from '#contract/orders'

import { useUpdateOrderStatus } from '../queries'

// Stacked at full width on a phone: 'Mark as refund-failed' does not fit half of one.
const row = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, flexWrap: 'wrap', gap: '2' })

/** What each manual change means to a vendor, under the confirm dialog's question, naming an order or an invoice. */
function consequence(kind: Order['kind'], status: OrderStatus): string | undefined {
  const noun = kind === 'invoice' ? 'invoice' : 'order'
  const consequences: Partial<Record<OrderStatus, string>> = {
    fulfilled: 'The customer has received what they paid for.',
    abandoned: 'The customer is not going to pay. You can set it back to pending later.',
    failed: `The ${noun} could not go ahead. You can set it back to pending later.`,
    pending: `The ${noun} waits for payment again.`,
  }
  return consequences[status]
}

/**
 * Change status (SPEC §4: order status is changed through a call): one button per status the server allows from
 * here (allowedStatuses), each through the Cancel / Proceed confirm dialog.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const online = useOnline()
  const update = useUpdateOrderStatus()
  const [target, setTarget] = useState<OrderStatus | null>(null)
  if (order.allowedStatuses.length === 0) return null
  return (
    <div className={row}>
      {order.allowedStatuses.map((status) => (
        <Button
          key={status}
          variant="outline"
          disabled={!online}
          title={online ? undefined : 'Connect to the internet to change the status'}
          onClick={() => setTarget(status)}
        >
          Mark as {status}
        </Button>
      ))}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null)
        }}
        title={target ? `Mark this ${order.kind} as ${target}?` : ''}
        description={target ? consequence(order.kind, target) : undefined}
        loading={update.isPending}
        onProceed={() => {
          if (target) update.mutate({ reference: order.reference, status: target }, { onSettled: () => setTarget(null) })
        }}
      />
    </div>
  )
}
