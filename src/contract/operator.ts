import * as v from 'valibot'

import { email } from './common'
import { endpoint } from './endpoint'

/*
 * The operator's calls (decision 065): what `npm run admin` does, over HTTP so it works while `npm start` holds the
 * PGlite data directory. Not called by the app. Authenticated by the X-Operator-Key header (DATA_DIR/operator.key
 * or OPERATOR_KEY), not by a vendor session: an operator is not a user of any vendor.
 */

export const VENDOR_STATUSES = ['pending_verification', 'under_review', 'approved', 'rejected'] as const
export const VendorStatus = v.picklist(VENDOR_STATUSES, 'must be pending_verification, under_review, approved or rejected')
export type VendorStatus = v.InferOutput<typeof VendorStatus>

export const OPERATOR_KEY_HEADER = 'x-operator-key'

export const operatorEndpoints = {
  operatorVendors: endpoint({
    method: 'GET',
    path: '/operator/vendors',
    credential: 'operator-key',
    summary: 'Every vendor (or those in one status), oldest first, with how far onboarding went. X-Operator-Key.',
    access: 'public',
    query: v.object({ status: v.optional(VendorStatus) }),
    response: v.array(
      v.object({
        name: v.string(),
        email: v.string(),
        phone: v.nullable(v.string()),
        status: VendorStatus,
        url: v.nullable(v.string()),
        phoneVerified: v.boolean(),
        kycSubmitted: v.boolean(),
        shopSetUp: v.boolean(),
        createdAt: v.string(),
      }),
    ),
    errors: ['RATE_LIMITED'],
  }),
  operatorVendorStatus: endpoint({
    method: 'POST',
    path: '/operator/vendor-status',
    credential: 'operator-key',
    summary:
      'Set the status of the vendor one of whose users has this email; approving or rejecting emails the owner. ' +
      '404 when no user has it. X-Operator-Key.',
    access: 'public',
    body: v.object({ email, status: VendorStatus }),
    response: v.object({ name: v.string(), email: v.string(), from: VendorStatus, status: VendorStatus }),
  }),
}
