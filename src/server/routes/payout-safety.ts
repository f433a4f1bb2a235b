import type { payoutSafetyEndpoints } from '#contract/payout-safety'

import type { HandlersFor } from '../http/types'
import { cancelSettlementChange } from '../money/money-routing'
import { readSendLimits, setSendLimits } from '../money/send-limits'
import { settlementOf } from './banking'

/** Send Money's limits and cancelling a settlement change that cools off (decisions 143, 144). */
export const payoutSafetyHandlers: HandlersFor<typeof payoutSafetyEndpoints> = {
  async sendLimits({ auth, deps }) {
    return { data: await readSendLimits(deps, auth.vendorId) }
  },

  async setSendLimits({ auth, body, deps }) {
    const limits = await setSendLimits(deps, auth, body)
    const message = limits.pendingRaise ? 'Limits saved: the higher limits apply after the waiting period' : 'Limits saved'
    return { data: limits, message }
  },

  async cancelSettlementChange({ auth, body, deps }) {
    const vendor = await cancelSettlementChange(deps, auth, body)
    return { data: await settlementOf(deps, vendor), message: 'Settlement account change cancelled' }
  },
}
