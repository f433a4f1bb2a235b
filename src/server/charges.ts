import type { CHARGE_TIER_NAMES } from '../contract/banking'

export type ChargeTierName = (typeof CHARGE_TIER_NAMES)[number]

export interface ChargeTier {
  name: ChargeTierName
  /** Fee in kobo. */
  amount: number
  /** Which amounts (kobo) the tier covers. */
  applies: (amount: number) => boolean
}

const NAIRA = 100

/**
 * SPEC §9, to the letter: below ₦5,000; below ₦50,000; above ₦50,000. Exactly ₦50,000 matches no tier and
 * costs nothing (docs/decisions/006-charge-tiers.md). Fees follow the CBN's NIP caps: ₦10, ₦25, ₦50.
 */
export const CHARGE_TIERS: readonly ChargeTier[] = [
  { name: 'BELOW5000', amount: 10 * NAIRA, applies: (kobo) => kobo < 5_000 * NAIRA },
  { name: 'BELOW50000', amount: 25 * NAIRA, applies: (kobo) => kobo >= 5_000 * NAIRA && kobo < 50_000 * NAIRA },
  { name: 'ABOVE50000', amount: 50 * NAIRA, applies: (kobo) => kobo > 50_000 * NAIRA },
]

/** The tier and fee (kobo) for sending `amount` kobo. */
export function chargeFor(amount: number): { tier: ChargeTierName | null; fee: number } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`Amount must be positive kobo, got ${amount}`)
  const tier = CHARGE_TIERS.find((candidate) => candidate.applies(amount))
  return tier ? { tier: tier.name, fee: tier.amount } : { tier: null, fee: 0 }
}

/** The tiers as the API shows them. */
export function publicTiers(): { name: ChargeTierName; amount: number }[] {
  return CHARGE_TIERS.map(({ name, amount }) => ({ name, amount }))
}
