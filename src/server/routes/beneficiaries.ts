import type { beneficiaryEndpoints } from '#contract/beneficiaries'

import type { HandlersFor } from '../http/types'
import { recentBeneficiaries, removeBeneficiary, saveBeneficiary, savedBeneficiaryList } from '../money/beneficiaries'
import { enforce, LIMITS } from '../rate-limit'

/** Recent and saved accounts for Send Money (decision 145). */
export const beneficiaryHandlers: HandlersFor<typeof beneficiaryEndpoints> = {
  async listBeneficiaries({ auth, deps }) {
    const [recent, saved] = [await recentBeneficiaries(deps.db, auth.vendorId), await savedBeneficiaryList(deps, auth.vendorId)]
    return { data: { recent, saved } }
  },

  async saveBeneficiary({ auth, body, deps }) {
    // A save is a name enquiry: it counts on the same allowance as the enquiries of Send Money.
    await enforce(deps.rateLimiter, LIMITS.nameEnquiryPerUser, auth.userId)
    return { data: await saveBeneficiary(deps, auth, body), message: 'Account saved' }
  },

  async removeBeneficiary({ auth, deps, query }) {
    await removeBeneficiary(deps.db, auth.vendorId, query.id)
    return { data: null, message: 'Account removed' }
  },
}
