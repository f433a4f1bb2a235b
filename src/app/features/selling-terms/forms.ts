import * as v from 'valibot'

import { isPercentText } from '#app/lib/forms'
import { parseNairaToKobo } from '#contract/money'
import { koboToNairaInput } from '#contract/naira'
import {
  type DeliveryLocation,
  MAX_DELIVERY_FEE_KOBO,
  MAX_DELIVERY_LOCATION_DESCRIPTION,
  MAX_DELIVERY_LOCATION_NAME,
  MAX_TAX_NAME,
} from '#contract/selling-terms'

import type { DeliveryLocationBody, TaxBody } from './queries'

export const SELLING_TERMS_MESSAGES = {
  taxName: 'Enter a name.',
  percentage: 'Enter a percentage.',
  percentageRange: 'Enter a percentage from 0 to 100.',
  locationName: 'Enter a name.',
  fee: 'Enter a fee.',
  feeRange: 'Enter a fee of at most ₦100,000,000.',
} as const
const m = SELLING_TERMS_MESSAGES

const name = (max: number, message: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max} characters.`))

export const TaxFormSchema = v.object({
  name: name(MAX_TAX_NAME, m.taxName),
  percentage: v.pipe(
    v.string(),
    v.nonEmpty(m.percentage),
    v.check((s) => isPercentText(s, 0), m.percentageRange),
  ),
})
export type TaxFormValues = { name: string; percentage: string }

/** 7.5 % is sent as 7.5; the server keeps it as basis points. */
export const toTaxBody = (values: TaxFormValues): TaxBody => ({ name: values.name.trim(), percentage: Number(values.percentage) })

export const DeliveryFormSchema = v.object({
  name: name(MAX_DELIVERY_LOCATION_NAME, m.locationName),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(MAX_DELIVERY_LOCATION_DESCRIPTION, `Use at most ${MAX_DELIVERY_LOCATION_DESCRIPTION} characters.`),
  ),
  fee: v.pipe(
    v.string(),
    v.nonEmpty(m.fee),
    v.check((s) => parseNairaToKobo(s) !== null, m.fee),
    v.check((s) => (parseNairaToKobo(s) ?? 0) <= MAX_DELIVERY_FEE_KOBO, m.feeRange),
  ),
})
export type DeliveryFormValues = { name: string; description: string; fee: string }

export function deliveryFormValues(location?: DeliveryLocation): DeliveryFormValues {
  if (!location) return { name: '', description: '', fee: '' }
  return { name: location.name, description: location.description ?? '', fee: koboToNairaInput(location.fee) }
}

/** Naira as typed → kobo; a blank description is sent as null, which clears it. */
export function toDeliveryBody(values: DeliveryFormValues): DeliveryLocationBody {
  const fee = parseNairaToKobo(values.fee)
  if (fee === null) throw new Error('A delivery location needs a fee in naira')
  return { name: values.name.trim(), description: values.description.trim() || null, fee }
}
