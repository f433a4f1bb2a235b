import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import type { OrderStatus, PublicOrder } from '../../../../contract/orders'
import { errorMessage, errorStatus } from '../../../lib/api'
import { formatKobo, koboToNairaInput } from '../../../lib/money'
import { StatusBadge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { CopyButton } from '../../../ui/copy-button'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { Icon } from '../../../ui/icon'
import { Money } from '../../../ui/money'
import { Skeleton } from '../../../ui/skeleton'
import { optionsText } from '../kinds'
import { publicOrderQuery } from '../queries'

export const INVALID_CHECKOUT = 'This payment page is no longer valid'

const page = css({ minH: '100dvh', bg: 'bg.canvas', px: '4', py: '6' })
const column = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '28rem', mx: 'auto' })
const vendor = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'label', color: 'fg.muted' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const centre = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', textAlign: 'center', py: '16' })
const icon = css({ display: 'grid', placeItems: 'center', w: '14', h: '14', borderRadius: 'full', bg: 'bg.muted', color: 'fg.muted' })
const copyValue = css({ display: 'inline-flex', alignItems: 'center', gap: '1', overflowWrap: 'anywhere' })
const item = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })
const done = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  borderRadius: 'control',
  bg: 'success.subtle',
  color: 'success.fg',
  textStyle: 'body.sm',
})

/** Statuses in which nothing more is owed or asked for. */
const CLOSED: readonly OrderStatus[] = ['refunded', 'abandoned', 'failed', 'refund-pending', 'refund-failed']

function Items({ order }: { order: PublicOrder }) {
  const c = order.currency
  return (
    <Card title="Items">
      <ul aria-label="Items">
        {order.items.map((line, i) => (
          <li key={i} className={item}>
            <span className={css({ minW: '0' })}>
              <span className={css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })}>{line.name}</span>
              <span className={muted}>{[optionsText(line.options), `Quantity ${line.quantity.toLocaleString('en-NG')}`].filter(Boolean).join(' · ')}</span>
            </span>
            <Money kobo={line.amount} currency={c} />
          </li>
        ))}
      </ul>
      <DetailList>
        <DetailRow label="Subtotal">
          <Money kobo={order.subtotal} currency={c} />
        </DetailRow>
        {order.discount > 0 ? <DetailRow label="Discount">−{formatKobo(order.discount, c)}</DetailRow> : null}
        {order.taxTotal > 0 ? (
          <DetailRow label="Tax">
            <Money kobo={order.taxTotal} currency={c} />
          </DetailRow>
        ) : null}
        {order.deliveryFee > 0 ? (
          <DetailRow label="Delivery">
            <Money kobo={order.deliveryFee} currency={c} />
          </DetailRow>
        ) : null}
        <DetailRow label="Total">
          <Money kobo={order.amount} currency={c} />
        </DetailRow>
        {order.amountPaid > 0 ? (
          <DetailRow label="Paid">
            <Money kobo={order.amountPaid} currency={c} />
          </DetailRow>
        ) : null}
      </DetailList>
    </Card>
  )
}

/** How to pay: transfer the amount due to the vendor's account, quoting the order reference as the narration. */
function HowToPay({ order }: { order: PublicOrder }) {
  if (order.amountDue === 0) {
    return (
      <p role="status" className={done}>
        <Icon name="check" size={18} />
        Paid in full. Thank you.
      </p>
    )
  }
  if (CLOSED.includes(order.status)) {
    return (
      <Card title="Not open for payment">
        <p className={muted}>
          This {order.kind} is {order.status}. Contact {order.vendorName} before paying anything.
        </p>
      </Card>
    )
  }
  if (!order.payTo) {
    return (
      <Card title="Pay by bank transfer">
        <p className={muted}>{order.vendorName} has not set up bank transfer payments yet. Contact them to pay.</p>
      </Card>
    )
  }
  const { payTo } = order
  return (
    <Card title="Pay by bank transfer">
      <p className={muted}>
        Transfer the amount due from your bank app to the account below and write the reference as the narration (description), so that your payment is matched
        to this {order.kind}.
      </p>
      <DetailList>
        <DetailRow label="Amount due">
          <span className={copyValue}>
            <Money kobo={order.amountDue} currency={order.currency} />
            <CopyButton value={koboToNairaInput(order.amountDue)} label="Copy amount" toastMessage="Amount copied" />
          </span>
        </DetailRow>
        <DetailRow label="Bank">{payTo.bankName}</DetailRow>
        <DetailRow label="Account number">
          <span className={copyValue}>
            {payTo.accountNumber}
            <CopyButton value={payTo.accountNumber} label="Copy account number" toastMessage="Account number copied" />
          </span>
        </DetailRow>
        <DetailRow label="Account name">{payTo.accountName}</DetailRow>
        <DetailRow label="Narration">
          <span className={copyValue}>
            {order.reference}
            <CopyButton value={order.reference} label="Copy reference" toastMessage="Reference copied" />
          </span>
        </DetailRow>
      </DetailList>
    </Card>
  )
}

function View({ order }: { order: PublicOrder }) {
  return (
    <>
      <p className={vendor}>
        <Icon name="store" size={18} />
        {order.vendorName}
      </p>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ textStyle: 'title.lg', overflowWrap: 'anywhere' })}>
          {order.kind === 'invoice' ? 'Invoice' : 'Order'} {order.reference}
        </h1>
        {order.customerName ? <p className={muted}>For {order.customerName}</p> : null}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <span className={css({ textStyle: 'amount.lg' })}>
            <Money kobo={order.amountDue > 0 ? order.amountDue : order.amount} currency={order.currency} />
          </span>
          <StatusBadge status={order.status} />
        </div>
        {order.amountDue > 0 && order.amountPaid > 0 ? <p className={muted}>Still to pay, of {formatKobo(order.amount, order.currency)}</p> : null}
      </div>
      <HowToPay order={order} />
      <Items order={order} />
    </>
  )
}

/** The public page of a shareable order or invoice (/checkout/$code): what is owed and how to pay it. */
export function CheckoutPage({ code }: { code: string }) {
  const query = useQuery(publicOrderQuery(code))
  let body
  if (query.data) body = <View order={query.data} />
  else if (query.isError && errorStatus(query.error) === 404) {
    body = (
      <div className={centre} role="alert">
        <span className={icon}>
          <Icon name="alert-circle" size={28} />
        </span>
        <h1 className={css({ textStyle: 'title.md' })}>{INVALID_CHECKOUT}</h1>
        <p className={muted}>Ask the seller for a new link.</p>
      </div>
    )
  } else if (query.isError) {
    body = (
      <div className={centre} role="alert">
        <h1 className={css({ textStyle: 'title.md' })}>Could not load this payment page</h1>
        <p className={muted}>{errorMessage(query.error)}</p>
        <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
          <Icon name="refresh" size={16} />
          Try again
        </Button>
      </div>
    )
  } else {
    body = (
      <div aria-busy="true" className={column}>
        <Skeleton height={48} />
        <Skeleton height={200} radius="1rem" />
        <Skeleton count={3} height={24} />
      </div>
    )
  }
  return (
    <main className={page}>
      <div className={column}>{body}</div>
    </main>
  )
}
