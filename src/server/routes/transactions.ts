import type { transactionEndpoints } from '#contract/transactions'

import { analyticsRange } from '../analytics'
import { describeError } from '../errors'
import type { HandlersFor } from '../http/types'
import { transactionBreakdown, transactionTotals } from '../money/analytics'
import { exportTransactions } from '../money/transaction-export'
import { findTransaction, listTransactions, markAsPos, toTransaction } from '../money/transaction-queries'

export const transactionHandlers: HandlersFor<typeof transactionEndpoints> = {
  async listTransactions({ auth, db, query }) {
    return { data: await listTransactions(db, auth.vendorId, query) }
  },

  async exportTransactions({ auth, db, deps, query }) {
    return exportTransactions(db, auth.vendorId, query, {
      onError: (error) => deps.logger.error('[api] exportTransactions failed mid-file:', describeError(error)),
    })
  },

  async transactionDetail({ auth, db, query }) {
    return { data: toTransaction(await findTransaction(db, auth.vendorId, query)) }
  },

  async markPos({ auth, body, db, deps }) {
    const marked = await markAsPos(db, auth.vendorId, body.id, deps.clock.now())
    return { data: toTransaction(marked), message: 'Transaction marked as POS' }
  },

  async transactionAnalytics({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    return { data: await transactionTotals(db, auth.vendorId, start, end) }
  },

  async transactionBreakdown({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    return { data: await transactionBreakdown(db, auth.vendorId, start, end) }
  },
}
