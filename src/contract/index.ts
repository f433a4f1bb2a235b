import { apiKeyEndpoints } from './api-keys'
import { authEndpoints } from './auth'
import { bankingEndpoints } from './banking'
import { beneficiaryEndpoints } from './beneficiaries'
import { catalogueEndpoints } from './catalogue'
import { catalogueCsvEndpoints } from './catalogue-csv'
import { creditAttachEndpoints } from './credit-attach'
import { creditNoteEndpoints } from './credit-notes'
import { customerEndpoints } from './customers'
import { disputeEndpoints } from './disputes'
import { domainEndpoints } from './domains'
import type { EndpointDef } from './endpoint'
import { onboardingEndpoints } from './onboarding'
import { operatorEndpoints } from './operator'
import { orderEndpoints } from './orders'
import { outletEndpoints } from './outlets'
import { payoutBatchEndpoints } from './payout-batches'
import { payoutSafetyEndpoints } from './payout-safety'
import { pinEndpoints } from './pin'
import { sellingTermsEndpoints } from './selling-terms'
import { serverModeEndpoints } from './server-mode'
import { statementEndpoints } from './statements'
import { stockEndpoints } from './stock'
import { storefrontEndpoints } from './storefront'
import { teamEndpoints } from './team'
import { transactionEndpoints } from './transactions'
import { vendorEndpoints } from './vendor'
import { webhookEndpoints } from './webhooks'
import { websiteEndpoints } from './website'

/** Every endpoint of the API, by name. The server registers each, tests iterate them, OpenAPI is made from them. */
export const endpoints = {
  ...authEndpoints,
  ...vendorEndpoints,
  ...transactionEndpoints,
  ...creditAttachEndpoints,
  ...statementEndpoints,
  ...bankingEndpoints,
  ...beneficiaryEndpoints,
  ...payoutBatchEndpoints,
  ...payoutSafetyEndpoints,
  ...pinEndpoints,
  ...catalogueEndpoints,
  ...catalogueCsvEndpoints,
  ...stockEndpoints,
  ...sellingTermsEndpoints,
  ...orderEndpoints,
  ...creditNoteEndpoints,
  ...customerEndpoints,
  ...disputeEndpoints,
  ...outletEndpoints,
  ...teamEndpoints,
  ...onboardingEndpoints,
  ...websiteEndpoints,
  ...storefrontEndpoints,
  ...domainEndpoints,
  ...operatorEndpoints,
  ...serverModeEndpoints,
  ...apiKeyEndpoints,
  ...webhookEndpoints,
} satisfies Record<string, EndpointDef>

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
