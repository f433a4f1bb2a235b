import { css } from 'styled-system/css'

import { taxLabel } from '#app/lib/format'
import { optionsText } from '#app/lib/variant-options'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { rowName } from '#app/ui/row-text'
import { formatKobo } from '#contract/naira'
import type { Order } from '#contract/orders'

const item = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const totalRow = css({ '& dd': { textStyle: 'amount' } })

/** The lines and how the total is made (subtotal − coupon + taxes + delivery), as the server worked it out. */
export function OrderItemsSection({ order }: { order: Order }) {
  const c = order.currency
  return (
    <Card title={`Items (${order.items.length})`}>
      <ul aria-label="Items">
        {order.items.map((line) => (
          <li key={line.id} className={item}>
            <span className={css({ minW: '0' })}>
              <span className={rowName}>{line.name}</span>
              {optionsText(line.options) ? <span className={meta}>{optionsText(line.options)}</span> : null}
              <span className={meta}>
                {line.quantity.toLocaleString('en-NG')} × {formatKobo(line.unitPrice, c)}
              </span>
            </span>
            <Money kobo={line.amount} currency={c} />
          </li>
        ))}
      </ul>
      <DetailList>
        <DetailRow label="Subtotal">
          <Money kobo={order.subtotal} currency={c} />
        </DetailRow>
        {order.couponCode || order.discount > 0 ? (
          <DetailRow label={order.couponCode ? `Coupon ${order.couponCode}` : 'Discount'}>−{formatKobo(order.discount, c)}</DetailRow>
        ) : null}
        {order.taxes.map((tax) => (
          <DetailRow key={tax.name} label={taxLabel(tax.name, tax.percentage)}>
            <Money kobo={tax.amount} currency={c} />
          </DetailRow>
        ))}
        {order.deliveryLocation || order.deliveryFee > 0 ? (
          <DetailRow label={order.deliveryLocation ? `Delivery, ${order.deliveryLocation.name}` : 'Delivery'}>
            <Money kobo={order.deliveryFee} currency={c} />
          </DetailRow>
        ) : null}
        <DetailRow label="Total" className={totalRow}>
          <Money kobo={order.amount} currency={c} />
        </DetailRow>
      </DetailList>
    </Card>
  )
}
