import type { customerEndpoints } from '#contract/customers'

import { analyticsRange } from '../analytics'
import { customerAnalytics, customerBreakdown } from '../customers/analytics'
import { customerInfo } from '../customers/info'
import { listCustomers } from '../customers/list'
import type { HandlersFor } from '../http/types'

/** Customers, made by orders and transfers (see docs/decisions/038), and their analytics. Read-only here. */
export const customerHandlers: HandlersFor<typeof customerEndpoints> = {
  async listCustomers({ auth, db, query }) {
    return { data: await listCustomers(db, auth.vendorId, query) }
  },

  async customerInfo({ auth, db, query }) {
    return { data: await customerInfo(db, auth.vendorId, query.customerId) }
  },

  async customerAnalytics({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    return { data: await customerAnalytics(db, auth.vendorId, start, end) }
  },

  async customerBreakdown({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    return { data: await customerBreakdown(db, auth.vendorId, start, end) }
  },
}
