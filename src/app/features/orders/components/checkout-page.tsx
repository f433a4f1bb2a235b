import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { taxLabel } from '#app/lib/format'
import { optionsText } from '#app/lib/variant-options'
import { StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Icon } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { PayByTransfer, PublicPage } from '#app/ui/public-page'
import { Skeleton } from '#app/ui/skeleton'
import { formatKobo } from '#contract/naira'
import type { OrderStatus, PublicOrder } from '#contract/orders'

import { publicOrderQuery } from '../queries'
import { refundedOfPaid } from '../refunded-text'
import { CheckoutBusiness } from './checkout-business'

export const INVALID_CHECKOUT = 'This payment page is no longer valid'

const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const item = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
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

const notice = css({ p: '3', borderRadius: 'control', bg: 'bg.subtle', textStyle: 'body.sm', overflowWrap: 'anywhere' })

/** Statuses in which nothing more is owed or asked for. */
const CLOSED: readonly OrderStatus[] = ['refunded', 'abandoned', 'failed', 'refund-pending', 'refund-failed']

/** Money may still arrive: the page asks again this often while it is on screen (not in a background tab). */
export const CHECKOUT_POLL_MS = 5_000
const AWAITING: readonly OrderStatus[] = ['pending', 'partially-paid']

function Items({ order }: { order: PublicOrder }) {
  const c = order.currency
  return (
    <Card title="Items">
      <ul aria-label="Items">
        {order.items.map((line, i) => (
          <li key={i} className={item}>
            <span className={css({ minW: '0' })}>
              <span className={css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })}>{line.name}</span>
              <span className={muted}>
                {[optionsText(line.options), `Quantity ${line.quantity.toLocaleString('en-NG')}`].filter(Boolean).join(' · ')}
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
        {order.discount > 0 ? <DetailRow label="Discount">−{formatKobo(order.discount, c)}</DetailRow> : null}
        {/* Each tax its own line with its rate, as the invoice prints it (decision 191) and the order page shows it. */}
        {order.taxes.map((tax, i) => (
          <DetailRow key={i} label={taxLabel(tax.name, tax.percentage)}>
            <Money kobo={tax.amount} currency={c} />
          </DetailRow>
        ))}
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
  // Refunded in full: the refund line above says it all; there is nothing to pay and nothing was kept.
  if (order.status === 'refunded') return null
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
  // The order's own account (issue 36): whatever the narration, money into it pays this order.
  if (order.payAccount) {
    return (
      <PayByTransfer
        vendorName={order.vendorName}
        payTo={order.payAccount}
        amountLabel="Amount due"
        amount={order.amountDue}
        currency={order.currency}
        intro={`Transfer the amount due from your bank app to the account below. It was opened for this ${order.kind} only, so no narration is needed.`}
        expiresAt={order.payAccount.expiresAt}
      />
    )
  }
  return (
    <PayByTransfer
      vendorName={order.vendorName}
      payTo={order.payTo}
      amountLabel="Amount due"
      amount={order.amountDue}
      currency={order.currency}
      intro={`Transfer the amount due from your bank app to the account below and write the reference as the narration (description), so that your payment is matched to this ${order.kind}.`}
      narration={order.reference}
    />
  )
}

/** What came back, and what arrived beyond the total: a customer checking their money sees both here. */
function MoneyNotes({ order }: { order: PublicOrder }) {
  const c = order.currency
  const full = order.status === 'refunded'
  return (
    <>
      {order.amountRefunded > 0 ? (
        <p role="status" className={notice}>
          {refundedOfPaid(order)}. {full ? 'The money went back to the account that paid.' : 'It went back to the account that paid.'}
        </p>
      ) : null}
      {order.amountOverpaid > 0 && !full ? (
        <p role="status" className={notice}>
          {formatKobo(order.amountOverpaid, c)} more than the total arrived.
          {/* Once refunds cover the extra, the line above says it went back: asking to chase it would contradict it. */}
          {order.amountRefunded < order.amountOverpaid ? ` Contact ${order.vendorName} about the extra.` : null}
        </p>
      ) : null}
    </>
  )
}

function View({ order }: { order: PublicOrder }) {
  return (
    <>
      <CheckoutBusiness business={order.business} />
      <div className={stack({ gap: '2' })}>
        <h1 className={css({ textStyle: 'title.lg', overflowWrap: 'anywhere' })}>
          {order.kind === 'invoice' ? 'Invoice' : 'Order'} {order.reference}
        </h1>
        {/* The reference is what a transfer quotes; the number is the invoice's place in the seller's books (191). */}
        {order.invoiceNumber ? <p className={muted}>Invoice number {order.invoiceNumber}</p> : null}
        {order.customerName ? <p className={muted}>For {order.customerName}</p> : null}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <span className={css({ textStyle: 'amount.lg' })}>
            <Money kobo={order.amountDue > 0 ? order.amountDue : order.amount} currency={order.currency} />
          </span>
          <StatusBadge status={order.status} />
        </div>
        {order.amountDue > 0 && order.amountPaid > 0 ? (
          <p className={muted}>Still to pay, of {formatKobo(order.amount, order.currency)}</p>
        ) : null}
      </div>
      <MoneyNotes order={order} />
      <HowToPay order={order} />
      <Items order={order} />
    </>
  )
}

/** The public page of a shareable order or invoice (/checkout/$code): what is owed and how to pay it. */
export function CheckoutPage({ code }: { code: string }) {
  // Asks again while money is still expected, so a transfer shows up without a reload (the bank's notice reaches
  // the server in seconds). TanStack Query skips the interval while the tab is hidden.
  const query = useQuery({
    ...publicOrderQuery(code),
    refetchInterval: (current) => (current.state.data && AWAITING.includes(current.state.data.status) ? CHECKOUT_POLL_MS : false),
  })
  return (
    <PublicPage
      query={query}
      invalid={{ title: INVALID_CHECKOUT, text: 'Ask the seller for a new link.' }}
      failedTitle="Could not load this payment page"
      loading={
        <>
          <Skeleton height={48} />
          <Skeleton height={200} radius="1rem" />
          <Skeleton count={3} height={24} />
        </>
      }
    >
      {(order) => <View order={order} />}
    </PublicPage>
  )
}
