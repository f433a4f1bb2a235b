import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { usePermission } from '#app/lib/permissions'
import { DetailFallback, detailStack } from '#app/ui/detail-page'
import { PageHeader } from '#app/ui/page'
import type { Order } from '#contract/orders'

import { KINDS, type KindText } from '../kinds'
import { orderDetailQuery } from '../queries'
import { BackToList } from './back-to-list'
import { OrderCustomerSection } from './order-customer-section'
import { OrderItemsSection } from './order-items-section'
import { OrderPayAccountSection } from './order-pay-account'
import { OrderPaymentSection } from './order-payment-section'
import { OrderSummarySection } from './order-summary-section'
import { OrderTimelineSection } from './order-timeline-section'

const refundLink = cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))

/**
 * Initiate Refund opens over the page as its child route (docs/decisions/010). Only for those the owner let refund
 * (VENDOR_REFUNDS, decision 086): the server refuses everyone else, so they are not offered it at all.
 */
function RefundLink({ kind, order }: { kind: KindText; order: Order }) {
  const mayRefund = usePermission('VENDOR_REFUNDS')
  if (!order.canRefund || !mayRefund) return null
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
    return (
      <DetailFallback
        back={<BackToList kind={kind} />}
        query={query}
        notFound={{ title: `${kind.title} not found`, description: `No ${kind.noun} has the reference ${reference}.` }}
        skeletons={[200, 160]}
      />
    )
  }

  return (
    <div className={detailStack}>
      <BackToList kind={kind} />
      <PageHeader title={`${KINDS[order.kind].title} ${order.reference}`} />
      <OrderSummarySection order={order} />
      <OrderPayAccountSection order={order} />
      <OrderItemsSection order={order} />
      <OrderCustomerSection order={order} />
      <OrderPaymentSection order={order} action={<RefundLink kind={kind} order={order} />} />
      <OrderTimelineSection order={order} />
    </div>
  )
}
