import * as v from 'valibot'

import { isPercentText } from '#app/lib/forms'
import { parseNairaToKobo } from '#contract/money'
import { COUPON_VALUE_TYPES } from '#contract/selling-terms'

import type { CreateCouponBody } from './queries'

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000

/**
 * Today in Lagos as yyyy-MM-dd. Coupon days are Lagos days wherever the phone is (the server's rule too), so a
 * vendor abroad at 23:30 UTC is already on tomorrow, as the server sees it.
 */
export function lagosToday(now: Date = new Date()): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

export interface CouponFormValues {
  name: string
  couponCode: string
  description: string
  valueType: '' | (typeof COUPON_VALUE_TYPES)[number]
  /** As typed: naira for FLAT ('1500.50'), a percentage for PERCENTAGE ('12.5'). */
  value: string
  maxUsage: string
  startDate: string
  endDate: string
}

export const EMPTY_COUPON: CouponFormValues = {
  name: '',
  couponCode: '',
  description: '',
  valueType: '',
  value: '',
  maxUsage: '',
  startDate: '',
  endDate: '',
}

export const COUPON_MESSAGES = {
  name: 'Enter a name.',
  couponCode: 'Enter a coupon code.',
  couponCodeShape: 'Use 3 to 20 letters, digits, - or _.',
  description: 'Enter a description.',
  valueType: 'Select a value type.',
  value: 'Enter a value.',
  flat: 'Enter an amount greater than zero.',
  percentage: 'Enter a percentage above 0 and at most 100.',
  maxUsage: 'Enter the maximum usage.',
  maxUsageRange: 'Enter a whole number from 1 to 1,000,000,000.',
  startDate: 'Select a start date.',
  startBeforeToday: 'Start date cannot be before today.',
  startAfterEnd: 'Start date cannot be after the end date.',
  endDate: 'Select an end date.',
  endBeforeStart: 'End date cannot be before the start date.',
} as const
const m = COUPON_MESSAGES

const required = (message: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max} characters.`))

const validValue = (type: CouponFormValues['valueType'], value: string) =>
  type === 'FLAT' ? (parseNairaToKobo(value) ?? 0) > 0 : isPercentText(value, 0.01)

/**
 * SPEC §5: every field required; the start not before today (Lagos) nor after the end; the end not before the
 * start. Dates compare as yyyy-MM-dd strings. Worded for people; the contract still guards the server.
 */
export function couponFormSchema(today: string) {
  return v.pipe(
    v.object({
      name: required(m.name, 60),
      couponCode: v.pipe(v.string(), v.trim(), v.nonEmpty(m.couponCode), v.regex(/^[A-Za-z0-9_-]{3,20}$/, m.couponCodeShape)),
      description: required(m.description, 500),
      valueType: v.picklist(COUPON_VALUE_TYPES, m.valueType),
      value: v.pipe(v.string(), v.nonEmpty(m.value)),
      maxUsage: v.pipe(
        v.string(),
        v.nonEmpty(m.maxUsage),
        v.check((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 1_000_000_000, m.maxUsageRange),
      ),
      startDate: v.pipe(
        v.string(),
        v.nonEmpty(m.startDate),
        v.check((d) => d >= today, m.startBeforeToday),
      ),
      endDate: v.pipe(v.string(), v.nonEmpty(m.endDate)),
    }),
    v.forward(
      v.partialCheck([['valueType'], ['value']], (i) => i.valueType !== 'FLAT' || validValue('FLAT', i.value), m.flat),
      ['value'],
    ),
    v.forward(
      v.partialCheck([['valueType'], ['value']], (i) => i.valueType !== 'PERCENTAGE' || validValue('PERCENTAGE', i.value), m.percentage),
      ['value'],
    ),
    v.forward(
      v.partialCheck([['startDate'], ['endDate']], (i) => i.startDate <= i.endDate, m.startAfterEnd),
      ['startDate'],
    ),
    v.forward(
      v.partialCheck([['startDate'], ['endDate']], (i) => i.endDate >= i.startDate, m.endBeforeStart),
      ['endDate'],
    ),
  )
}

/** The request for values the schema accepted: kobo for FLAT, the percentage itself for PERCENTAGE. */
export function toCreateCouponBody(values: CouponFormValues): CreateCouponBody {
  if (values.valueType === '') throw new Error('A coupon needs a value type')
  const value = values.valueType === 'FLAT' ? parseNairaToKobo(values.value) : Number(values.value)
  if (value === null) throw new Error('A FLAT coupon needs an amount in naira')
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    couponCode: values.couponCode.trim(),
    valueType: values.valueType,
    value,
    maxUsage: Number(values.maxUsage),
    startDate: values.startDate,
    endDate: values.endDate,
  }
}
