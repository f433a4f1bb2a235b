import type { Auth } from '../auth/sessions'

/*
 * What goods cost the vendor is for those who manage the catalogue (decision 175): a cashier with VENDOR_ORDERS sells
 * variants and sees orders, but not their cost or the profit on them. Rather than every handler that answers variants,
 * orders or analytics remembering to leave cost out (and the next one forgetting), register() passes every answer
 * through here: for a caller without VENDOR_INVENTORY, these fields are removed wherever they are. The contract
 * declares each of them optional for that reason.
 */

export const COST_FIELDS: ReadonlySet<string> = new Set(['costPrice', 'unitCost', 'costOfSales', 'grossProfit', 'uncostedItems'])

/** Public pages (no caller) never see cost either. */
export const seesCost = (auth: Auth | null): boolean => auth !== null && auth.permissions.includes('VENDOR_INVENTORY')

/** `data` without any cost field, for an answer made where the caller is not known (a recovered claim's). */
export function withoutCost<T>(data: T): T {
  return strip(data) as T
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (!COST_FIELDS.has(key)) out[key] = strip(item)
  return out
}

/** The answer's data as this caller may see it: unchanged with VENDOR_INVENTORY, without any cost field otherwise. */
export const visibleTo = <T>(auth: Auth | null, data: T): T => (seesCost(auth) ? data : withoutCost(data))
