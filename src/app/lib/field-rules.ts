import * as v from 'valibot'

/*
 * What a field accepts and when its error shows, apart from forms.ts (which reaches the API and the toasts): the
 * prerendered login page (decision 099) validates with these same rules without loading the rest.
 */

/**
 * The message to show under a field: its first error, once the user has left the field or tried to submit
 * (errors while someone is still typing read as scolding). Standard Schema errors are issue objects.
 */
export function visibleError(meta: { errors: unknown[]; isBlurred: boolean }, submitted: boolean): string | undefined {
  if (!meta.isBlurred && !submitted) return undefined
  const first = meta.errors.find(Boolean)
  if (!first) return undefined
  return typeof first === 'string' ? first : ((first as { message?: string }).message ?? String(first))
}

/** Form-side rules, worded for people; the contract's schemas still guard the server. */
export const emailField = v.pipe(v.string(), v.trim(), v.nonEmpty('Enter your email address.'), v.email('Enter a valid email.'))
export const passwordField = v.pipe(v.string(), v.nonEmpty('Enter your password.'))
export const newPasswordField = v.pipe(
  v.string(),
  v.minLength(8, 'Use at least 8 characters.'),
  v.maxLength(128, 'Use at most 128 characters.'),
)
