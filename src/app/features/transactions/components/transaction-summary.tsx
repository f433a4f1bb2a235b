import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { ApiError, errorMessage } from '#app/lib/api'
import { formatDateTime } from '#app/lib/dates'
import { internalCounterparty, internalTransferLabel } from '#app/lib/internal-transfer'
import { hasReceipt } from '#app/lib/receipt'
import { StatusBadge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Icon } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { Notice } from '#app/ui/notice'
import { ReceiptSheet } from '#app/ui/receipt-sheet'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import type { Transaction } from '#contract/transactions'

import { findInLists, transactionDetailQuery } from '../queries'
import { refundedOrder } from '../refund'
import { MAIN_WALLET, type TransactionLink, type TransactionSource } from '../source'
import { hasActions, orderOf, TransactionActions } from './transaction-actions'
import { signedAmount } from './transaction-row'

// Loaded when opened: it brings the attach contract and its order shapes (decision 189).
const AttachToOrderSheet = lazy(() => import('./attach-to-order-sheet'))

const term = css({ color: 'fg.muted', textStyle: 'body.sm', flexShrink: 0 })
const sectionTitle = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mt: '5', mb: '1' })

const stackedItem = stack({ gap: '0.5', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })
const code = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  fontFamily: 'mono',
  fontSize: 'sm',
  wordBreak: 'break-all',
})

/** A long identifier (reference, 30-digit session ID) under its label, at full width, with its copy button. */
function CodeRow({ label, value, copyLabel, toast }: { label: string; value: string | null; copyLabel: string; toast: string }) {
  return (
    <div className={stackedItem}>
      <dt className={term}>{label}</dt>
      <dd className={code}>
        {value ? (
          <>
            <span>{value}</span>
            <CopyButton value={value} label={copyLabel} toastMessage={toast} />
          </>
        ) : (
          '—'
        )}
      </dd>
    </div>
  )
}

/** An account number with its copy button; `whose` tells the sender's apart from the beneficiary's on a credit. */
function AccountNumber({ value, whose }: { value: string | null; whose?: string }) {
  if (!value) return null
  const label = whose ? `${whose} account number` : 'account number'
  return (
    <>
      {value}
      <CopyButton value={value} label={`Copy ${label}`} toastMessage={`${label.charAt(0).toUpperCase()}${label.slice(1)} copied`} />
    </>
  )
}

function Details({
  t,
  customerLink,
  onReceipt,
}: {
  t: Transaction
  customerLink: (customerId: string) => TransactionLink
  onReceipt: () => void
}) {
  return (
    <>
      <div className={stack({ alignItems: 'center', gap: '2', pb: '4' })}>
        <p className={css({ textStyle: 'amount.lg', color: t.type === 'credit' ? 'success.fg' : 'fg.default' })}>{signedAmount(t)}</p>
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          {internalTransferLabel(t) ?? (t.type === 'credit' ? 'Money received' : 'Money sent')}
        </p>
        {hasReceipt(t) ? (
          <Button variant="outline" size="sm" onClick={onReceipt}>
            <Icon name="receipt" size={16} />
            View receipt
          </Button>
        ) : null}
      </div>
      {t.unattachedOrderReference ? (
        <Notice icon="alert-circle">
          Unattached: paid into the account of {t.unattachedOrderReference} after it closed, so it paid no order. Attach it to an order,
          create an order for it or mark it as POS.
        </Notice>
      ) : null}
      <DetailList>
        <DetailRow label="Status">
          <StatusBadge status={t.status} />
        </DetailRow>
        <DetailRow label="Date and time">{formatDateTime(t.createdAt)}</DetailRow>
        <DetailRow label="Type">{refundedOrder(t) ? `${t.type} · refund for ${t.orderReference}` : t.type}</DetailRow>
        {/* The order a credit paid (by its reference, attached or created for it): near the top, where it is seen. */}
        {t.type === 'credit' && orderOf(t) ? <DetailRow label="Paid order">{orderOf(t)}</DetailRow> : null}
        <DetailRow label="Amount">
          <Money kobo={t.amount} currency={t.currency} />
        </DetailRow>
        <DetailRow label="Fee">
          <Money kobo={t.fee} currency={t.currency} />
        </DetailRow>
        {t.internalTransfer ? <DetailRow label={t.type === 'credit' ? 'From' : 'To'}>{internalCounterparty(t)}</DetailRow> : null}
        {t.narration ? <DetailRow label="Narration">{t.narration}</DetailRow> : null}
        {t.failureReason ? <DetailRow label="Reason">{t.failureReason}</DetailRow> : null}
      </DetailList>
      <h3 className={sectionTitle}>Beneficiary</h3>
      <DetailList>
        <DetailRow label="Account name">{t.beneficiaryAccountName}</DetailRow>
        <DetailRow label="Bank name">{t.beneficiaryBankName}</DetailRow>
        <DetailRow label="Account number">
          <AccountNumber value={t.beneficiaryAccountNumber} />
        </DetailRow>
      </DetailList>
      {t.type === 'credit' && t.originatorAccountName ? (
        <>
          <h3 className={sectionTitle}>Sender</h3>
          <DetailList>
            <DetailRow label="Account name">{t.originatorAccountName}</DetailRow>
            <DetailRow label="Bank name">{t.originatorBankName}</DetailRow>
            <DetailRow label="Account number">
              <AccountNumber value={t.originatorAccountNumber} whose="sender's" />
            </DetailRow>
          </DetailList>
        </>
      ) : null}
      <h3 className={sectionTitle}>References</h3>
      <DetailList>
        <CodeRow
          label="Transaction reference"
          value={t.reference}
          copyLabel="Copy transaction reference"
          toast="Transaction reference copied"
        />
        <CodeRow label="Session ID" value={t.sessionId} copyLabel="Copy session ID" toast="Session ID copied" />
        {t.customerName ? <DetailRow label="Customer">{t.customerName}</DetailRow> : null}
        {t.isPOSTransaction ? <DetailRow label="POS">Marked as POS transaction</DetailRow> : null}
      </DetailList>
      {t.customerId ? (
        <Link
          {...customerLink(t.customerId)}
          className={css({
            display: 'inline-flex',
            mt: '4',
            color: 'accent.fg',
            fontWeight: 'medium',
            minH: 'touch',
            alignItems: 'center',
          })}
        >
          All from this customer
        </Link>
      ) : null}
    </>
  )
}

