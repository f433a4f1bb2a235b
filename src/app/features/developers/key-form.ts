import * as v from 'valibot'

import { type apiKeyEndpoints, type ApiKeyScope, MAX_API_KEY_IPS, MAX_API_KEY_NAME } from '#contract/api-keys'
import type { BodyInput } from '#contract/endpoint'

/** One address or range a line of the allow-list may hold; the server checks that it parses. */
const IP_LINE = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/

/** The lines of the allow-list box: one address or range each, blank lines ignored. */
export const ipLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean)

export const KeyFormSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter a name.'),
    v.maxLength(MAX_API_KEY_NAME, `Use at most ${MAX_API_KEY_NAME} characters.`),
  ),
  allowedIps: v.pipe(
    v.string(),
    v.check((text) => ipLines(text).every((line) => IP_LINE.test(line)), 'Enter addresses like 203.0.113.7 or ranges like 203.0.113.0/24.'),
    v.check((text) => ipLines(text).length <= MAX_API_KEY_IPS, `Enter at most ${MAX_API_KEY_IPS} addresses.`),
  ),
  orders: v.boolean(),
  transfers: v.boolean(),
  password: v.pipe(v.string(), v.nonEmpty('Enter your password.')),
})
export type KeyForm = v.InferInput<typeof KeyFormSchema>

export const EMPTY_KEY_FORM: KeyForm = { name: '', allowedIps: '', orders: false, transfers: false, password: '' }

/** The create call's body; `read` is always given by the server. */
export function keyBody(form: KeyForm): BodyInput<typeof apiKeyEndpoints.createApiKey> {
  const scopes: ApiKeyScope[] = ['read']
  if (form.orders) scopes.push('orders:write')
  if (form.transfers) scopes.push('transfers')
  return { name: form.name.trim(), scopes, allowedIps: ipLines(form.allowedIps), password: form.password }
}
