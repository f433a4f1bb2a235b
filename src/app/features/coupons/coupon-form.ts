import * as v from 'valibot'

import { isPercentText } from '#app/lib/forms'
import { parseNairaToKobo } from '#contract/money'
import { koboToNairaInput } from '#contract/naira'
import {
  type Coupon,
  COUPON_CODE_PATTERN,
  COUPON_VALUE_TYPES,
  MAX_COUPON_DESCRIPTION,
  MAX_COUPON_NAME,
  MAX_COUPON_USAGE,
} from '#contract/selling-terms'

import type { CreateCouponBody, UpdateCouponBody } from './queries'

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

/** Edit Coupon: fewer uses than it already had would leave it used up beyond its maximum (the server's rule too). */
export const belowUsageMessage = (used: number) => `Enter at least ${used.toLocaleString('en-NG')}, the times it has been used.`

const required = (message: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max} characters.`))

const validValue = (type: CouponFormValues['valueType'], value: string) =>
  type === 'FLAT' ? (parseNairaToKobo(value) ?? 0) > 0 : isPercentText(value, 0.01)

/**
 * SPEC §5: every field required; the start not before today (Lagos) nor after the end; the end not before the
 * start. Dates compare as yyyy-MM-dd strings. Worded for people; the contract still guards the server.
 * Editing (`editing`, the coupon as saved): its start date may well be past, and the maximum usage may not go
 * below the uses it already had.
 */
export function couponFormSchema(today: string, editing?: Pick<Coupon, 'currentUsage'>) {
  const used = editing?.currentUsage ?? 0
  return v.pipe(
    v.object({
      name: required(m.name, MAX_COUPON_NAME),
      couponCode: v.pipe(v.string(), v.trim(), v.nonEmpty(m.couponCode), v.regex(COUPON_CODE_PATTERN, m.couponCodeShape)),
      description: required(m.description, MAX_COUPON_DESCRIPTION),
      valueType: v.picklist(COUPON_VALUE_TYPES, m.valueType),
      value: v.pipe(v.string(), v.nonEmpty(m.value)),
      maxUsage: v.pipe(
        v.string(),
        v.nonEmpty(m.maxUsage),
        v.check((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_COUPON_USAGE, m.maxUsageRange),
        v.check((s) => Number(s) >= used, belowUsageMessage(used)),
      ),
      startDate: v.pipe(
        v.string(),
        v.nonEmpty(m.startDate),
        v.check((d) => Boolean(editing) || d >= today, m.startBeforeToday),
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

/** Edit Coupon opens on the coupon as saved, each value as the create form would have taken it. */
export function couponFormValues(c: Coupon): CouponFormValues {
  return {
    name: c.name,
    couponCode: c.couponCode,
    description: c.description,
    valueType: c.valueType,
    value: c.valueType === 'FLAT' ? koboToNairaInput(c.value) : String(c.value),
    maxUsage: String(c.maxUsage),
    startDate: c.startDate.slice(0, 10),
    endDate: c.endDate.slice(0, 10),
  }
}

/**
 * PATCH /coupon for an edit: only what the server lets change (name, description, maximum usage, end date) and
 * only what changed, so a save never overwrites another change made meanwhile. null when nothing changed.
 */
export function toUpdateCouponBody(values: CouponFormValues, saved: Coupon): UpdateCouponBody | null {
  const was = couponFormValues(saved)
  const body: UpdateCouponBody = { id: saved.id }
  if (values.name.trim() !== was.name) body.name = values.name.trim()
  if (values.description.trim() !== was.description) body.description = values.description.trim()
  if (values.maxUsage !== was.maxUsage) body.maxUsage = Number(values.maxUsage)
  if (values.endDate !== was.endDate) body.endDate = values.endDate
  return Object.keys(body).length > 1 ? body : null
}
