/*
 * SPEC §9's transfer charge tiers, the one copy both sides use. The server charges chargeFor(amount).fee; the app
 * shows the charge of a new amount (feeFor, with the tiers GET /transfer/charges answered) before the server
 * answers for that amount. All amounts are kobo. Imports nothing: banking.ts re-exports the tier names for its
 * schemas, and the Send Money sheet takes these few lines without the banking endpoints.
 */

export const CHARGE_TIER_NAMES = ['BELOW5000', 'BELOW50000', 'ABOVE50000'] as const
export type ChargeTierName = (typeof CHARGE_TIER_NAMES)[number]

export interface ChargeTier {
  name: ChargeTierName
  /** Fee in kobo. */
  amount: number
}

const NAIRA = 100
const FIVE_THOUSAND = 5_000 * NAIRA
const FIFTY_THOUSAND = 50_000 * NAIRA

/**
 * The tier of an amount, to the letter of SPEC §9: below ₦5,000; below ₦50,000; above ₦50,000. Exactly ₦50,000
 * is in none of them and carries no charge (docs/decisions/006-charge-tiers.md). Null too for what is not a
 * positive whole number of kobo: the app asks while the amount is still being typed.
 */
export function chargeTier(amountKobo: number): ChargeTierName | null {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return null
  if (amountKobo < FIVE_THOUSAND) return 'BELOW5000'
  if (amountKobo < FIFTY_THOUSAND) return 'BELOW50000'
  if (amountKobo > FIFTY_THOUSAND) return 'ABOVE50000'
  return null
}

/** The fees the server charges, one per tier. They follow the CBN's NIP caps: ₦10, ₦25, ₦50. */
export const CHARGE_TIERS: readonly ChargeTier[] = [
  { name: 'BELOW5000', amount: 10 * NAIRA },
  { name: 'BELOW50000', amount: 25 * NAIRA },
  { name: 'ABOVE50000', amount: 50 * NAIRA },
]

/** The fee (kobo) for an amount under the given tiers: 0 when no tier applies. Never throws. */
export function feeFor(amountKobo: number, tiers: readonly ChargeTier[]): number {
  const tier = chargeTier(amountKobo)
  return tier ? (tiers.find((t) => t.name === tier)?.amount ?? 0) : 0
}

/**
 * The server's charge: the tier and fee (kobo) for sending `amount` kobo. Unlike chargeTier it throws for what is
 * not positive whole kobo: by then the contract has validated the amount, so anything else is a bug.
 */
export function chargeFor(amount: number): { tier: ChargeTierName | null; fee: number } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`Amount must be positive kobo, got ${amount}`)
  return { tier: chargeTier(amount), fee: feeFor(amount, CHARGE_TIERS) }
}

/** The tiers as the API shows them (fresh objects: a caller may not change the table). */
export function publicTiers(): ChargeTier[] {
  return CHARGE_TIERS.map(({ name, amount }) => ({ name, amount }))
}

/** Amount plus fee, the whole debit from the wallet; whole kobo, so plain integer addition is exact. */
export function totalDebit(amountKobo: number, feeKobo: number): number {
  const total = amountKobo + feeKobo
  if (!Number.isSafeInteger(total)) throw new RangeError('Total is out of range')
  return total
}
