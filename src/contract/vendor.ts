import * as v from 'valibot'

import { VendorStatus } from './auth'
import { kobo } from './common'
import { endpoint } from './endpoint'

export const VendorProfile = v.object({
  id: v.string(),
  name: v.string(),
  url: v.nullable(v.string()),
  email: v.string(),
  phone: v.nullable(v.string()),
  ownerName: v.string(),
  status: VendorStatus,
  createdAt: v.string(),
})

export const WalletBalance = v.object({ balance: kobo, currency: v.string() })
/** accountNumber is null while the provider is still creating the wallet's virtual account ("Account being created"). */
export const WalletDetails = v.object({ bankName: v.string(), accountNumber: v.nullable(v.string()), accountName: v.string() })

/**
 * The owner's opt-in to an SMS for each payment received while the app is closed (issue 37): off until turned on.
 * `sentTo` is the owner's phone as shown (masked), null when the owner has no phone that can take an SMS.
 */
export const PaymentSms = v.object({ isEnabled: v.boolean(), sentTo: v.nullable(v.string()) })

export const vendorEndpoints = {
  vendorProfile: endpoint({
    method: 'GET',
    path: '/vendor',
    summary: "The caller's vendor profile.",
    access: 'user',
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
