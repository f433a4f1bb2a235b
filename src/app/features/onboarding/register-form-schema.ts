import * as v from 'valibot'

import { emailField, newPasswordField } from '#app/lib/forms'
import { MAX_REGISTER_NAME } from '#contract/onboarding'

export const PASSWORDS_DIFFER = 'Passwords do not match.'
export const PHONE_MESSAGE = 'Enter a Nigerian mobile number, like 08031234567.'

/** 08031234567 or 8031234567: what the server can send an SMS to once +234 is put in front. */
export const mobileField = v.pipe(v.string(), v.nonEmpty('Enter your phone number.'), v.regex(/^(0\d{10}|[1-9]\d{9})$/, PHONE_MESSAGE))

const nameField = (empty: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(empty), v.maxLength(MAX_REGISTER_NAME, `Use at most ${MAX_REGISTER_NAME} characters.`))

/** Form-side rules for registration, worded for people; the contract's schema still guards the server. */
export const RegisterSchema = v.pipe(
  v.object({
    businessName: nameField('Enter your business name.'),
    ownerName: nameField('Enter your full name.'),
    email: emailField,
    phone: mobileField,
    password: newPasswordField,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, PASSWORDS_DIFFER),
    ['confirmPassword'],
  ),
)

export const EMPTY_REGISTRATION = { businessName: '', ownerName: '', email: '', phone: '', password: '', confirmPassword: '' }
