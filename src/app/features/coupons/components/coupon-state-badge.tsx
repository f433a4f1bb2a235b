import { formatPercent } from '#app/lib/format'
import { Badge, type StatusTone } from '#app/ui/badge'
import { formatKobo } from '#contract/naira'
import type { Coupon } from '#contract/selling-terms'

const STATES: Record<Coupon['state'], { label: string; tone: StatusTone }> = {
  active: { label: 'active', tone: 'success' },
  scheduled: { label: 'scheduled', tone: 'info' },
  expired: { label: 'expired', tone: 'neutral' },
  used_up: { label: 'used up', tone: 'warning' },
  deactivated: { label: 'deactivated', tone: 'neutral' },
}

/** Whether a coupon applies today, as the server derived it from its dates and usage. */
export function CouponStateBadge({ state }: { state: Coupon['state'] }) {
  const { label, tone } = STATES[state]
  return <Badge tone={tone}>{label}</Badge>
}

/** '10 %' for a percentage coupon, '₦500.00' for a flat one (its value is kobo). */
export function couponValue(coupon: Pick<Coupon, 'valueType' | 'value'>): string {
  return coupon.valueType === 'PERCENTAGE' ? formatPercent(coupon.value) : formatKobo(coupon.value)
}
