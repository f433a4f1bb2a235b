/**
 * Every query key of the app, one factory per area (all / lists / list(filters) / details / detail(id)),
 * so a mutation in one area can invalidate another's data without the features importing each other.
 */
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
}
