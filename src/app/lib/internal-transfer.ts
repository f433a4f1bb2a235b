import type { Transaction } from '#contract/transactions'

/*
 * A transfer between the vendor's own wallets (main ↔ outlet) names its other side, not the account holder: both
 * wallets' accounts carry the vendor's name, so 'Mama Put Kitchen' on both rows told a cashier nothing (issue 22,
 * decision 112). The words follow the SPEC's dialogs, 'Transfer to Outlet' and 'Transfer to Main Wallet'.
 */

/** 'Main wallet' or 'Outlet Lekki': the other side of an own transfer, or null for money to or from a bank. */
export function internalCounterparty(t: Pick<Transaction, 'internalTransfer'>): string | null {
  const own = t.internalTransfer
  if (!own) return null
  return own.counterparty === 'main' ? 'Main wallet' : `Outlet ${own.outletName}`
}

/** 'From main wallet', 'To outlet Lekki': a row's title; null for money to or from a bank. */
export function internalTransferLabel(t: Pick<Transaction, 'internalTransfer' | 'type'>): string | null {
  const own = t.internalTransfer
  if (!own) return null
  const other = own.counterparty === 'main' ? 'main wallet' : `outlet ${own.outletName}`
  return `${t.type === 'credit' ? 'From' : 'To'} ${other}`
}
