import * as v from 'valibot'

import { CHARGE_TIER_NAMES } from './charges'
import { amountKobo, kobo } from './common'
import { endpoint } from './endpoint'
import { Transaction } from './transactions'

export const accountNumber = v.pipe(v.string('is required'), v.regex(/^\d{10}$/, 'must be exactly 10 digits'))
export const bankCode = v.pipe(v.string('is required'), v.regex(/^\d{3,6}$/, 'must be a bank code of 3 to 6 digits'))
export const pin = v.pipe(v.string('is required'), v.regex(/^\d{4}$/, 'must be 4 digits'))
const requestId = v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(100, 'is too long'))
const narration = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'must be at most 100 characters')))

/**
 * THIRD_PARTY_TRANSFERS_DISABLED's words for an account that is not the settlement account: the server refuses with
 * them and Send Money's Confirm step says them before the PIN (decision 087), so the two cannot drift apart.
 */
export const THIRD_PARTY_OFF_MESSAGE =
  'Third-party transfers are turned off: you can only send money to your settlement account. Turn them on in Settings → Payout settings.'

export const Bank = v.object({ code: v.string(), name: v.string() })
export const ResolvedAccount = v.object({
  accountName: v.string(),
  accountNumber: v.string(),
  bankCode: v.string(),
  bankName: v.string(),
  /** Single-use, short-lived proof of this name enquiry; a transfer or settlement change spends it. */
  requestId: v.string(),
  expiresAt: v.string(),
})
export const SettlementAccount = v.object({
  accountNumber: v.string(),
  accountName: v.string(),
  bankCode: v.string(),
  bankName: v.string(),
  /** A new account cools off (decision 143): payouts may reach it from this instant (ISO); null or absent: now. */
  usableFrom: v.optional(v.nullable(v.string())),
})

/** SPEC §9: BELOW5000 (< ₦5,000), BELOW50000 (< ₦50,000), ABOVE50000 (> ₦50,000); exactly ₦50,000 matches none. */
export { CHARGE_TIER_NAMES }
export const ChargeTier = v.object({ name: v.picklist(CHARGE_TIER_NAMES), amount: kobo })
export const CHARGE_BEARERS = ['vendor', 'customer'] as const

