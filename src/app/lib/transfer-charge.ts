import { queryOptions } from '@tanstack/react-query'

import { bankingEndpoints } from '#contract/banking'
import { formatKobo } from '#contract/naira'

import { api } from './api'
import { queryKeys } from './query-keys'

/*
 * The transfer charge of an amount, from the server (GET /transfer/charges). Shared by Send Money and refunds:
 * both are bank transfers out of the wallet, and the vendor sees the charge before committing to either.
 */

export const transferChargeQuery = (amountKobo: number) =>
  queryOptions({
    queryKey: queryKeys.banking.transferCharge(amountKobo),
    queryFn: async ({ signal }) => (await api(bankingEndpoints.transferCharges, { query: { amount: amountKobo }, signal })).data,
    staleTime: 10 * 60 * 1000,
  })

/** What the charge line says: '₦10.75', 'No charge' for a fee of 0, '—' while it is unknown. */
export function chargeLabel(feeKobo: number | undefined): string {
  if (feeKobo === undefined) return '—'
  return feeKobo === 0 ? 'No charge' : formatKobo(feeKobo)
}
