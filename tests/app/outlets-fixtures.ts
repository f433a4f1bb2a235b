// Outlet fixtures (outlets, their members and transfers), parsed with the contract's schemas like fixtures.ts.
import * as v from 'valibot'

import { Outlet, outletEndpoints, OutletMember, OutletTransfer } from '#contract/outlets'

import { transaction } from './fixtures'

export function outlet(overrides: Partial<Outlet> = {}): Outlet {
  return v.parse(Outlet, {
    id: 'outlet-1',
    name: 'Lekki',
    address: '12 Admiralty Way, Lekki Phase 1, Lagos',
    email: 'lekki@vendor.test',
    phone: '08039876543',
    status: 'active',
    balance: 2_500_000,
    accountNumber: '9900445566',
    memberCount: 1,
    lastTransactionAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  })
}

export function outletPage(items: Outlet[], page = 1, size = 20, total = items.length) {
  return v.parse(outletEndpoints.listOutlets.response, { items, page, size, total })
}

export function outletMember(overrides: Partial<OutletMember> = {}): OutletMember {
  return v.parse(OutletMember, {
    id: 'member-1',
    name: 'Chinedu Eze',
    email: 'chinedu@vendor.test',
    phone: '08051234567',
    status: 'active',
    permissions: ['VENDOR_OUTLETS'],
    addedAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  })
}

export function outletMemberPage(items: OutletMember[], page = 1, size = 20, total = items.length) {
  return v.parse(outletEndpoints.listOutletMembers.response, { items, page, size, total })
}

export const OUTLET_WALLET = v.parse(outletEndpoints.outletWalletDetails.response, {
  bankName: 'Providus Bank',
  accountNumber: '9900445566',
  accountName: 'Mama Put Kitchen - Lekki',
})

export function outletTransfer(amount: number, outletBalance: number): OutletTransfer {
  return v.parse(OutletTransfer, { transaction: transaction({ id: 'txn-move', amount, outletId: 'outlet-1' }), outletBalance })
}
