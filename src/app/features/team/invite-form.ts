import * as v from 'valibot'

import { MAX_EMAIL_LENGTH, MAX_PHONE_DIGITS } from '#contract/common'
import type { BodyInput } from '#contract/endpoint'
import { type Permission, PERMISSIONS } from '#contract/permissions'
import { MAX_MEMBER_NAME, type teamEndpoints } from '#contract/team'

/** The Invite Team Member form's messages, worded like the rest of the app's ('Enter a valid email.'). */
export const INVITE_MESSAGES = {
  name: "Enter the member's name.",
  phone: "Enter the member's phone number.",
  email: 'Enter a valid email.',
  permissions: 'Choose at least one permission.',
} as const

export interface InviteValues {
  name: string
  phone: string
  email: string
  permissions: Permission[]
}

export const EMPTY_INVITE: InviteValues = { name: '', phone: '', email: '', permissions: [] }

const M = INVITE_MESSAGES
const emailShape = v.pipe(v.string(), v.email(), v.maxLength(MAX_EMAIL_LENGTH))

/** SPEC §5: name and phone required, at least one permission; the email is optional but must be one when given. */
export const InviteSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(M.name), v.maxLength(MAX_MEMBER_NAME, `Use at most ${MAX_MEMBER_NAME} characters.`)),
  // The phone field keeps digits only, at most 11 (PhoneInput), so only emptiness is left to refuse.
  phone: v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${MAX_PHONE_DIGITS}}$`), M.phone)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || v.is(emailShape, s), M.email),
  ),
  permissions: v.pipe(v.array(v.picklist(PERMISSIONS)), v.minLength(1, M.permissions)),
})

/**
 * SPEC §5: submit only for a valid form that differs from the one it opened with. The form opens empty and an empty
 * form is never valid, so valid implies changed.
 */
export function canSendInvite(values: InviteValues): boolean {
  return v.is(InviteSchema, values)
}

export function toInviteBody(values: InviteValues): BodyInput<typeof teamEndpoints.inviteMember> {
  const email = values.email.trim()
  // In the checklist's order, whatever order they were ticked in.
  const permissions = PERMISSIONS.filter((p) => values.permissions.includes(p))
  return { name: values.name.trim(), phone: values.phone, email: email || null, permissions }
}
