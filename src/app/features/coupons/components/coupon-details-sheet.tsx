import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatDate, formatDateTime } from '#app/lib/dates'
import { usePermission } from '#app/lib/permissions'
import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { ConfirmDialog } from '#app/ui/dialog'
import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import type { Coupon } from '#contract/selling-terms'

import { couponDetailQuery, findCouponInLists, useSetCouponEnabled } from '../queries'
import { CouponFormSheet } from './coupon-form-sheet'
import { CouponStateBadge, couponValue } from './coupon-state-badge'

const term = css({ color: 'fg.muted', textStyle: 'body.sm' })
const stacked = stack({ gap: '1', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })
const hero = stack({ alignItems: 'center', gap: '2', pb: '4', textAlign: 'center' })
const code = css({ display: 'flex', alignItems: 'center', gap: '1', fontFamily: 'mono', textStyle: 'title.md', letterSpacing: 'wide' })

const VALUE_TYPES: Record<Coupon['valueType'], string> = { PERCENTAGE: 'Percentage', FLAT: 'Flat amount' }

function Details({ coupon: c }: { coupon: Coupon }) {
  return (
    <>
      <div className={hero}>
        <p className={code}>
          {c.couponCode}
          <CopyButton value={c.couponCode} label="Copy coupon code" toastMessage="Coupon code copied" />
        </p>
        <p className={css({ textStyle: 'amount.lg' })}>{couponValue(c)} off</p>
        <CouponStateBadge state={c.state} />
      </div>
      <DetailList>
        <DetailRow label="Name">{c.name}</DetailRow>
        <div className={stacked}>
          <dt className={term}>Description</dt>
          <dd className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{c.description}</dd>
        </div>
        <DetailRow label="Value type">{VALUE_TYPES[c.valueType]}</DetailRow>
        <DetailRow label="Value">{couponValue(c)}</DetailRow>
        <DetailRow label="Usage">
          {c.currentUsage.toLocaleString('en-NG')} of {c.maxUsage.toLocaleString('en-NG')} used
        </DetailRow>
        <DetailRow label="Start date">{formatDate(c.startDate)}</DetailRow>
        <DetailRow label="End date">{formatDate(c.endDate)}</DetailRow>
        <DetailRow label="Created">{formatDateTime(c.createdAt)}</DetailRow>
      </DetailList>
    </>
  )
}

/**
 * Deactivate (after a confirmation) or Activate. A deactivated coupon applies to no new order until activated;
 * orders that already used it keep their discount.
 */
function EnabledAction({ coupon: c }: { coupon: Coupon }) {
  const toggle = useSetCouponEnabled()
  const [confirming, setConfirming] = useState(false)
  if (c.state === 'deactivated') {
    return (
      <Button variant="outline" fullWidth loading={toggle.isPending} onClick={() => toggle.mutate({ id: c.id, enabled: true })}>
        Activate coupon
      </Button>
    )
  }
  return (
    <>
      <Button variant="outline" fullWidth onClick={() => setConfirming(true)}>
        Deactivate coupon
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Deactivate ${c.couponCode}?`}
        description="Customers can no longer use this code until you activate it again. Orders that already used it keep their discount."
        proceedLabel="Deactivate"
        loading={toggle.isPending}
        onProceed={() => toggle.mutate({ id: c.id, enabled: false }, { onSettled: () => setConfirming(false) })}
      />
    </>
  )
}

/** Edit coupon, and Deactivate or Activate under it: one child for the sheet footer, stacked to fit a phone. */
function Actions({ coupon, onEdit }: { coupon: Coupon; onEdit: () => void }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', w: 'full' })}>
      <Button fullWidth onClick={onEdit}>
        Edit coupon
      </Button>
      <EnabledAction coupon={coupon} />
    </div>
  )
}

/**
 * Coupon Details (SPEC §2) for /products/coupons/$couponId: opens with the row from the list, then refreshes.
 * Edit coupon draws the form in place of the details (as a receipt replaces a Transaction Summary); closing or
 * saving it comes back here, showing the coupon as saved.
 */
export function CouponDetailsSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const query = useQuery({ ...couponDetailQuery(id), placeholderData: () => findCouponInLists(queryClient, id) })
  const canEdit = usePermission('VENDOR_INVENTORY')
  const [editing, setEditing] = useState(false)
  // Only the coupon as the server has it now is edited: a row from the list could be out of date.
  const saved = canEdit && query.data && !query.isPlaceholderData ? query.data : undefined
  if (editing && saved) return <CouponFormSheet coupon={saved} onClose={() => setEditing(false)} />
  return (
    <Sheet onClose={onClose} title="Coupon Details" footer={saved ? <Actions coupon={saved} onEdit={() => setEditing(true)} /> : undefined}>
      {query.data ? (
        <Details coupon={query.data} />
      ) : query.isError ? (
        <QueryError query={query} title="Could not load this coupon" />
      ) : (
        <div aria-busy="true">
          <Skeleton count={6} height={40} />
        </div>
      )}
    </Sheet>
  )
}
