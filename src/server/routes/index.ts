import type { EndpointName, Endpoints } from '#contract/index'

import { apiKeyHandlers } from '../api-keys/handlers'
import type { Guard, Handler } from '../http/types'
import { authHandlers } from './auth'
import { bankingSettingsHandlers } from './banking'
import { beneficiaryHandlers } from './beneficiaries'
import { catalogueHandlers } from './catalogue'
import { catalogueCsvHandlers } from './catalogue-csv'
import { creditAttachHandlers } from './credit-attach'
import { creditNoteHandlers } from './credit-notes'
import { customerHandlers } from './customers'
import { disputeHandlers } from './disputes'
import { domainHandlers } from './domains'
import { onboardingHandlers } from './onboarding'
import { operatorHandlers, verifyOperatorKey } from './operator'
import { orderHandlers } from './orders'
import { outletHandlers } from './outlets'
import { payoutBatchHandlers } from './payout-batches'
import { payoutSafetyHandlers } from './payout-safety'
import { paystackHandlers, verifyPaystackWebhook } from './paystack'
import { pinHandlers } from './pin'
import { sellingTermsHandlers } from './selling-terms'
import { serverModeHandlers } from './server-mode'
import { statementHandlers } from './statements'
import { stockHandlers } from './stock'
import { storefrontHandlers } from './storefront'
import { teamHandlers } from './team'
import { transactionHandlers } from './transactions'
import { moneyHandlers, verifyBankSignature } from './transfers'
import { vendorHandlers } from './vendor'
import { webhookHandlers } from './webhooks'
import { websiteHandlers } from './website'

/** Every endpoint of the contract has exactly one handler: adding an endpoint without one fails type-checking. */
export const handlers: { [K in EndpointName]: Handler<Endpoints[K]> } = {
  ...authHandlers,
  ...vendorHandlers,
  ...transactionHandlers,
  ...creditAttachHandlers,
  ...statementHandlers,
  ...bankingSettingsHandlers,
  ...payoutSafetyHandlers,
  ...moneyHandlers,
  ...paystackHandlers,
  ...beneficiaryHandlers,
  ...payoutBatchHandlers,
  ...pinHandlers,
  ...catalogueHandlers,
  ...catalogueCsvHandlers,
  ...stockHandlers,
  ...sellingTermsHandlers,
  ...orderHandlers,
  ...creditNoteHandlers,
  ...customerHandlers,
  ...disputeHandlers,
  ...outletHandlers,
  ...teamHandlers,
  ...onboardingHandlers,
  ...websiteHandlers,
  ...storefrontHandlers,
  ...domainHandlers,
  ...operatorHandlers,
  ...serverModeHandlers,
  ...apiKeyHandlers,
  ...webhookHandlers,
}

/** Checks that run before an endpoint's input is parsed (see Guard). */
export const guards: Partial<Record<EndpointName, Guard>> = {
  bankInbound: verifyBankSignature,
  paystackWebhook: verifyPaystackWebhook,
  operatorVendors: verifyOperatorKey,
  operatorVendorStatus: verifyOperatorKey,
}
