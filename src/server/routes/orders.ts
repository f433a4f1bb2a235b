import type { Context } from 'hono'

import type { orderEndpoints } from '#contract/orders'

import { analyticsRange } from '../analytics'
import type { Auth } from '../auth/sessions'
import { orderLocation, withLocations } from '../catalogue/locations'
import { sendLowStockNotices } from '../catalogue/stock'
import { listVariants } from '../catalogue/variants'
import type { Db } from '../db/client'
import type { OrderRow } from '../db/sales-schema'
import type { AppDeps } from '../deps'
import { withoutCost } from '../http/cost-visibility'
import { idempotencyKeyOf, recoverStaleClaimsWith } from '../http/idempotency'
import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'
import { verifyPin } from '../money/pin'
import { orderAnalytics, orderBreakdown } from '../orders/analytics'
import { createOrder, type NewOrder, type OrderActor, orderByIdempotencyKey } from '../orders/create'
import { setInvoiceDueDate } from '../orders/due-date'
import { listOrders } from '../orders/list'
import { ensurePaymentAccount, LAZY_PAYMENT_ACCOUNT_WAIT_MS } from '../orders/payment-accounts'
import { findOrder } from '../orders/queries'
import { refundOrder } from '../orders/refunds'
import { changeOrderStatus } from '../orders/status'
import { orderView, publicOrderView } from '../orders/view'

const actorOf = (auth: Auth): OrderActor => ({ vendorId: auth.vendorId, userId: auth.userId, name: auth.user.name })

const REFUND_MESSAGES = {
  success: 'Refund sent to the customer',
  pending: 'Refund is processing; the order will update when the bank answers',
  failed: 'Refund failed and your balance has been restored',
} as const

/** What POST /order and POST /order/shareable answer for the order they created. */
async function createdAnswer(db: Db, order: OrderRow, origin: string, now: Date) {
  const data = await orderView(db, order.vendorId, order.reference, origin, now)
  return { data, message: `${order.kind === 'invoice' ? 'Invoice' : 'Order'} created` }
}

/** POST /order and POST /order/shareable: create, send the low-stock notices a credit's payment caused, answer the order. */
async function create(ctx: { auth: Auth; deps: AppDeps; c: Context }, input: NewOrder) {
  const outletId = await orderLocation(ctx.deps.db, ctx.auth, input.outletId)
  const order = { ...input, outletId, idempotencyKey: idempotencyKeyOf(ctx.c) }
  const { order: row, notices } = await createOrder(ctx.deps.db, actorOf(ctx.auth), order, ctx.deps.clock.now())
  await sendLowStockNotices(ctx.deps, notices)
  // Its own account to pay into, if the provider answers in time; never a reason to fail (decision 148).
  await ensurePaymentAccount(ctx.deps, row)
  return createdAnswer(ctx.deps.db, row, publicOrigin(ctx), ctx.deps.clock.now())
}

/**
 * An order whose process died before its answer was stored (decision 081): the order committed with the key on its
 * row, or nothing did. The answer is the order as it stands now.
 */
async function recoverCreatedOrder(db: Db, claim: { vendorId: string; key: string; origin: string }) {
  const row = await orderByIdempotencyKey(db, claim.vendorId, claim.key)
  if (!row) return null
  const answer = await createdAnswer(db, row, claim.origin, new Date())
  // Stored and replayed without register(), whose caller is not known here: cost is left out (decision 175).
  return { body: { message: answer.message, data: withoutCost(answer.data) } }
}
recoverStaleClaimsWith('createOrder', recoverCreatedOrder)
recoverStaleClaimsWith('createShareableOrder', recoverCreatedOrder)

export const orderHandlers: HandlersFor<typeof orderEndpoints> = {
  async listOrders({ auth, db, query }) {
    return { data: await listOrders(db, auth.vendorId, query) }
  },

  async orderDetail(ctx) {
    // An open order without an account (the provider was down when it was made) gets one now (decision 148).
    const order = await findOrder(ctx.db, ctx.auth.vendorId, ctx.query.reference)
    const payAccount = await ensurePaymentAccount(ctx.deps, order, LAZY_PAYMENT_ACCOUNT_WAIT_MS)
    return { data: await orderView(ctx.db, ctx.auth.vendorId, order.reference, publicOrigin(ctx), ctx.deps.clock.now(), { payAccount }) }
  },

  async createOrder(ctx) {
    return create(ctx, ctx.body)
  },

  async createShareableOrder(ctx) {
    return create(ctx, { ...ctx.body, shareable: true })
  },

  async updateOrderStatus(ctx) {
    const order = await changeOrderStatus(ctx.db, actorOf(ctx.auth), ctx.body, ctx.deps.clock.now())
    const message = order.kind === 'invoice' ? 'Invoice status updated' : 'Order status updated'
    return { data: await orderView(ctx.db, ctx.auth.vendorId, order.reference, publicOrigin(ctx), ctx.deps.clock.now()), message }
  },

  async setInvoiceDueDate(ctx) {
    const order = await setInvoiceDueDate(ctx.db, actorOf(ctx.auth), ctx.body, ctx.deps.clock.now())
    const message = order.dueDate ? 'Due date updated' : 'Due date removed'
    return { data: await orderView(ctx.db, ctx.auth.vendorId, order.reference, publicOrigin(ctx), ctx.deps.clock.now()), message }
  },

  async refundOrder(ctx) {
    // The refunding person's PIN, with Send Money's lockout (decision 086); a wrong one stops it before any read.
    await verifyPin(ctx.db, ctx.auth.user, ctx.body.pin)
    const { order, transaction } = await refundOrder(ctx.deps, actorOf(ctx.auth), {
      reference: ctx.body.reference,
      amount: ctx.body.amount,
      narration: ctx.body.narration,
      refundAccount: ctx.body.refundAccount,
      idempotencyKey: idempotencyKeyOf(ctx.c),
    })
    const data = await orderView(ctx.db, ctx.auth.vendorId, order.reference, publicOrigin(ctx), ctx.deps.clock.now())
    return { data, message: REFUND_MESSAGES[transaction.status] }
  },

  async listShareableOrders({ auth, db, query }) {
    return { data: await listOrders(db, auth.vendorId, { ...query, isShareable: true }) }
  },

  async publicOrder({ deps, query }) {
    return { data: await publicOrderView(deps, query.code) }
  },

  async sellableVariants(ctx) {
    const found = await listVariants(ctx.db, ctx.auth.vendorId, { ...ctx.query, sellable: true }, publicOrigin(ctx))
    return { data: { ...found, items: await withLocations(ctx.db, ctx.auth, found.items) } }
  },

  async orderAnalytics({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    const { kind, status, customerId } = query
    return { data: await orderAnalytics(db, auth.vendorId, start, end, { kind, status, customerId }) }
  },

  async orderBreakdown({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    return { data: await orderBreakdown(db, auth.vendorId, start, end, query.kind) }
  },
}
