// Fixtures for the app tests. Every one is parsed with the contract's own schema, so a fixture that drifts
// from the API's shape fails here instead of passing a test the real server would not.
import * as v from 'valibot'
import { User } from '../../src/contract/auth'
import { Bank, ResolvedAccount, SettlementAccount } from '../../src/contract/banking'
import { PERMISSIONS, type Permission } from '../../src/contract/permissions'
import { PinStatus } from '../../src/contract/pin'
import { Transaction } from '../../src/contract/transactions'
import { WalletBalance, WalletDetails } from '../../src/contract/vendor'
import { endpoints } from '../../src/contract'

type TransactionOut = v.InferOutput<typeof Transaction>

export function user(permissions: readonly Permission[] = PERMISSIONS) {
  return v.parse(User, {
    id: 'user-1',
    name: 'Adaeze Okafor',
    email: 'demo@vendor.test',
    phone: '08031234567',
    role: 'owner',
    permissions: [...permissions],
    vendor: { id: 'vendor-1', name: 'Mama Put Kitchen', url: null, status: 'approved' },
  })
}

export function transaction(overrides: Partial<TransactionOut> = {}): TransactionOut {
  return v.parse(Transaction, {
    id: 'txn-1',
    status: 'success',
    type: 'credit',
    amount: 4_500_000,
    fee: 0,
    currency: 'NGN',
    reference: 'VBO-REF-0001',
    sessionId: '000015261122094200000000000001',
    narration: 'Wedding jollof',
    originatorAccountName: 'Chukwuemeka Obi',
    originatorBankName: 'Guaranty Trust Bank',
    originatorAccountNumber: '0123456789',
    beneficiaryAccountName: 'Mama Put Kitchen',
    beneficiaryBankName: 'Providus Bank',
    beneficiaryAccountNumber: '9900112233',
    customerId: null,
    customerName: null,
    outletId: null,
    failureReason: null,
    hasMatchingOrder: false,
    hasShareableOrder: false,
    orderReference: null,
    isOffline: true,
    isPOSTransaction: false,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function transactionPage(items: TransactionOut[], page = 1, size = 100, total = items.length) {
  return v.parse(endpoints.listTransactions.response, { items, page, size, total })
}

export const BANKS = v.parse(v.array(Bank), [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '057', name: 'Zenith Bank' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
])

export function resolved(overrides: Partial<v.InferOutput<typeof ResolvedAccount>> = {}) {
  return v.parse(ResolvedAccount, {
    accountName: 'ADA OBI',
    accountNumber: '0690000032',
    bankCode: '044',
    bankName: 'Access Bank',
    requestId: 'req-1',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  })
}

export const SETTLEMENT = v.parse(SettlementAccount, {
  accountNumber: '0690000032',
  accountName: 'MAMA PUT KITCHEN LTD',
  bankCode: '044',
  bankName: 'Access Bank',
})

export const BALANCE = v.parse(WalletBalance, { balance: 125_000_000, currency: 'NGN' })
export const WALLET_DETAILS = v.parse(WalletDetails, { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' })

export function charges(fee: number, tier: 'BELOW5000' | 'BELOW50000' | 'ABOVE50000' | null) {
  return v.parse(endpoints.transferCharges.response, {
    tiers: [
      { name: 'BELOW5000', amount: 1_075 },
      { name: 'BELOW50000', amount: 2_688 },
      { name: 'ABOVE50000', amount: 5_375 },
    ],
    tier,
    fee,
  })
}

export function pinStatus(overrides: Partial<v.InferOutput<typeof PinStatus>> = {}) {
  return v.parse(PinStatus, { hasPin: true, locked: false, attemptsRemaining: 5, ...overrides })
}