export const bankingEndpoints = {
  listBanks: endpoint({
    method: 'GET',
    path: '/bank',
    summary: 'Nigerian banks and fintechs that can receive transfers, with their CBN codes.',
    response: v.array(Bank),
  }),
  resolveAccount: endpoint({
    method: 'GET',
    // A billed lookup that names an account holder, and the first step of a send: a transfers key's (decision 168).
    apiKey: 'transfers',
    path: '/bank/resolve-account',
    summary: 'Name enquiry: the account name for a 10-digit NUBAN at a bank, and a single-use requestId.',
    // The first step of sending money (decision 087): it names account holders and costs a provider call.
    permission: 'VENDOR_TRANSFERS',
    query: v.object({ accountNumber, bankCode }),
    response: ResolvedAccount,
    errors: ['UNKNOWN_BANK', 'INVALID_ACCOUNT_NUMBER', 'NAME_ENQUIRY_FAILED', 'BANK_UNAVAILABLE', 'RATE_LIMITED'],
  }),
  setSettlementAccount: endpoint({
    method: 'POST',
    apiKey: false,
    path: '/bank/settlement-account',
    summary:
      'Save the resolved account (by its requestId) as where payouts go. Needs the PIN; the owner is told and the change is audited.',
    // Routing money is a settings change and a transfer permission at once: its requestId needs VENDOR_TRANSFERS.
    permission: ['VENDOR_SETTINGS', 'VENDOR_TRANSFERS'],
    body: v.object({ requestId, pin }),
    response: SettlementAccount,
    errors: ['INVALID_REQUEST_ID', 'SETTLEMENT_NAME_MISMATCH', 'INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET'],
  }),
  settlementAccount: endpoint({
    method: 'GET',
    apiKey: false,
    path: '/vendor/settlement-account',
    summary: "The vendor's settlement account, or null when none is set.",
    // Read by Send Money ("Send to my settlement account") and by Payout settings for those who may send.
    permission: 'VENDOR_TRANSFERS',
    response: v.nullable(SettlementAccount),
  }),
  sendMoney: endpoint({
    method: 'POST',
    path: '/transfer/send',
    status: 201,
    summary:
      'Send money from the main wallet to a resolved account. PIN-checked; amount plus fee debited atomically; answers the transfer (success, pending or failed).',
    permission: 'VENDOR_TRANSFERS',
    idempotent: true,
    body: v.object({ amount: amountKobo, requestId, pin, narration }),
    response: Transaction,
    errors: [
      'INVALID_PIN',
      'PIN_LOCKED',
      'PIN_NOT_SET',
      'PIN_CHANGED',
      'INVALID_REQUEST_ID',
      'THIRD_PARTY_TRANSFERS_DISABLED',
      'SETTLEMENT_COOLING_OFF',
      'INSUFFICIENT_FUNDS',
      'TRANSFER_LIMIT_EXCEEDED',
      'DAILY_LIMIT_EXCEEDED',
      'IDEMPOTENCY_KEY_REUSED',
    ],
  }),
  transferCharges: endpoint({
    method: 'GET',
    path: '/transfer/charges',
    summary: 'The charge tiers, and the fee that applies to an amount (kobo).',
    query: v.object({
      amount: v.pipe(
        v.union([v.string(), v.number()], 'must be a whole number of kobo'),
        v.transform((x) => (typeof x === 'string' && x.trim() !== '' ? Number(x) : x)),
        amountKobo,
      ),
    }),
    response: v.object({ tiers: v.array(ChargeTier), tier: v.nullable(v.picklist(CHARGE_TIER_NAMES)), fee: kobo }),
  }),
  vendorCharges: endpoint({
    method: 'GET',
    path: '/vendor/charges',
    summary: 'The charge tiers that apply to this vendor and who bears collection charges.',
    response: v.object({ tiers: v.array(ChargeTier), chargeBearer: v.picklist(CHARGE_BEARERS) }),
  }),
  setChargeBearer: endpoint({
    method: 'PATCH',
    path: '/vendor/charge-bearer',
    summary: 'Choose who bears collection charges: the vendor or the customer.',
    permission: 'VENDOR_SETTINGS',
    body: v.object({ chargeBearer: v.picklist(CHARGE_BEARERS, 'must be vendor or customer') }),
    response: v.object({ chargeBearer: v.picklist(CHARGE_BEARERS) }),
  }),
  thirdPartyTransfers: endpoint({
    method: 'GET',
    path: '/vendor/third-party-transfers',
    summary: 'Whether money may be sent to accounts other than the settlement account.',
    response: v.object({ isEnabled: v.boolean() }),
  }),
  setThirdPartyTransfers: endpoint({
    method: 'PATCH',
    apiKey: false,
    path: '/vendor/third-party-transfers',
    summary: 'Turn third-party transfers on or off; needs the PIN. Turning them on is audited and the owner is told.',
    // As sensitive as the settlement account (decision 087): either one decides where the wallet's money can go.
    permission: ['VENDOR_SETTINGS', 'VENDOR_TRANSFERS'],
    body: v.object({ isEnabled: v.boolean('must be true or false'), pin }),
    response: v.object({ isEnabled: v.boolean() }),
    errors: ['INVALID_PIN', 'PIN_LOCKED'],
  }),
  /** Not called by the app: the banking provider's notice of an inbound transfer to a virtual account. */
  bankInbound: endpoint({
    method: 'POST',
    path: '/webhooks/bank/inbound',
    credential: 'provider-signature',
    summary:
      'Inbound transfer notice from the banking provider (the sandbox command in development). Authenticated by an HMAC-SHA256 signature of the raw body in X-Provider-Signature; idempotent on the provider reference and on the NIP session ID (one transfer notified under two references is credited once).',
    access: 'public',
    body: v.object({
      accountNumber,
      amount: amountKobo,
      providerReference: requestId,
      sessionId: v.pipe(v.string('is required'), v.regex(/^\d{30}$/, 'must be 30 digits')),
      originatorAccountName: v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(100)),
      originatorBankName: v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(100)),
      originatorAccountNumber: accountNumber,
      narration,
    }),
    response: v.object({ transactionId: v.string(), duplicate: v.boolean() }),
    errors: ['NOT_FOUND', 'AMOUNT_TOO_LARGE'],
  }),
  /** Not called by the app: Paystack's webhook (BANK_PROVIDER=paystack; 404 with any other provider). */
  paystackWebhook: endpoint({
    method: 'POST',
    path: '/webhooks/paystack',
    credential: 'paystack-signature',
    summary:
      "Paystack's events: charge.success into a wallet's or an order's account credits it once (de-duplicated on Paystack's reference and the NIP session ID); transfer.success, transfer.failed and transfer.reversed settle or reverse the send once. Authenticated by x-paystack-signature, the HMAC-SHA512 of the raw body with the secret key; anything else is acknowledged and ignored.",
    access: 'public',
    body: v.looseObject({
      event: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(100)),
      data: v.looseObject({}),
    }),
    response: v.object({ handled: v.boolean() }),
    errors: ['NOT_FOUND', 'AMOUNT_TOO_LARGE'],
  }),
}
