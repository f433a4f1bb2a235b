import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { formatDateTime } from '#app/lib/dates'
import { Badge, StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { isOverdue, type Order } from '#contract/orders'

import { refundedOfPaid } from '../refunded-text'
import { InvoiceDueDateRow } from './invoice-due-date'
import { OrderShare } from './order-share'
import { OrderStatusActions } from './order-status-actions'

const column = stack({ gap: '4' })
const total = stack({ alignItems: 'center', gap: '2', py: '2' })
const linkButton = cx(
  button({ variant: 'outline', size: 'md' }),
  css({ textDecoration: 'none', alignSelf: { base: 'stretch', sm: 'flex-start' } }),
)

/** Summary: status, money, dates, the customer's payment link, and the actions on the order as a whole. */
export function OrderSummarySection({ order }: { order: Order }) {
  return (
    <Card title="Summary">
      <div className={column}>
        <div className={total}>
          <p className={css({ textStyle: 'amount.lg' })}>
            <Money kobo={order.amount} currency={order.currency} />
          </p>
          <StatusBadge status={order.status} />
          {isOverdue(order) ? <Badge tone="danger">Overdue</Badge> : null}
          {order.amountRefunded > 0 ? <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>{refundedOfPaid(order)}</p> : null}
        </div>
        <DetailList>
          {order.invoiceNumber ? <DetailRow label="Invoice number">{order.invoiceNumber}</DetailRow> : null}
          <DetailRow label="Total">
            <Money kobo={order.amount} currency={order.currency} />
          </DetailRow>
          <DetailRow label="Amount paid">
            <Money kobo={order.amountPaid} currency={order.currency} />
          </DetailRow>
          <DetailRow label="Refunded">
            <Money kobo={order.amountRefunded} currency={order.currency} />
          </DetailRow>
          <DetailRow label="Created">{formatDateTime(order.createdAt)}</DetailRow>
          <InvoiceDueDateRow order={order} />
          <DetailRow label="Last updated">{formatDateTime(order.updatedAt)}</DetailRow>
          {order.transactionReference ? <DetailRow label="For transfer">{order.transactionReference}</DetailRow> : null}
          {order.outlet ? <DetailRow label="Sold at">{order.outlet.name}</DetailRow> : null}
          {order.narration ? <DetailRow label="Narration">{order.narration}</DetailRow> : null}
        </DetailList>
        <OrderShare order={order} />
        <OrderStatusActions order={order} />
        <Link to="/orders/disputes/new" search={{ orderReference: order.reference }} className={linkButton}>
          Initiate Dispute
        </Link>
      </div>
    </Card>
  )
}
