import type { outletEndpoints } from '#contract/outlets'

import { idempotencyKeyOf } from '../http/idempotency'
import type { HandlersFor } from '../http/types'
import { findTransaction, listTransactions, toTransaction } from '../money/transaction-queries'
import { createOutlet, setOutletStatus } from '../outlets/create'
import { listOutlets, outletView } from '../outlets/list'
import { addOutletMember, listOutletMembers, removeOutletMember } from '../outlets/members'
import { outletFor } from '../outlets/scope'
import { OUTLET_TRANSFER_MESSAGE, transferWithOutlet } from '../outlets/transfers'

/*
 * Outlets (branches) with their own wallets and members, issue 6. Permissions come from the contract (register.ts
 * checks them); which outlet the caller may see, and whether they may act for it, is outlets/scope.ts's call.
 */
export const outletHandlers: HandlersFor<typeof outletEndpoints> = {
  async listOutlets({ auth, db, query }) {
    return { data: await listOutlets(db, auth, query) }
  },

  async outletDetail({ auth, db, query }) {
    return { data: await outletView(db, auth, query.outletId) }
  },

  async createOutlet({ auth, body, deps }) {
    return { data: await createOutlet(deps, auth, body), message: 'Outlet created' }
  },

  async setOutletStatus({ auth, body, db }) {
    const outlet = await setOutletStatus(db, auth, body.outletId, body.status)
    return { data: outlet, message: outlet.status === 'active' ? 'Outlet activated' : 'Outlet deactivated' }
  },

  async outletWalletDetails({ auth, db, query }) {
    const { wallet } = await outletFor(db, auth, query.outletId, { acting: true })
    const { bankName, accountNumber, accountName } = wallet
    // No number yet: the provider has not given it (decision 142), and the screen says "Account being created".
    return { data: { bankName: bankName ?? '', accountNumber, accountName: accountName ?? '' } }
  },

  async outletWalletBalance({ auth, db, query }) {
    const { wallet } = await outletFor(db, auth, query.outletId, { acting: true })
    return { data: { balance: wallet.balance, currency: wallet.currency } }
  },

  async fundOutlet({ auth, body, c, db, deps }) {
    const input = { ...body, idempotencyKey: idempotencyKeyOf(c) }
    const data = await transferWithOutlet(db, auth, 'to-outlet', input, deps.clock.now())
    return { data, message: OUTLET_TRANSFER_MESSAGE }
  },

  async transferToMain({ auth, body, c, db, deps }) {
    const input = { ...body, idempotencyKey: idempotencyKeyOf(c) }
    const data = await transferWithOutlet(db, auth, 'to-main', input, deps.clock.now())
    return { data, message: OUTLET_TRANSFER_MESSAGE }
  },

  async outletTransactions({ auth, db, query }) {
    const { wallet } = await outletFor(db, auth, query.outletId, { acting: true })
    return { data: await listTransactions(db, auth.vendorId, query, { walletId: wallet.id }) }
  },

  async outletTransactionDetail({ auth, db, query }) {
    const { wallet } = await outletFor(db, auth, query.outletId, { acting: true })
    return { data: toTransaction(await findTransaction(db, auth.vendorId, { id: query.id }, { walletId: wallet.id })) }
  },

  async listOutletMembers({ auth, db, query }) {
    return { data: await listOutletMembers(db, auth, query) }
  },

  async addOutletMember({ auth, body, db }) {
    return { data: await addOutletMember(db, auth, body), message: 'Member added to outlet' }
  },

  async removeOutletMember({ auth, db, query }) {
    await removeOutletMember(db, auth, query)
    return { data: null, message: 'Member removed from outlet' }
  },
}
