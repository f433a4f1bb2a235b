import * as v from 'valibot'

import { MAX_EMAIL_LENGTH, MAX_PHONE_DIGITS } from '#contract/common'
import { MAX_OUTLET_ADDRESS, MAX_OUTLET_NAME } from '#contract/outlets'

export const OUTLET_FORM_MESSAGES = {
  name: 'Enter the outlet name.',
  address: 'Enter the outlet address.',
  email: 'Enter a valid email.',
  phone: `Enter digits only, at most ${MAX_PHONE_DIGITS}.`,
} as const
const m = OUTLET_FORM_MESSAGES

const required = (max: number, message: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max} characters.`))

/**
 * Create Outlet (SPEC §2, §5): name and address required; email and phone optional. The phone input refuses
 * anything but digits and stops at 11, so its rule here only guards a value that got past it.
 */
export const OutletFormSchema = v.object({
  name: required(MAX_OUTLET_NAME, m.name),
  address: required(MAX_OUTLET_ADDRESS, m.address),
  email: v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(m.email), v.maxLength(MAX_EMAIL_LENGTH, m.email))], m.email),
  phone: v.pipe(v.string(), v.regex(new RegExp(`^\\d{0,${MAX_PHONE_DIGITS}}$`), m.phone)),
})
export type OutletFormValues = { name: string; address: string; email: string; phone: string }

export const EMPTY_OUTLET: OutletFormValues = { name: '', address: '', email: '', phone: '' }

/** Blank optional fields are left out rather than sent empty. */
export function toOutletBody(values: OutletFormValues) {
  const email = values.email.trim()
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    ...(email ? { email } : {}),
    ...(values.phone ? { phone: values.phone } : {}),
  }
}
