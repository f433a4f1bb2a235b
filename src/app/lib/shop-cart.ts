import { useSyncExternalStore } from 'react'

import { MAX_CHECKOUT_QUANTITY } from '#contract/catalogue'
import { MAX_CART_LINES } from '#contract/storefront'

/*
 * A customer's cart at one shop (decision 176): kept in this browser's localStorage under the shop's URL, so it
 * survives a reload and every tab of the shop sees the same cart; nothing of it is on the server until checkout.
 * Shared by the storefront and the pay page (a pay link's "Add to cart"). Prices kept here are what the customer
 * saw when adding; the storefront refreshes them and the server prices the order itself.
 */

export interface CartItem {
  variantId: string
  productName: string
  options: Record<string, string>
  /** Kobo per unit, after the variant's own discount, as last shown. */
  unitPrice: number
  quantity: number
}

const keyOf = (url: string) => `vbo.cart.${url}`
const EMPTY: readonly CartItem[] = []

/** One parse per stored text, so useSyncExternalStore sees the same array until the cart changes. */
const parsed = new Map<string, { raw: string | null; items: readonly CartItem[] }>()

function isItem(value: unknown): value is CartItem {
  const item = value as CartItem
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.variantId === 'string' &&
    typeof item.productName === 'string' &&
    Number.isSafeInteger(item.unitPrice) &&
    Number.isSafeInteger(item.quantity) &&
    item.quantity >= 1 &&
    typeof item.options === 'object'
  )
}

export function readCart(url: string): readonly CartItem[] {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(keyOf(url))
  } catch {
    // Storage refused (private mode): the cart lives in the page's memory only (below).
    return memory.get(url) ?? EMPTY
  }
  const known = parsed.get(url)
  if (known && known.raw === raw) return known.items
  let items: readonly CartItem[] = EMPTY
  try {
    const value: unknown = raw ? JSON.parse(raw) : []
    // Whatever else is stored there (an older shape, a hand edit) is dropped rather than trusted.
    if (Array.isArray(value)) items = value.filter(isItem).slice(0, MAX_CART_LINES)
  } catch {
    items = EMPTY
  }
  parsed.set(url, { raw, items })
  return items
}

const memory = new Map<string, readonly CartItem[]>()
const listeners = new Set<() => void>()

export function writeCart(url: string, items: readonly CartItem[]): void {
  memory.set(url, items)
  try {
    if (items.length) localStorage.setItem(keyOf(url), JSON.stringify(items))
    else localStorage.removeItem(keyOf(url))
  } catch {
    // Refused: kept in memory for this page.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab of the same shop changing the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('vbo.cart.')) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Adds units of a variant (a line of its own, or more of the line it has), never past the checkout's limits. */
export function addItem(items: readonly CartItem[], item: Omit<CartItem, 'quantity'>, quantity = 1): readonly CartItem[] {
  const found = items.find((line) => line.variantId === item.variantId)
  if (found) return setQuantity(items, item.variantId, found.quantity + quantity)
  if (items.length >= MAX_CART_LINES) return items
  return [...items, { ...item, quantity: Math.min(quantity, MAX_CHECKOUT_QUANTITY) }]
}

export function setQuantity(items: readonly CartItem[], variantId: string, quantity: number): readonly CartItem[] {
  const capped = Math.max(1, Math.min(MAX_CHECKOUT_QUANTITY, quantity))
  return items.map((line) => (line.variantId === variantId ? { ...line, quantity: capped } : line))
}

export const removeItem = (items: readonly CartItem[], variantId: string): readonly CartItem[] =>
  items.filter((line) => line.variantId !== variantId)

/**
 * The cart against what the shop sells now: lines whose variant is no longer on sale are dropped (answered apart,
 * so the page can say so) and the others take today's price and name. With only some of the shop's products known
 * (`complete` false), a line not among them is kept as it is.
 */
export function reconcileCart(
  items: readonly CartItem[],
  onSale: ReadonlyMap<string, Omit<CartItem, 'quantity'>>,
  complete: boolean,
): { items: readonly CartItem[]; dropped: readonly CartItem[] } {
  const dropped = complete ? items.filter((line) => !onSale.has(line.variantId)) : []
  const kept = items.flatMap((line) => {
    const now = onSale.get(line.variantId)
    return now ? [{ ...now, quantity: line.quantity }] : complete ? [] : [line]
  })
  const same =
    kept.length === items.length &&
    kept.every((line, i) => line.unitPrice === items[i]!.unitPrice && line.productName === items[i]!.productName)
  return { items: same ? items : kept, dropped }
}

export const cartUnits = (items: readonly CartItem[]) => items.reduce((sum, line) => sum + line.quantity, 0)

/** The cart of one shop, kept in step with storage and with the shop's other tabs. */
export function useShopCart(url: string) {
  const items = useSyncExternalStore(
    subscribe,
    () => readCart(url),
    () => EMPTY,
  )
  return { items, save: (next: readonly CartItem[]) => writeCart(url, next) }
}