function ErrorView({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const code = error instanceof ApiError ? error.code : 'UNKNOWN'
  return (
    <div role="alert" className={stack({ alignItems: 'center', gap: '2', py: '10', textAlign: 'center' })}>
      <span
        className={css({
          display: 'grid',
          placeItems: 'center',
          w: '12',
          h: '12',
          borderRadius: 'full',
          bg: 'danger.subtle',
          color: 'danger.fg',
        })}
      >
        <Icon name="alert-circle" size={24} />
      </span>
      <p className={css({ textStyle: 'title.sm' })}>{errorMessage(error)}</p>
      <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>Error code: {code}</p>
      <Button variant="outline" size="sm" loading={retrying} onClick={onRetry}>
        <Icon name="refresh" size={16} />
        Retry
      </Button>
    </div>
  )
}

/** The Transaction Summary sheet (SPEC §2) for /transactions/$id, or for an outlet's transaction with its `source`. */
export function TransactionSummarySheet({
  id,
  onClose,
  source = MAIN_WALLET,
}: {
  id: string
  onClose: () => void
  source?: TransactionSource
}) {
  const queryClient = useQueryClient()
  const [receipt, setReceipt] = useState(false)
  const [attaching, setAttaching] = useState(false)
  const query = useQuery({ ...transactionDetailQuery(id, source), placeholderData: () => findInLists(queryClient, id, source) })
  const t = query.data
  // A failed refresh of a transaction already on screen keeps showing it; the error view is for having none.
  const showError = query.isError && !t
  // The receipt is drawn in place of the summary, and closing it comes back here.
  if (receipt && t && hasReceipt(t)) return <ReceiptSheet t={t} onClose={() => setReceipt(false)} />
  // Attach to order is drawn in place of the summary too; attached (or closed), the summary comes back, reloaded.
  if (attaching && t) {
    return (
      <Suspense
        fallback={
          <Sheet onClose={() => setAttaching(false)} title="Attach to order">
            <Skeleton count={3} height={64} />
          </Sheet>
        }
      >
        <AttachToOrderSheet t={t} onClose={() => setAttaching(false)} onAttached={() => setAttaching(false)} />
      </Suspense>
    )
  }
  return (
    <Sheet
      onClose={onClose}
      title="Transaction Summary"
      footer={
        t && !showError && hasActions(t, source.canClaim) ? (
          <TransactionActions t={t} canClaim={source.canClaim} onAttach={() => setAttaching(true)} />
        ) : undefined
      }
    >
      {showError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : t ? (
        <Details t={t} customerLink={source.customerLink} onReceipt={() => setReceipt(true)} />
      ) : (
        <div aria-busy="true">
          <Skeleton count={8} height={28} />
        </div>
      )}
    </Sheet>
  )
}
