import type { vendorEndpoints } from '#contract/vendor'

import { notFound } from '../errors'
import { readPaymentSms, setPaymentSms } from '../events/payment-sms'
import type { HandlersFor } from '../http/types'
import { vendorWallet } from '../money/ledger'
import { setBusinessDetails, vendorProfile } from '../vendor/business'

export const vendorHandlers: HandlersFor<typeof vendorEndpoints> = {
  async vendorProfile({ auth, db }) {
    return { data: await vendorProfile(db, auth.vendorId) }
  },

  async updateBusinessDetails({ auth, body, db }) {
    return { data: await setBusinessDetails(db, auth.vendorId, body), message: 'Business details saved' }
  },

  async walletBalance({ auth, db }) {
    const wallet = await vendorWallet(db, auth.vendorId, 'main')
    if (!wallet) throw notFound('Wallet')
    return { data: { balance: wallet.balance, currency: wallet.currency } }
  },

  async walletDetails({ auth, db }) {
    const wallet = await vendorWallet(db, auth.vendorId, 'main')
    if (!wallet) throw notFound('Wallet account')
    // No number yet: the provider has not given it (decision 142), and the screen says "Account being created".
    return {
      data: {
        bankName: wallet.bankName ?? '',
        accountNumber: wallet.accountNumber,
        accountName: wallet.accountName ?? '',
      },
    }
  },
  async paymentSms({ auth, db }) {
    return { data: await readPaymentSms(db, auth) }
  },

  async setPaymentSms({ auth, body, db }) {
    const data = await setPaymentSms(db, auth, body.isEnabled)
    return { data, message: data.isEnabled ? 'Payments will be texted to you when the app is closed' : 'Payment texts are off' }
  },
}
