import type { disputeEndpoints } from '#contract/disputes'

import { listDisputeCategories } from '../disputes/categories'
import { listMessages, sendVendorMessage } from '../disputes/conversation'
import { escalateDispute } from '../disputes/escalate'
import { openDispute } from '../disputes/open'
import { listDisputes, loadDisputeInfo } from '../disputes/read'
import type { HandlersFor } from '../http/types'

/** Disputes against the vendor's orders: who writes what is in docs/decisions/037. */
export const disputeHandlers: HandlersFor<typeof disputeEndpoints> = {
  async listDisputes({ auth, db, query }) {
    return { data: await listDisputes(db, auth.vendorId, query) }
  },

  async disputeInfo({ auth, db, query }) {
    return { data: await loadDisputeInfo(db, auth.vendorId, query.disputeId) }
  },

  async createDispute({ auth, body, db, deps }) {
    const data = await openDispute(db, auth.vendorId, auth.user, body, deps.clock.now())
    return { data, message: 'Dispute opened' }
  },

  async disputeCategories({ db, query }) {
    return { data: await listDisputeCategories(db, query) }
  },

  async disputeConversation({ auth, db, query }) {
    return { data: await listMessages(db, auth.vendorId, query) }
  },

  async sendDisputeMessage({ auth, body, db, deps }) {
    const data = await sendVendorMessage(db, auth.vendorId, auth.user, body, deps.clock.now())
    return { data, message: 'Message sent' }
  },

  async escalateDispute({ auth, body, db, deps }) {
    const data = await escalateDispute(db, auth.vendorId, auth.user, body, deps.clock.now())
    return { data, message: 'Dispute escalated to admin' }
  },
}
