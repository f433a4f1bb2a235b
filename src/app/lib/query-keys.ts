/**
 * Every query key of the app, one factory per area (all / lists / list(filters) / details / detail(id)),
 * so a mutation in one area can invalidate another's data without the features importing each other.
 */
import type { Transaction } from '../../contract/transactions'

export interface TransactionListFilters {
  status?: Transaction['status']
  type?: Transaction['type']
  customerId?: string
  startDate?: string
  endDate?: string
}

export interface DateRangeKey {
  startDate: string
  endDate: string
}

export const queryKeys = {
  me: ['me'] as const,
  vendor: {
    all: ['vendor'] as const,
    profile: () => [...queryKeys.vendor.all, 'profile'] as const,
  },
  wallet: {
    all: ['wallet'] as const,
    balance: () => [...queryKeys.wallet.all, 'balance'] as const,
    details: () => [...queryKeys.wallet.all, 'details'] as const,
  },
  transactions: {
    all: ['transactions'] as const,
    lists: () => [...queryKeys.transactions.all, 'list'] as const,
    list: (filters: TransactionListFilters) => [...queryKeys.transactions.lists(), filters] as const,
    details: () => [...queryKeys.transactions.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.transactions.details(), id] as const,
    analytics: (range: DateRangeKey) => [...queryKeys.transactions.all, 'analytics', range] as const,
    breakdown: (range: DateRangeKey) => [...queryKeys.transactions.all, 'breakdown', range] as const,
  },
  banking: {
    all: ['banking'] as const,
    banks: () => [...queryKeys.banking.all, 'banks'] as const,
    settlementAccount: () => [...queryKeys.banking.all, 'settlement-account'] as const,
    transferCharge: (amountKobo: number) => [...queryKeys.banking.all, 'transfer-charge', amountKobo] as const,
    vendorCharges: () => [...queryKeys.banking.all, 'vendor-charges'] as const,
    thirdPartyTransfers: () => [...queryKeys.banking.all, 'third-party-transfers'] as const,
  },
  pin: {
    all: ['pin'] as const,
    status: () => [...queryKeys.pin.all, 'status'] as const,
  },
}

/**
 * What every money movement makes stale: the balance, and the transactions and their analytics. Send money,
 * Mark as POS and (later) outlet transfers and refunds all invalidate these.
 */
export const MONEY_KEYS = [queryKeys.wallet.all, queryKeys.transactions.all] as const
