import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { formatDateTime } from '#app/lib/dates'
import { Card } from '#app/ui/card'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { Order } from '#contract/orders'
import type { Transaction } from '#contract/transactions'

import { KINDS } from '../kinds'
import { transactionByReferenceQuery } from '../lookups'
import { emptyOrderDraft, newLineKey, type OrderDraft } from '../order-draft'
import { CreateOrderForm } from './create-order-form'

const column = stack({ gap: '4' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })
const linkButton = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none', mt: '3' }))

/** The order a transfer starts as: one custom line for the amount received (its customer is the payer, PayerCard). */
export function draftForTransaction(t: Transaction): OrderDraft {
  return {
    ...emptyOrderDraft('order'),
    shareable: false,
    lines: [{ key: newLineKey(), name: `Payment ${t.reference}`, options: {}, unitPrice: t.amount, quantity: 1 }],
  }
}

/** SPEC §4: a credit that came in by bank transfer and is not marked POS; the server checks it again. */
const canHaveOrder = (t: Transaction) => t.type === 'credit' && t.isOffline && !t.isPOSTransaction

function TransferCard({ t }: { t: Transaction }) {
  return (
    <Card title="Transfer">
      <DetailList>
        <DetailRow label="Amount">
          <Money kobo={t.amount} currency={t.currency} />
        </DetailRow>
        <DetailRow label="From">{t.originatorAccountName}</DetailRow>
        <DetailRow label="Date and time">{formatDateTime(t.createdAt)}</DetailRow>
        <DetailRow label="Reference">{t.reference}</DetailRow>
      </DetailList>
    </Card>
  )
}

/**
 * The order's customer: whoever the transfer came from, a bank and an account (docs/decisions/088, 129). No fields:
 * a name typed here made a second customer of the same payer, who then showed no order.
 */
function PayerCard({ t }: { t: Transaction }) {
  const account = [t.originatorBankName, t.originatorAccountNumber].filter(Boolean).join(' · ')
  return (
    <div className={stack({ gap: '1' })}>
      <p className={css({ fontWeight: 'medium' })}>{t.customerName ?? t.originatorAccountName ?? 'The payer'}</p>
      <p className={note}>{account ? `Paid from ${account}. ` : ''}The order is theirs.</p>
    </div>
  )
}

export interface CreateFromTransactionProps {
  reference: string
  picker?: CustomerPickerComponent
  onCreated: (order: Order) => void
  onCancel: () => void
}

/**
 * /orders/create-order?reference=…: an order for a transfer that matched none (SPEC §2, §4), prefilled from the
 * transfer. The transfer pays it, so it can only happen once: a transfer that has its order links to it instead.
 */
export function CreateFromTransaction({ reference, picker, onCreated, onCancel }: CreateFromTransactionProps) {
  const query = useQuery(transactionByReferenceQuery(reference))
  const t = query.data
  const initial = useMemo(() => (t ? draftForTransaction(t) : undefined), [t])

  if (!t) {
    return query.isError ? (
      <Card>
        <QueryError query={query} notFound={{ title: 'Transfer not found', description: `No transfer has the reference ${reference}.` }} />
      </Card>
    ) : (
      <div aria-busy="true" className={column}>
        <Skeleton height={140} />
        <Skeleton height={240} />
      </div>
    )
  }

  if (t.hasMatchingOrder && t.orderReference) {
    return (
      <div className={column}>
        <TransferCard t={t} />
        <Card title="This transfer already has an order">
          <p className={note}>A transfer pays one order only. Its order is {t.orderReference}.</p>
          <Link
            to="/orders/$reference"
            params={{ reference: t.orderReference }}
            search={t.hasShareableOrder ? { type: 'shareable' } : {}}
            className={linkButton}
          >
            View order
          </Link>
        </Card>
      </div>
    )
  }

  if (!canHaveOrder(t)) {
    return (
      <div className={column}>
        <TransferCard t={t} />
        <Card title="No order for this transaction">
          <p className={note}>Only a bank transfer you received, not marked as a POS transaction, can have an order created for it.</p>
        </Card>
      </div>
    )
  }

  return (
    <div className={column}>
      <TransferCard t={t} />
      <CreateOrderForm
        kind={KINDS.order}
        initial={initial}
        transactionReference={t.reference}
        fixedCustomer={<PayerCard t={t} />}
        picker={picker}
        onCreated={onCreated}
        onCancel={onCancel}
      />
    </div>
  )
}
