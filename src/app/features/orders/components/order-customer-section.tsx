import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { usePermission } from '#app/lib/permissions'
import { Badge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import type { Order } from '#contract/orders'

const link = css({ display: 'inline-flex', alignItems: 'center', minH: 'touch', mt: '2', color: 'accent.fg', fontWeight: 'medium' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** Who the order is for, with a way to their page (for users who may see customers). */
export function OrderCustomerSection({ order }: { order: Order }) {
  const canSeeCustomers = usePermission('VENDOR_CUSTOMERS')
  const customer = order.customer
  return (
    <Card title="Customer">
      {customer ? (
        <>
          <DetailList>
            <DetailRow label="Name">
              {customer.name}
              {customer.isAnonymous ? <Badge>Anonymous</Badge> : null}
            </DetailRow>
            <DetailRow label="Email">{customer.email}</DetailRow>
            <DetailRow label="Phone">{customer.phone}</DetailRow>
          </DetailList>
          {canSeeCustomers ? (
            <Link to="/customers/$customerId" params={{ customerId: customer.id }} className={link}>
              View customer
            </Link>
          ) : null}
        </>
      ) : (
        <p className={note}>This {order.kind} names no customer.</p>
      )}
    </Card>
  )
}
