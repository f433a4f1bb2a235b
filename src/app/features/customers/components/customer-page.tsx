import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button, listRow } from 'styled-system/recipes'
import type { CustomerInfo } from '../../../../contract/customers'
import type { OrderSummary } from '../../../../contract/orders'
import { errorMessage, errorStatus } from '../../../lib/api'
import { formatDate, formatShortDateTime } from '../../../lib/dates'
import { Badge, StatusBadge } from '../../../ui/badge'
import { Card } from '../../../ui/card'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { EmptyState } from '../../../ui/empty-state'
import { Icon } from '../../../ui/icon'
import { Money } from '../../../ui/money'
import { PageHeader } from '../../../ui/page'
import { Skeleton } from '../../../ui/skeleton'
import { customerInfoQuery } from '../queries'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', minH: 'touch', color: 'accent.fg', fontWeight: 'medium', textDecoration: 'none', alignSelf: 'flex-start' })
const linkButton = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }))
const links = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' })
const orderRow = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', mx: '-3' }))
const orderTitle = css({ display: 'block', fontWeight: 'medium', truncate: true })
const orderMeta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })
const orderRight = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' })
const amount = css({ textStyle: 'amount', whiteSpace: 'nowrap' })

function BackToCustomers() {
  return (
    <Link to="/customers" className={back}>
      <Icon name="arrow-left" size={18} />
      Customers
    </Link>
  )
}

function RecentOrder({ order: o }: { order: OrderSummary }) {
  const content = (
    <>
      <span className={css({ minW: '0' })}>
        <span className={orderTitle}>{o.reference}</span>
        <span className={orderMeta}>{formatShortDateTime(o.createdAt)}</span>
      </span>
      <span className={orderRight}>
        <span className={amount}>
          <Money kobo={o.amount} currency={o.currency} />
        </span>
        <StatusBadge status={o.status} />
      </span>
    </>
  )
  // Two literal routes rather than one built path, so both stay type-checked against the route tree.
  return (
    <li>
      {o.kind === 'invoice' ? (
        <Link to="/invoices/$reference" params={{ reference: o.reference }} className={orderRow}>
          {content}
        </Link>
      ) : (
        <Link to="/orders/$reference" params={{ reference: o.reference }} className={orderRow}>
          {content}
        </Link>
      )}
    </li>
  )
}

function CustomerSections({ info }: { info: CustomerInfo }) {
  const { customer: c, totals: t, recentOrders } = info
  return (
    <>
      <Card title="Customer">
        <DetailList>
          <DetailRow label="Name">{c.name}</DetailRow>
          <DetailRow label="Email">{c.email ?? undefined}</DetailRow>
          <DetailRow label="Phone">{c.phone ?? undefined}</DetailRow>
          <DetailRow label="Customer since">{formatDate(c.createdAt)}</DetailRow>
        </DetailList>
      </Card>
      <Card title="Totals">
        <DetailList>
          <DetailRow label="Orders">{t.orderCount.toLocaleString('en-NG')}</DetailRow>
          <DetailRow label="Paid orders">{t.paidOrderCount.toLocaleString('en-NG')}</DetailRow>
          <DetailRow label="Total paid">
            <Money kobo={t.totalPaid} />
          </DetailRow>
          <DetailRow label="Refunded">
            <Money kobo={t.totalRefunded} />
          </DetailRow>
          <DetailRow label="Average order value">
            <Money kobo={t.averageOrderValue} />
          </DetailRow>
          <DetailRow label="First order">{t.firstOrderAt ? formatDate(t.firstOrderAt) : undefined}</DetailRow>
          <DetailRow label="Last order">{t.lastOrderAt ? formatDate(t.lastOrderAt) : undefined}</DetailRow>
        </DetailList>
      </Card>
      <Card title="Recent orders">
        {recentOrders.length ? (
          <ul aria-label="Recent orders">
            {recentOrders.map((o) => (
              <RecentOrder key={o.id} order={o} />
            ))}
          </ul>
        ) : (
          <EmptyState description="This customer's orders will show here." />
        )}
        <div className={links}>
          <Link to="/orders" search={{ customerId: c.id }} className={linkButton}>
            All orders
          </Link>
          <Link to="/transactions" search={{ customerId: c.id }} className={linkButton}>
            All transactions
          </Link>
        </div>
      </Card>
    </>
  )
}

/** /customers/$customerId: who they are, what they have bought and paid, and their newest orders. */
export function CustomerPage({ id }: { id: string }) {
  const query = useQuery(customerInfoQuery(id))
  const info = query.data

  if (!info) {
    const status = errorStatus(query.error)
    return (
      <div className={stack}>
        <BackToCustomers />
        {query.isError ? (
          <Card>
            <EmptyState
              title={status === 404 ? 'Customer not found' : 'No record found'}
              description={status === 404 ? 'This customer is not one of yours.' : errorMessage(query.error)}
              errorStatus={status}
              onRefetch={status === 404 ? undefined : () => void query.refetch()}
              refetching={query.isFetching}
            />
          </Card>
        ) : (
          <div aria-busy="true" className={stack}>
            <Skeleton height={32} width="60%" />
            <Skeleton height={160} />
            <Skeleton height={240} />
          </div>
        )}
      </div>
    )
  }

  return (
    <div className={stack}>
      <BackToCustomers />
      <PageHeader
        title={info.customer.name}
        description={info.customer.isAnonymous ? <Badge>Anonymous</Badge> : [info.customer.email, info.customer.phone].filter(Boolean).join(' · ') || undefined}
      />
      <CustomerSections info={info} />
    </div>
  )
}
