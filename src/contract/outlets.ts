import * as v from 'valibot'

import { pin } from './banking'
import { amountKobo, cursorQuery, email, id, keysetPage, kobo, optionalText, page, pageQuery, phone, text } from './common'
import { endpoint } from './endpoint'
import { PERMISSIONS } from './permissions'
import { Transaction, transactionFilters } from './transactions'
import { WalletBalance, WalletDetails } from './vendor'

/*
 * Outlets (branches) with their own wallets and members (SPEC §7 "Outlets", issue 6).
 *
 * Who sees what (decision 043): the owner and members holding VENDOR_TEAM see every outlet; any other member
 * with VENDOR_OUTLETS sees only the outlets they belong to, and another outlet is "not found" to them. Creating
 * outlets, changing their status and their members also needs VENDOR_TEAM; moving money out of the main wallet
 * into an outlet also needs VENDOR_TRANSFERS, like any other money leaving the main wallet. Both transfers carry
 * the caller's transaction PIN, checked like Send Money's with the same lockout (decision 086).
 */

export const OUTLET_STATUSES = ['active', 'inactive'] as const

export const Outlet = v.object({
  id: v.string(),
  name: v.string(),
  address: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  /** An inactive outlet takes no transfers, and its members cannot act for it. */
  status: v.picklist(OUTLET_STATUSES),
  /** The outlet wallet's balance in kobo and its virtual account, so the list can show them. */
  balance: kobo,
  /** Null while the provider is still creating the outlet wallet's virtual account. */
  accountNumber: v.nullable(v.string()),
  memberCount: v.number(),
  /** When the outlet wallet's newest transaction happened (null: none yet), so its page opens on a range with data. */
  lastTransactionAt: v.nullable(v.string()),
  createdAt: v.string(),
})
export type Outlet = v.InferOutput<typeof Outlet>

export const OutletMember = v.object({
  /** The member's user id (memberId in the calls). */
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: v.picklist(['invited', 'active', 'inactive']),
  permissions: v.array(v.picklist(PERMISSIONS)),
  /** When the member was added to this outlet. */
  addedAt: v.string(),
})
export type OutletMember = v.InferOutput<typeof OutletMember>

/** A transfer between the main wallet and an outlet, seen from the outlet: its transaction and balance after. */
export const OutletTransfer = v.object({
  transaction: Transaction,
  outletBalance: kobo,
})
export type OutletTransfer = v.InferOutput<typeof OutletTransfer>

/** Limits the app's forms hold to as well (decision 163). */
export const MAX_OUTLET_NAME = 100
export const MAX_OUTLET_ADDRESS = 300
export const MAX_OUTLET_NARRATION = 100

const outletId = id
const narration = optionalText(MAX_OUTLET_NARRATION)

