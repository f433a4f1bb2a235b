import type { creditAttachEndpoints } from '#contract/credit-attach'

import { sendLowStockNotices } from '../catalogue/stock'
import type { HandlersFor } from '../http/types'
import { toTransaction } from '../money/transaction-queries'
import { attachCandidates, attachCredit } from '../orders/attach-credit'
import { toOrderSummary } from '../orders/summary'

export const creditAttachHandlers: HandlersFor<typeof creditAttachEndpoints> = {
  async attachCandidates({ auth, db, query }) {
    return { data: { items: await attachCandidates(db, auth.vendorId, query.id, query.search) } }
  },

  async attachCredit({ auth, body, deps }) {
    const { transaction, order, notices } = await attachCredit(
      deps.db,
      { vendorId: auth.vendorId, name: auth.user.name },
      { transactionId: body.id, orderReference: body.orderReference },
      deps.clock.now(),
    )
    // The first payment takes the order's stock; its low-stock notices leave after the commit, as for any payment.
    await sendLowStockNotices(deps, notices)
    return {
      data: { transaction: toTransaction(transaction), order: toOrderSummary(order) },
      message: `Credit attached to ${order.kind} ${order.reference}`,
    }
  },
}
