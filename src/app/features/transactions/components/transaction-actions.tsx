import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import type { Transaction } from '#contract/transactions'

import { useMarkPos } from '../queries'
import { refundedOrder } from '../refund'

/** SPEC §4: only a credit that came in by bank transfer, matches no order and is not yet marked POS. */
export function canMarkPos(t: Transaction): boolean {
  return t.type === 'credit' && t.isOffline && !t.hasMatchingOrder && !t.isPOSTransaction
}

// The SPEC §2 addresses of the order screens: the order a transfer paid, or Create order for one that paid none.
const linkButton = (variant: 'solid' | 'outline') => cx(button({ variant, size: 'md' }), css({ textDecoration: 'none' }))

/** The order this transaction paid (a matched order, or a shareable order it paid) or refunded, if any. */
export function orderOf(t: Transaction): string | null {
  if (refundedOrder(t)) return t.orderReference
  return (t.hasMatchingOrder || t.hasShareableOrder) && t.orderReference ? t.orderReference : null
}

export function hasActions(t: Transaction, canClaim: boolean): boolean {
  return orderOf(t) !== null || (canClaim && canMarkPos(t))
}

/**
 * The summary's footer: View order once the credit paid one; else, for a credit of the main wallet that paid none,
 * Attach to order (an open order pays with it, issue 42), Create order and Mark as POS Transaction.
 */
export function TransactionActions({ t, canClaim, onAttach }: { t: Transaction; canClaim: boolean; onAttach: () => void }) {
  const online = useOnline()
  const markPos = useMarkPos()
  const [confirming, setConfirming] = useState(false)
  // Attaching pays an order: the orders permission, as Create order needs (the server refuses without it).
  const canAttach = usePermission('VENDOR_ORDERS')
  const orderReference = orderOf(t)
  if (orderReference) {
    return (
      <Link
        to="/orders/$reference"
        params={{ reference: orderReference }}
        search={t.hasShareableOrder ? { type: 'shareable' } : {}}
        className={linkButton('outline')}
      >
        View order
      </Link>
    )
  }
  if (!canClaim || !canMarkPos(t)) return null
  // One child for the sheet footer, the actions stacked: side by side, 'Mark as POS Transaction' does
  // not fit half of a phone or of the 30rem side panel.
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', '& > *': { w: 'full' } })}>
      {canAttach ? (
        <Button
          variant="outline"
          onClick={onAttach}
          disabled={!online}
          title={online ? undefined : 'Connect to the internet to attach this transaction'}
        >
          Attach to order
        </Button>
      ) : null}
      <Link to="/orders/create-order" search={{ reference: t.reference }} className={linkButton('outline')}>
        Create order
      </Link>
      <Button
        onClick={() => setConfirming(true)}
        disabled={!online}
        title={online ? undefined : 'Connect to the internet to mark this transaction'}
      >
        Mark as POS Transaction
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mark as POS Transaction?"
        description="This records the payment as taken at your POS terminal, with no order. It cannot be undone."
        loading={markPos.isPending}
        onProceed={() => markPos.mutate(t.id, { onSettled: () => setConfirming(false) })}
      />
    </div>
  )
}