export const outletEndpoints = {
  listOutlets: endpoint({
    method: 'GET',
    path: '/outlet',
    summary: 'Outlets the caller may see, newest first, searched by name or address.',
    permission: 'VENDOR_OUTLETS',
    query: v.object({ ...pageQuery, search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))) }),
    response: page(Outlet),
  }),
  outletDetail: endpoint({
    method: 'GET',
    path: '/outlet/single',
    summary: 'One outlet the caller may see.',
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId }),
    response: Outlet,
    errors: ['NOT_FOUND'],
  }),
  createOutlet: endpoint({
    method: 'POST',
    path: '/outlet',
    status: 201,
    summary: 'Open an outlet with its own wallet and virtual account. Names are unique per vendor, ignoring case.',
    permission: ['VENDOR_OUTLETS', 'VENDOR_TEAM'],
    body: v.object({
      name: text(MAX_OUTLET_NAME),
      address: text(MAX_OUTLET_ADDRESS),
      email: v.optional(v.nullable(email)),
      phone: v.optional(v.nullable(phone)),
    }),
    response: Outlet,
    errors: ['OUTLET_NAME_TAKEN'],
  }),
  setOutletStatus: endpoint({
    method: 'PUT',
    path: '/outlet/status',
    summary: 'Make an outlet active or inactive.',
    permission: ['VENDOR_OUTLETS', 'VENDOR_TEAM'],
    body: v.object({ outletId, status: v.picklist(OUTLET_STATUSES, 'must be active or inactive') }),
    response: Outlet,
    errors: ['NOT_FOUND'],
  }),
  outletWalletDetails: endpoint({
    method: 'GET',
    path: '/outlet/wallet/details',
    summary: "The outlet wallet's virtual bank-transfer account.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId }),
    response: WalletDetails,
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE'],
  }),
  outletWalletBalance: endpoint({
    method: 'GET',
    path: '/outlet/wallet/balance',
    summary: "The outlet wallet's available balance, in kobo.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId }),
    response: WalletBalance,
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE'],
  }),
  fundOutlet: endpoint({
    method: 'POST',
    path: '/outlet/wallet/fund',
    status: 201,
    summary: "Transfer to Outlet: move money from the main wallet into an active outlet wallet. PIN-checked (the caller's). No fee.",
    permission: ['VENDOR_OUTLETS', 'VENDOR_TRANSFERS'],
    idempotent: true,
    body: v.object({ amount: amountKobo, outletId, narration, pin }),
    response: OutletTransfer,
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE', 'INSUFFICIENT_FUNDS', 'INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  transferToMain: endpoint({
    method: 'POST',
    path: '/outlet/transfer/vendor',
    status: 201,
    summary: "Transfer to Main Wallet: move money from an active outlet's wallet into the main wallet. PIN-checked (the caller's). No fee.",
    permission: 'VENDOR_OUTLETS',
    idempotent: true,
    body: v.object({ amount: amountKobo, outletId, pin }),
    response: OutletTransfer,
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE', 'INSUFFICIENT_FUNDS', 'INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  outletTransactions: endpoint({
    method: 'GET',
    path: '/transaction/outlet',
    summary: "An outlet wallet's transactions, newest first, filtered, counted and paged like the main wallet's.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ ...pageQuery, ...cursorQuery, outletId, ...transactionFilters }),
    response: keysetPage(Transaction),
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE'],
  }),
  outletTransactionDetail: endpoint({
    method: 'GET',
    path: '/transaction/outlet/single',
    summary: "One transaction of an outlet's wallet.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ id, outletId }),
    response: Transaction,
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE'],
  }),
  listOutletMembers: endpoint({
    method: 'GET',
    // Team members' names, e-mails, phones and permissions: keys never reach team calls (decision 168).
    apiKey: false,
    path: '/outlet/members',
    summary: "An outlet's members, searched by name, email or phone.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({
      ...pageQuery,
      outletId,
      search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))),
    }),
    response: page(OutletMember),
    errors: ['NOT_FOUND', 'OUTLET_INACTIVE'],
  }),
  addOutletMember: endpoint({
    method: 'POST',
    path: '/outlet/members',
    status: 201,
    summary: 'Add a team member to an outlet (409 if already there). The owner sees every outlet and is not added.',
    permission: ['VENDOR_OUTLETS', 'VENDOR_TEAM'],
    body: v.object({ outletId, memberId: id }),
    response: OutletMember,
    errors: ['NOT_FOUND', 'ALREADY_OUTLET_MEMBER', 'OWNER_SEES_EVERY_OUTLET', 'PERMISSION_NOT_HELD'],
  }),
  removeOutletMember: endpoint({
    method: 'DELETE',
    path: '/outlet/members',
    summary: 'Remove a team member from an outlet.',
    permission: ['VENDOR_OUTLETS', 'VENDOR_TEAM'],
    query: v.object({ outletId, memberId: id }),
    response: v.null(),
    errors: ['PERMISSION_NOT_HELD', 'NOT_FOUND'],
  }),
}
