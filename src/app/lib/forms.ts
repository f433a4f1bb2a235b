import type { AnyFormApi } from '@tanstack/react-form'

import { ApiError, errorMessage } from './api'
import { notify } from './notify'
import { shouldToast } from './query-client'

export { emailField, newPasswordField, passwordField, visibleError } from './field-rules'

/** What a digits-only field keeps of a keystroke or a paste: '1,0a0' → '100'. */
export function keepDigits(text: string, maxLength = 10): string {
  return text.replace(/\D/g, '').slice(0, maxLength)
}

/**
 * What a percentage field keeps: up to three digits with at most two decimals ('7.5', '100', '12.25'). Returns
 * null for a keystroke that would break that shape, so the field keeps its previous text (like AmountInput).
 */
export function keepPercent(text: string): string | null {
  const cleaned = text.replace(/\s/g, '')
  const shaped = cleaned.startsWith('.') ? `0${cleaned}` : cleaned
  return /^\d{0,3}(\.\d{0,2})?$/.test(shaped) ? shaped : null
}

/** A percentage as typed ('7.5') when it is above `min` and at most 100; the form's rule, worded by the caller. */
export function isPercentText(text: string, min: number): boolean {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return false
  const n = Number(text)
  return n >= min && n <= 100
}

/** A server issue's words ('is not sold in this shop') as a sentence under a field. */
export const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`

/**
 * The messages of a refused submission for the form's own fields, by field name, or null when none applies.
 * A 422 names fields with the contract's short phrases ('must not be before today'); any other status (a 409
 * duplicate code) carries a sentence written for people, which is shown as it is.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null
  const found: Record<string, string> = {}
  for (const issue of error.issues) {
    if (!fields.includes(issue.path) || found[issue.path]) continue
    found[issue.path] = error.status === 422 ? sentence(issue.message) : error.message
  }
  return Object.keys(found).length > 0 ? found : null
}

/**
 * What the Form drawing a TanStack form does once errors from the server are shown (moves focus to the first), by
 * the form's store: React's useForm hands out a copy of the form API, and the copy and the core share only the store.
 */
const errorsShownListeners = new WeakMap<object, () => void>()

/**
 * Called by `Form` (ui/form.tsx) for the form it draws: `showSubmitError` tells it when the server's words were put
 * under fields, so it can bring the first one into view. Returns the unsubscribe.
 */
export function onSubmitErrorsShown(form: Pick<AnyFormApi, 'store'>, listener: () => void): () => void {
  errorsShownListeners.set(form.store, listener)
  return () => {
    if (errorsShownListeners.get(form.store) === listener) errorsShownListeners.delete(form.store)
  }
}

export interface SubmitErrorOptions {
  /**
   * Toast the server's message too when it goes under a field (SPEC §8: a failed call toasts the server's message).
   * For a refusal about something the sheet does not show (Initiate Dispute's "Order not found"); off by default,
   * since a duplicate code under its field would otherwise be said twice (decisions 033, 135).
   */
  toast?: boolean
}

/**
 * After a refused submit: the server's words go under the fields they name, and the form brings the first into
 * view; anything else is toasted like any failed call. For mutations declared with `meta: { errorToast: false }`.
 * The message sits in the field's onSubmit slot, which TanStack Form clears as soon as the field is edited.
 */
export function showSubmitError(form: AnyFormApi, error: unknown, options: SubmitErrorOptions = {}): void {
  const byField = serverFieldErrors(error, Object.keys(form.fieldInfo))
  if (!byField || options.toast) {
    if (shouldToast(error)) notify.error(errorMessage(error))
    if (!byField) return
  }
  for (const [name, message] of Object.entries(byField)) {
    form.setFieldMeta(name, (prev) => ({ ...prev, errorMap: { ...prev.errorMap, onSubmit: message } }))
  }
  errorsShownListeners.get(form.store)?.()
}
