import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button, listRow } from 'styled-system/recipes'

import { toIsoDate } from '#app/lib/date-range'
import type { DateFilterSearch } from '#app/lib/date-search'
import { formatDate, formatShortDateTime } from '#app/lib/dates'
import { Badge, StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { BackLink, DetailFallback, detailStack } from '#app/ui/detail-page'
import { EmptyState } from '#app/ui/empty-state'
import { Money } from '#app/ui/money'
import { PageHeader } from '#app/ui/page'
import type { CustomerInfo } from '#contract/customers'
import type { OrderSummary } from '#contract/orders'

import { customerInfoQuery } from '../queries'

const linkButton = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }))
// Side by side where the labels fit; stacked on a phone, where 'All transactions' would not fit half the card.
const links = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))', gap: '2' })
const orderRow = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', mx: '-3' }))
const orderTitle = css({ display: 'block', fontWeight: 'medium', truncate: true })
const orderMeta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })
const orderRight = stack({ alignItems: 'flex-end', gap: '1' })
const amount = css({ textStyle: 'amount', whiteSpace: 'nowrap' })

function BackToCustomers() {
  return <BackLink to="/customers">Customers</BackLink>
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

/**
 * All of a customer's history as a Date filter (issue 22): a Custom range from the day they became a customer (or
 * their first order, were it earlier) to today. The lists default to Today, which hid everything older; the SPEC's
 * durations have no "all time", and nothing of theirs predates that first day.
 */
function historyRange(info: CustomerInfo, now = new Date()): DateFilterSearch {
  const since = [info.customer.createdAt, info.totals.firstOrderAt].filter((at): at is string => Boolean(at))
  const first = since.map((at) => new Date(at)).reduce((a, b) => (b < a ? b : a))
  return { duration: 'CUSTOM', startDate: toIsoDate(first), endDate: toIsoDate(now) }
}

function CustomerSections({ info }: { info: CustomerInfo }) {
  const { customer: c, totals: t, recentOrders } = info
  const history = { customerId: c.id, ...historyRange(info) }
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
          {/* Any money received counts, a part payment too: "Paid orders" would say they are settled. */}
          <DetailRow label="Orders with payments">{t.paidOrderCount.toLocaleString('en-NG')}</DetailRow>
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
          {/* Orders and invoices are two lists (SPEC), so a link to each. */}
          <Link to="/orders" search={history} className={linkButton}>
            All orders
          </Link>
          <Link to="/invoices" search={history} className={linkButton}>
            All invoices
          </Link>
          <Link to="/transactions" search={history} className={linkButton}>
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
    return (
      <DetailFallback
        back={<BackToCustomers />}
        query={query}
        notFound={{ title: 'Customer not found', description: 'This customer is not one of yours.' }}
        skeletons={[160, 240]}
      />
    )
  }

  return (
    <div className={detailStack}>
      <BackToCustomers />
      <PageHeader
        title={info.customer.name}
        description={
          info.customer.isAnonymous ? (
            <Badge>Anonymous</Badge>
          ) : (
            [info.customer.email, info.customer.phone].filter(Boolean).join(' · ') || undefined
          )
        }
      />
      <CustomerSections info={info} />
    </div>
  )
}
