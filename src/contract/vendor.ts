import * as v from 'valibot'

import { VendorStatus } from './auth'
import { BusinessDetails } from './business'
import { kobo } from './common'
import { endpoint } from './endpoint'

/** The business address printed on invoices, receipts and statements: one free-text block (issue 42). */
export const MAX_BUSINESS_ADDRESS = 200

/**
 * A Nigerian Tax Identification Number as the vendor types it: FIRS TINs are 8 digits and a 4-digit suffix
 * (12345678-0001), JTB TINs 10 digits, and some are written without the hyphen. Checked loosely (decision 191):
 * 8 to 14 digits with at most one hyphen between digits.
 */
export const TIN_PATTERN = /^(?=(?:\d-?){8,14}$)\d+(?:-\d+)?$/

/** The vendor's profile: the business as its documents print it (decision 191), and the account's own fields. */
export const VendorProfile = v.object({
  id: v.string(),
  ...BusinessDetails.entries,
  url: v.nullable(v.string()),
  ownerName: v.string(),
  status: VendorStatus,
  createdAt: v.string(),
})

export type VendorProfile = v.InferOutput<typeof VendorProfile>

export const WalletBalance = v.object({ balance: kobo, currency: v.string() })
/** accountNumber is null while the provider is still creating the wallet's virtual account ("Account being created"). */
export const WalletDetails = v.object({ bankName: v.string(), accountNumber: v.nullable(v.string()), accountName: v.string() })

/**
 * The owner's opt-in to an SMS for each payment received while the app is closed (issue 37): off until turned on.
 * `sentTo` is the owner's phone as shown (masked), null when the owner has no phone that can take an SMS.
 */
export const PaymentSms = v.object({ isEnabled: v.boolean(), sentTo: v.nullable(v.string()) })

/** Empty text clears the field: a vendor may remove an address or TIN typed by mistake. */
const clearableText = <T extends v.GenericSchema<string, string>>(rules: T) =>
  v.pipe(
    v.string('must be text'),
    v.trim(),
    v.transform((text) => text || null),
    v.nullable(rules),
  )

/** The fields as a form types them (text, empty to clear); the app's Settings form checks with these. */
export const BusinessDetailsFields = {
  address: clearableText(v.pipe(v.string(), v.maxLength(MAX_BUSINESS_ADDRESS, `must be at most ${MAX_BUSINESS_ADDRESS} characters`))),
  tin: clearableText(v.pipe(v.string(), v.regex(TIN_PATTERN, 'must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)'))),
}

export const BusinessDetailsBody = v.object({
  address: v.nullable(BusinessDetailsFields.address),
  tin: v.nullable(BusinessDetailsFields.tin),
})

export const vendorEndpoints = {
  vendorProfile: endpoint({
    method: 'GET',
    path: '/vendor',
    summary: "The caller's vendor profile.",
    access: 'user',
    response: VendorProfile,
  }),
  updateBusinessDetails: endpoint({
    method: 'PATCH',
    path: '/vendor/business',
    summary: 'Set the business address and TIN printed on invoices, receipts and statements (null or empty text clears one).',
    permission: 'VENDOR_SETTINGS',
    body: BusinessDetailsBody,
    response: VendorProfile,
  }),
  walletBalance: endpoint({
    method: 'GET',
    path: '/vendor/wallet/balance',
    summary: 'Available balance of the main wallet, in kobo.',
    permission: 'VENDOR_WALLET',
    response: WalletBalance,
  }),
  walletDetails: endpoint({
    method: 'GET',
    path: '/vendor/wallet/details',
    summary: "The main wallet's virtual bank-transfer account.",
    permission: 'VENDOR_WALLET',
    response: WalletDetails,
  }),
  paymentSms: endpoint({
    method: 'GET',
    path: '/vendor/payment-sms',
    summary: 'Whether each payment received while the app is closed is also sent to the owner by SMS (only the owner changes it).',
    response: PaymentSms,
  }),
  setPaymentSms: endpoint({
    method: 'PATCH',
    path: '/vendor/payment-sms',
    summary: 'Owner only: turn the payment SMS on or off. It goes to the owner’s phone, so only the owner decides.',
    body: v.object({ isEnabled: v.boolean('must be true or false') }),
    response: PaymentSms,
    errors: ['OWNER_ONLY'],
  }),
}
