import { css } from 'styled-system/css'

import { formatCount, taxLabel } from '#app/lib/format'
import { optionsText } from '#app/lib/variant-options'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { MarginText } from '#app/ui/margin-text'
import { Money } from '#app/ui/money'
import { rowName } from '#app/ui/row-text'
import { linesMargin } from '#contract/margin'
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
  // Each line's price over its cost when it was sold (decision 175); only a role with products is sent costs.
  const margin = linesMargin(order.items)
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
                {line.unitCost != null ? ` · cost ${formatKobo(line.unitCost, c)} each` : null}
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
        {margin ? (
          <DetailRow label="Margin">
            <MarginText margin={margin} />
          </DetailRow>
        ) : null}
      </DetailList>
      {margin?.uncosted ? (
        <p className={meta}>
          Margin on the items with a cost price when sold; {formatCount(margin.uncosted, 'item')} without one left out.
        </p>
      ) : null}
    </Card>
  )
}
