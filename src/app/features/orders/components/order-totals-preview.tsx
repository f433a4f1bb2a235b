import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { formatDate } from '#app/lib/dates'
import { taxLabel } from '#app/lib/format'
import { usePermission } from '#app/lib/permissions'
import { deliveryLocationListQuery, taxListQuery } from '#app/lib/selling-terms-lists'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { formatKobo } from '#contract/naira'
import type { Coupon } from '#contract/selling-terms'

import { allCouponsQuery } from '../lookups'
import { couponForPreview, type OrderDraft, previewTotals } from '../order-draft'

/**
 * Why a typed coupon will not apply, said as it is typed rather than on saving (issue 35), in the server's words for
 * the same refusal (redeemCoupon in server/selling-terms/coupons.ts), its days shown as the app shows dates. null
 * when it applies today.
 */
export function couponRefusal(code: string, coupons: readonly Coupon[]): string | null {
  const shown = code.trim().toUpperCase()
  const coupon = coupons.find((c) => c.couponCode.toUpperCase() === shown)
  if (!coupon) return `${shown} is not one of your coupons.`
  switch (coupon.state) {
    case 'active':
      return coupon.isActive ? null : `Coupon ${shown} has been turned off.`
    case 'expired':
      return `Coupon ${shown} expired on ${formatDate(coupon.endDate)}.`
    case 'scheduled':
      return `Coupon ${shown} starts on ${formatDate(coupon.startDate)}.`
    case 'used_up':
      return `Coupon ${shown} has been used the maximum number of times.`
    case 'deactivated':
      return `Coupon ${shown} has been turned off.`
  }
}

const total = css({ '& dd': { textStyle: 'amount', fontSize: 'lg' } })
const note = css({ textStyle: 'body.sm', color: 'fg.muted', mt: '2' })

/**
 * The totals as the server will work them out (the same orderTotals). A coupon is redeemed by the server, so its
 * discount shows here only when the code is one of the vendor's coupons that applies today, read from the coupon
 * list (VENDOR_INVENTORY); a coupon found there that does not apply says why at once (expired on, starts on); without
 * the list the preview says it is worked out on saving rather than guess.
 */
export function OrderTotalsPreview({ draft }: { draft: OrderDraft }) {
  const canReadCoupons = usePermission('VENDOR_INVENTORY')
  const code = draft.couponCode.trim()
  const taxes = useQuery(taxListQuery())
  const locations = useQuery(deliveryLocationListQuery())
  const coupons = useQuery({ ...allCouponsQuery(), enabled: canReadCoupons && Boolean(code) })
  const coupon = couponForPreview(code, coupons.data?.items)
  const t = previewTotals(draft, taxes.data?.items ?? [], locations.data?.items ?? [], coupon)
  const location = locations.data?.items.find((l) => l.id === draft.deliveryLocationId)

  let couponNote: string | null = null
  if (code && !coupon) {
    couponNote =
      canReadCoupons && coupons.data
        ? couponRefusal(code, coupons.data.items)
        : `Coupon ${code.toUpperCase()} is applied when the ${draft.kind} is saved; the total then shows its discount.`
  }

  return (
    <>
      <DetailList>
        <DetailRow label="Subtotal">
          <Money kobo={t.subtotal} />
        </DetailRow>
        {coupon ? <DetailRow label={`Coupon ${code.toUpperCase()}`}>−{formatKobo(t.discount)}</DetailRow> : null}
        {t.taxes.map((tax) => (
          <DetailRow key={tax.name} label={taxLabel(tax.name, tax.bps / 100)}>
            <Money kobo={tax.amount} />
          </DetailRow>
        ))}
        {location ? (
          <DetailRow label={`Delivery, ${location.name}`}>
            <Money kobo={t.deliveryFee} />
          </DetailRow>
        ) : null}
        <DetailRow label={couponNote ? 'Total before coupon' : 'Total'} className={total}>
          <Money kobo={t.total} />
        </DetailRow>
      </DetailList>
      {couponNote ? <p className={note}>{couponNote}</p> : null}
    </>
  )
}
