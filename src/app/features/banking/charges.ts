import type { CHARGE_TIER_NAMES } from '../../../contract/banking'

export type ChargeTierName = (typeof CHARGE_TIER_NAMES)[number]
export interface ChargeTier {
  name: ChargeTierName
  amount: number
}

const FIVE_THOUSAND = 500_000
const FIFTY_THOUSAND = 5_000_000

/**
 * SPEC §9's tiers, in kobo: below ₦5,000; below ₦50,000; above ₦50,000. Exactly ₦50,000 is in none of them,
 * so it carries no charge: the SPEC says so and the server does the same (docs/decisions). The server's fee
 * is the one charged; this only lets the screen show the charge for a new amount before the server answers.
 */
export function chargeTier(amountKobo: number): ChargeTierName | null {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return null
  if (amountKobo < FIVE_THOUSAND) return 'BELOW5000'
  if (amountKobo < FIFTY_THOUSAND) return 'BELOW50000'
  if (amountKobo > FIFTY_THOUSAND) return 'ABOVE50000'
  return null
}

export function feeFor(amountKobo: number, tiers: readonly ChargeTier[]): number {
  const tier = chargeTier(amountKobo)
  return tier ? (tiers.find((t) => t.name === tier)?.amount ?? 0) : 0
}

/** Amount plus fee, the whole debit from the wallet; whole kobo, so plain integer addition is exact. */
export function totalDebit(amountKobo: number, feeKobo: number): number {
  const total = amountKobo + feeKobo
  if (!Number.isSafeInteger(total)) throw new RangeError('Total is out of range')
  return total
}
