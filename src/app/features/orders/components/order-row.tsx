import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { formatShortDateTime } from '#app/lib/dates'
import { formatCount } from '#app/lib/format'
import { Badge, StatusBadge } from '#app/ui/badge'
import { formatKobo } from '#contract/naira'
import { isOverdue, type OrderSummary } from '#contract/orders'

import { invoiceDueText } from '../invoice-share'

const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3' }))
/** An order row's name and detail lines; a waiting order (waiting-orders.tsx) reads the same. */
export const rowTitle = css({ display: 'block', fontWeight: 'medium', truncate: true })
export const rowMeta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const right = stack({ alignItems: 'flex-end', gap: '1' })
const amount = css({ textStyle: 'amount', whiteSpace: 'nowrap' })

const items = (n: number) => formatCount(n, 'item')

/** Who the order is for: the customer's name, or that it names nobody (an anonymous, walk-in sale). */
export function customerLabel(o: Pick<OrderSummary, 'customer'>): string {
  return o.customer?.name ?? 'No customer named'
}

/** One order or invoice: customer, reference, date (and due date), items; total, status and Overdue on the right. */
export function OrderRow({ order: o }: { order: OrderSummary }) {
  const content = (
    <>
      <span className={css({ minW: '0' })}>
        <span className={rowTitle}>{customerLabel(o)}</span>
        <span className={rowMeta}>
          {o.reference} · {items(o.itemCount)}
        </span>
        {/* The due date first: on a phone the line is cut short, and when it is due matters more than when made. */}
        <span className={rowMeta}>
          {o.dueDate ? `Due ${invoiceDueText(o)} · ` : null}
          {formatShortDateTime(o.createdAt)}
        </span>
      </span>
      <span className={right}>
        <span className={amount}>{formatKobo(o.amount, o.currency)}</span>
        <StatusBadge status={o.status} />
        {isOverdue(o) ? <Badge tone="danger">Overdue</Badge> : null}
      </span>
    </>
  )
  // Two literal routes rather than one built path, so both stay type-checked against the route tree.
  return o.kind === 'invoice' ? (
    <Link to="/invoices/$reference" params={{ reference: o.reference }} className={row} data-testid="order-row">
      {content}
    </Link>
  ) : (
    <Link to="/orders/$reference" params={{ reference: o.reference }} className={row} data-testid="order-row">
      {content}
    </Link>
  )
}
