import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { ApiError } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { StatusBadge } from '#app/ui/badge'
import { ConfirmDialog } from '#app/ui/dialog'
import { EmptyState } from '#app/ui/empty-state'
import { Notice } from '#app/ui/notice'
import { SearchBox } from '#app/ui/search-box'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import type { AttachCandidate } from '#contract/credit-attach'
import { formatKobo } from '#contract/naira'
import type { Transaction } from '#contract/transactions'

import { attachCandidatesQuery, useAttachCredit } from '../attach-queries'

const MATCH_LABEL: Record<AttachCandidate['match'], string> = {
  account: 'Paid into its account',
  payer: "This payer's",
  search: '',
}

const row = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  w: 'full',
  textAlign: 'left',
  py: '3',
  px: '3',
  minH: 'touch',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
})
const line = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** What paying `o` with `amount` leaves, in the words the order's timeline uses. */
export function attachOutcome(o: Pick<AttachCandidate, 'amountDue'>, amount: number, currency = 'NGN'): string {
  if (amount < o.amountDue) return `${formatKobo(o.amountDue - amount, currency)} will still be owed`
  if (amount === o.amountDue) return 'It will be paid in full'
  return `${formatKobo(amount - o.amountDue, currency)} more than it owes: it will show as an overpayment`
}

/**
 * Attach to order (issue 42): the credit's payer's open orders and invoices, a search for any other, and a confirm
 * before the credit pays the chosen one. One Idempotency-Key per attempt, kept only to retry an attempt whose
 * outcome is unknown, so a retry never pays twice (and the server takes the credit once whatever happens).
 */
export function AttachToOrderSheet({ t, onClose, onAttached }: { t: Transaction; onClose: () => void; onAttached: () => void }) {
  const online = useOnline()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<AttachCandidate | null>(null)
  const pending = useRef<Attempt | null>(null)
  const attach = useAttachCredit()
  const query = useQuery(attachCandidatesQuery(t.id, search))
  const items = query.data ?? []

  function proceed() {
    if (!chosen || attach.isPending) return
    const attempt = attemptFor(pending.current, JSON.stringify({ id: t.id, orderReference: chosen.reference }))
    pending.current = attempt
    attach.mutate(
      { id: t.id, orderReference: chosen.reference, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          setChosen(null)
          onAttached()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          setChosen(null)
          // Taken meanwhile (another phone, Create order, Mark as POS): the toast says by what; the summary shows it.
          if (error instanceof ApiError && error.code === 'CREDIT_ALREADY_USED') onAttached()
        },
      },
    )
  }

  return (
    <Sheet
      onClose={onClose}
      title="Attach to order"
      description={`${formatKobo(t.amount, t.currency)} from ${t.originatorAccountName ?? 'the payer'}`}
    >
      <div className={stack({ gap: '3' })}>
        {!online ? <Notice icon="wifi-off">{OFFLINE_MONEY_MESSAGE}</Notice> : null}
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Search open orders by reference or customer"
          placeholder="Reference or customer"
        />
        <p className={muted}>
          {search ? 'Open orders and invoices matching your search.' : "This payer's open orders and invoices. Search to find another."}
        </p>
        {query.isPending ? (
          <Skeleton count={3} height={64} />
        ) : query.isError && !query.data ? (
          <EmptyState title="Could not load orders" onRefetch={() => void query.refetch()} refetching={query.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState title="No open order found" description={search ? undefined : 'Search by an order reference or a customer name.'} />
        ) : (
          <ul aria-label="Open orders" className={stack({ gap: '2' })}>
            {items.map((o) => (
              <li key={o.id}>
                <button type="button" className={row} disabled={!online || attach.isPending} onClick={() => setChosen(o)}>
                  <span className={line}>
                    <span className={css({ fontFamily: 'mono', fontWeight: 'medium' })}>{o.reference}</span>
                    <StatusBadge status={o.status} />
                  </span>
                  <span className={line}>
                    <span>{o.customer?.name ?? 'No customer'}</span>
                    <span>{formatKobo(o.amountDue, o.currency)} due</span>
                  </span>
                  {MATCH_LABEL[o.match] ? <span className={muted}>{MATCH_LABEL[o.match]}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !attach.isPending) setChosen(null)
        }}
        title={chosen ? `Attach to ${chosen.reference}?` : 'Attach to order?'}
        description={
          chosen
            ? `This ${formatKobo(t.amount, t.currency)} pays ${chosen.reference}. ${attachOutcome(chosen, t.amount, t.currency)}. It cannot be undone.`
            : ''
        }
        proceedLabel="Attach"
        loading={attach.isPending}
        onProceed={proceed}
      />
    </Sheet>
  )
}

export default AttachToOrderSheet
