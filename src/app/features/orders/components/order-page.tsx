import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Order } from '../../../../contract/orders'
import { errorMessage, errorStatus } from '../../../lib/api'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { PageHeader } from '../../../ui/page'
import { Skeleton } from '../../../ui/skeleton'
import { KINDS, type KindText } from '../kinds'
import { BackToList } from './back-to-list'
import { orderDetailQuery } from '../queries'
import { OrderCustomerSection } from './order-customer-section'
import { OrderItemsSection } from './order-items-section'
import { OrderPaymentSection } from './order-payment-section'
import { OrderSummarySection } from './order-summary-section'
import { OrderTimelineSection } from './order-timeline-section'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const refundLink = cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))

/** Initiate Refund opens over the page as its child route (docs/decisions/010). */
function RefundLink({ kind, order }: { kind: KindText; order: Order }) {
  if (!order.canRefund) return null
  const params = { reference: order.reference }
  return kind.kind === 'invoice' ? (
    <Link to="/invoices/$reference/refund" params={params} search className={refundLink}>
      Initiate Refund
    </Link>
  ) : (
    <Link to="/orders/$reference/refund" params={params} search className={refundLink}>
      Initiate Refund
    </Link>
  )
}

/**
 * /orders/$reference and /invoices/$reference: a stack of sections (summary, items, customer, payment, timeline),
 * each owning its actions. Once opened it is in the persisted cache, so it renders offline too.
 */
export function OrderPage({ reference, kind }: { reference: string; kind: KindText }) {
  const query = useQuery(orderDetailQuery(reference))
  const order = query.data

  if (!order) {
    const status = errorStatus(query.error)
    return (
      <div className={stack}>
        <BackToList kind={kind} />
        {query.isError ? (
          <Card>
            <EmptyState
              title={status === 404 ? `${kind.title} not found` : 'No record found'}
              description={status === 404 ? `No ${kind.noun} has the reference ${reference}.` : errorMessage(query.error)}
              errorStatus={status}
              onRefetch={status === 404 ? undefined : () => void query.refetch()}
              refetching={query.isFetching}
            />
          </Card>
        ) : (
          <div aria-busy="true" className={stack}>
            <Skeleton height={32} width="60%" />
            <Skeleton height={200} />
            <Skeleton height={160} />
          </div>
        )}
      </div>
    )
  }

  return (
    <div className={stack}>
      <BackToList kind={kind} />
      <PageHeader title={`${KINDS[order.kind].title} ${order.reference}`} />
      <OrderSummarySection order={order} />
      <OrderItemsSection order={order} />
      <OrderCustomerSection order={order} />
      <OrderPaymentSection order={order} action={<RefundLink kind={kind} order={order} />} />
      <OrderTimelineSection order={order} />
    </div>
  )
}
