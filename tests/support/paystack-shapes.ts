import { randomBytes } from 'node:crypto'

import { BANKS } from '#server/money/banks'

/*
 * The fake's answers in the shapes paystack.yaml gives Paystack's responses (Prism, proxying, checks them against the
 * document): every field a schema requires is there. The state lives in PaystackFake (paystack-fake.ts).
 */

export const now = () => new Date().toISOString()
export const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`
let ids = 1000
export const nextId = () => (ids += 1)

/** Account serials (first 9 digits) the fake treats specially, as the sandbox bank's serials do. */
export const FAKE_SERIALS = {
  /** GET /bank/resolve answers 422 "Could not resolve account name". */
  notFound: '999999999',
  /** POST /transfer answers status "otp" (transfer OTP still on). */
  otp: '777777777',
} as const

export interface FakeTransfer {
  reference: string
  amount: number
  reason: string
  status: string
  recipient: FakeRecipient
  transferCode: string
  id: number
  createdAt: string
  updatedAt: string
  sessionId: string | null
}

export interface FakeRecipient {
  code: string
  id: number
  name: string
  accountNumber: string
  bankCode: string
  createdAt: string
}

export interface FakeCharge {
  reference: string
  amount: number
  accountNumber: string
  paidAt: string
  senderName: string
  senderAccount: string
  sessionId: string
}

export function bankJson(bank: { code: string; name: string }) {
  const at = '2020-01-01T00:00:00.000Z'
  return {
    name: bank.name,
    slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
    code: bank.code,
    longcode: bank.code,
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    id: Number(bank.code),
    createdAt: at,
    updatedAt: at,
  }
}

export function recipientJson(r: FakeRecipient) {
  const bankName = BANKS.find((bank) => bank.code === r.bankCode)?.name ?? r.bankCode
  return {
    active: true,
    createdAt: r.createdAt,
    currency: 'NGN',
    description: '',
    domain: 'test',
    email: '',
    id: r.id,
    integration: 100,
    name: r.name,
    recipient_code: r.code,
    type: 'nuban',
    updatedAt: r.createdAt,
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: r.accountNumber,
      account_name: r.name,
      bank_code: r.bankCode,
      bank_name: bankName,
    },
  }
}

export function transferJson(t: FakeTransfer) {
  return {
    amount: t.amount,
    createdAt: t.createdAt,
    currency: 'NGN',
    domain: 'test',
    failures: null,
    id: t.id,
    integration: 100,
    reason: t.reason,
    reference: t.reference,
    source: 'balance',
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transferCode,
    transferred_at: t.status === 'success' ? t.updatedAt : null,
    updatedAt: t.updatedAt,
    recipient: recipientJson(t.recipient),
    session: { provider: t.sessionId ? 'nip' : null, id: t.sessionId },
    gateway_response: t.status === 'failed' ? 'Beneficiary bank unavailable' : null,
  }
}

export function chargeJson(c: FakeCharge) {
  return {
    id: nextId(),
    domain: 'test',
    status: 'success',
    reference: c.reference,
    amount: c.amount,
    message: null,
    gateway_response: 'Approved',
    paid_at: c.paidAt,
    created_at: c.paidAt,
    channel: 'dedicated_nuban',
    currency: 'NGN',
    ip_address: null,
    metadata: { receiver_account_number: c.accountNumber, receiver_bank: 'Test Bank' },
    log: null,
    fees: 5000,
    fees_split: null,
    customer: {
      id: 1,
      first_name: null,
      last_name: null,
      email: 'payer@test.ng',
      phone: null,
      metadata: {},
      customer_code: 'CUS_payer',
      risk_action: 'default',
    },
    authorization: {
      authorization_code: null,
      bin: null,
      last4: null,
      exp_month: null,
      exp_year: null,
      channel: 'dedicated_nuban',
      card_type: null,
      bank: null,
      country_code: 'NG',
      brand: null,
      reusable: false,
      signature: null,
      account_name: null,
      sender_country: 'NG',
      sender_bank: 'Access Bank',
      sender_bank_account_number: c.senderAccount,
      sender_name: c.senderName,
      narration: `Transfer from ${c.senderName}`,
      receiver_bank_account_number: c.accountNumber,
      receiver_bank: 'Test Bank',
      session_id: c.sessionId,
    },
    plan: {},
    split: {},
    subaccount: {},
    order_id: null,
    paidAt: c.paidAt,
    createdAt: c.paidAt,
    requested_amount: c.amount,
    source: { source: 'merchant_api', type: 'api', identifier: null, entry_point: 'transaction' },
    connect: {},
    pos_transaction_data: null,
  }
}

export function customerJson(c: { id: number; code: string; email: string; first: string; last: string; phone: string }) {
  const at = now()
  return {
    transactions: [],
    subscriptions: [],
    authorizations: [],
    email: c.email,
    first_name: c.first,
    last_name: c.last,
    phone: c.phone,
    integration: 100,
    domain: 'test',
    metadata: {},
    customer_code: c.code,
    risk_action: 'default',
    id: c.id,
    createdAt: at,
    updatedAt: at,
    identified: false,
    identifications: null,
  }
}
