/*
 * Invoice and credit-note numbers (issue 42, decision 191): each vendor's own gapless sequence, 1, 2, 3…, written
 * with a prefix and six digits (INV-000123, CN-000001; a seventh digit appears after 999,999). Not the invoice's
 * reference (INV-7Q2K91XM, random, what a customer quotes when paying): the number is its place in the vendor's
 * books.
 */

export type DocumentKind = 'invoice' | 'credit_note'

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' }

export function documentNumberText(kind: DocumentKind, n: number): string {
  return `${PREFIX[kind]}-${String(n).padStart(6, '0')}`
}

/** 'CN-000001' → 1; null for text that is not a number of that kind (wrong prefix, fewer than six digits, zero). */
export function parseDocumentNumber(kind: DocumentKind, text: string): number | null {
  const match = new RegExp(`^${PREFIX[kind]}-(\\d{6,})$`).exec(text.trim().toUpperCase())
  const n = match ? Number(match[1]) : 0
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
