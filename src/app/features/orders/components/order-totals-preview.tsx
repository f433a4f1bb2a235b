import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { taxLabel } from '#app/lib/format'
import { usePermission } from '#app/lib/permissions'
import { deliveryLocationListQuery, taxListQuery } from '#app/lib/selling-terms-lists'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { formatKobo } from '#contract/naira'

import { allCouponsQuery } from '../lookups'
import { couponForPreview, type OrderDraft, previewTotals } from '../order-draft'

const total = css({ '& dd': { textStyle: 'amount', fontSize: 'lg' } })
const note = css({ textStyle: 'body.sm', color: 'fg.muted', mt: '2' })

/**
 * The totals as the server will work them out (the same orderTotals). A coupon is redeemed by the server, so its
 * discount shows here only when the code is one of the vendor's coupons that applies today, read from the coupon
 * list (VENDOR_INVENTORY); otherwise the preview says it is worked out on saving rather than guess.
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
        ? `Coupon ${code.toUpperCase()} is not one of your coupons that applies today; saving will say why.`
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
