import { and, desc, eq, gt, ne } from 'drizzle-orm'

import type { OrderPaymentAccount } from '#contract/orders'
import { UNPAID_STATUSES } from '#contract/orders'

import { lagosDate } from '../analytics'
import { DAY_MS, HOUR_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { customers, type OrderPaymentAccountRow, orderPaymentAccounts, type OrderRow, orders } from '../db/sales-schema'
import { transactions, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueue } from '../jobs/queue'
import { UNATTACHED_CREDIT } from '../money/transaction-queries'

/*
 * Pay by transfer per order (issue 36): each open order or invoice gets a temporary account of its own at the
 * banking provider; money into it pays that order with no narration (inbound.ts). How long it lasts is decision
 * 147; when it is made (at creation if the provider answers, else when the order or its page is shown) is 148.
 */

/** An order is paid there and then (at the counter, from a pay link): its account lasts a day. */
export const ORDER_ACCOUNT_MS = 24 * HOUR_MS
/** An invoice without a due date, or past it and still unpaid: a week at a time. */
export const INVOICE_ACCOUNT_MS = 7 * DAY_MS
/** How long order creation or a page waits for the provider before going on without the account (decision 148). */
export const PAYMENT_ACCOUNT_WAIT_MS = 5_000

/** Pages made on the spot wait less than order creation: the page shows the main account meanwhile. */
export const LAZY_PAYMENT_ACCOUNT_WAIT_MS = 2_000

export type PaymentAccountDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'paymentAccounts'>

/** Money into the order's account pays it only while it still owes something and is not cancelled. */
export const isOpenForPayment = (order: Pick<OrderRow, 'status' | 'amount' | 'amountPaid'>) =>
  UNPAID_STATUSES.includes(order.status) && order.amountPaid < order.amount

/**
 * When a new account for this order should expire (decision 147): an order's a day after it is made; an invoice's
 * at the end of its due date in Lagos (UTC+1 all year), or a week on when it has none or it has passed.
 */
export function paymentAccountExpiry(order: Pick<OrderRow, 'kind' | 'dueDate'>, now: Date): Date {
  if (order.kind === 'order') return new Date(now.getTime() + ORDER_ACCOUNT_MS)
  if (order.dueDate) {
    // The first instant of the Lagos day after the due date.
    const endOfDue = new Date(new Date(`${order.dueDate}T00:00:00+01:00`).getTime() + DAY_MS)
    if (endOfDue > now) return endOfDue
  }
  return new Date(now.getTime() + INVOICE_ACCOUNT_MS)
}

/** Whether a credit into this account at `at` pays its order (checked under the order's lock by inbound.ts). */
export const accountTakesPayment = (account: OrderPaymentAccountRow, order: OrderRow, at: Date) =>
  account.status === 'active' && account.expiresAt > at && isOpenForPayment(order)

/** The account an inbound notice names, if it is one of the orders' (checked before the wallets'). */
export async function orderAccountByNumber(db: Db, accountNumber: string): Promise<OrderPaymentAccountRow | undefined> {
  const [row] = await db.select().from(orderPaymentAccounts).where(eq(orderPaymentAccounts.accountNumber, accountNumber))
  return row
}

/** What the order shows: its account while the order is open and the account lasts, else none. */
export async function shownPaymentAccount(db: Db, order: OrderRow, now: Date): Promise<OrderPaymentAccount | null> {
  // Read whatever the status, so that an order costs the same statements paid or not (tests/server/orders/queries).
  const row = await lastingAccount(db, order, now)
  return row && isOpenForPayment(order) ? toPaymentAccount(row) : null
}

/** Credits paid into the order's account after it closed that nobody has matched to an order yet (decision 147). */
export async function unattachedPaymentsOf(db: Db, order: OrderRow) {
  const rows = await db
    .select({ id: transactions.id, reference: transactions.reference, amount: transactions.amount, createdAt: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.vendorId, order.vendorId), eq(transactions.paidIntoOrderAccount, order.reference), UNATTACHED_CREDIT))
    .orderBy(desc(transactions.createdAt))
  return rows.map((row) => ({
    transactionId: row.id,
    reference: row.reference,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** The order's newest account that still lasts, whatever the order's status. */
async function lastingAccount(db: Db, order: OrderRow, now: Date) {
  const [row] = await db
    .select()
    .from(orderPaymentAccounts)
    .where(
      and(
        eq(orderPaymentAccounts.vendorId, order.vendorId),
        eq(orderPaymentAccounts.orderId, order.id),
        eq(orderPaymentAccounts.status, 'active'),
        gt(orderPaymentAccounts.expiresAt, now),
      ),
    )
    .orderBy(desc(orderPaymentAccounts.createdAt))
    .limit(1)
  return row
}

/** As the contract shows it: the account with its expiry (the app writes it in Lagos time). */
export const toPaymentAccount = (row: OrderPaymentAccountRow): OrderPaymentAccount => ({
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  bankName: row.bankName,
  amount: row.amount,
  expiresAt: row.expiresAt.toISOString(),
})

/** The customer's e-mail where there is one, else the vendor's: a provider's charge needs one. */
async function chargeEmail(db: Db, order: OrderRow): Promise<string> {
  const [row] = await db
    .select({ customerEmail: customers.email, vendorEmail: vendors.email })
    .from(vendors)
    .leftJoin(customers, and(eq(customers.vendorId, order.vendorId), eq(customers.id, order.customerId ?? '')))
    .where(eq(vendors.id, order.vendorId))
  return row?.customerEmail ?? row?.vendorEmail ?? 'payments@example.ng'
}

/** This process's memory of orders whose account the provider just failed to make: asked again after a while. */
const recentFailures = new Map<string, number>()
export const RETRY_AFTER_MS = 30_000

function withinWait<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the provider did not answer within ${ms} ms`)), ms)
    timer.unref()
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * The open order's account, made with the provider when it has none that lasts. Never throws: a provider that is
 * down or slow leaves the order without one (null), a job on the queue asks again (decision 148), and so does the
 * next showing of the order. The provider answers the same account for the same order while it lasts, so two
 * callers at once store one row.
 */
export async function ensurePaymentAccount(
  deps: PaymentAccountDeps,
  order: OrderRow,
  waitMs = PAYMENT_ACCOUNT_WAIT_MS,
): Promise<OrderPaymentAccountRow | null> {
  const now = deps.clock.now()
  try {
    return await makePaymentAccount(deps, order, { waitMs, throttle: true })
  } catch (error) {
    if (recentFailures.size >= 10_000) recentFailures.clear()
    recentFailures.set(order.id, now.getTime())
    deps.logger.warn(`[orders] no payment account for ${order.reference} yet: ${error instanceof Error ? error.message : String(error)}`)
    await retryLater(deps, order, now)
    return null
  }
}

/** One retry job per order and Lagos day on the queue (decision 141): backed off, whoever shows the order meanwhile. */
async function retryLater(deps: PaymentAccountDeps, order: OrderRow, now: Date): Promise<void> {
  try {
    await enqueue(deps.db, {
      kind: 'create-order-account',
      payload: { orderId: order.id },
      runAt: new Date(now.getTime() + RETRY_AFTER_MS),
      dedupeKey: `order-account:${order.id}:${lagosDate(now)}`,
      maxAttempts: 10,
    })
  } catch (error) {
    deps.logger.warn(`[orders] could not queue a retry of ${order.reference}'s account: ${String(error)}`)
  }
}

/** The queue's job: the order's account, or a throw so that the queue tries again later. */
export async function paymentAccountJob(deps: PaymentAccountDeps, orderId: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (order) await makePaymentAccount(deps, order, { waitMs: PAYMENT_ACCOUNT_WAIT_MS, throttle: false })
}

/** ensurePaymentAccount's work; throws when the provider fails. Null when the order takes no payment, or is throttled. */
async function makePaymentAccount(
  deps: PaymentAccountDeps,
  order: OrderRow,
  { waitMs, throttle }: { waitMs: number; throttle: boolean },
): Promise<OrderPaymentAccountRow | null> {
  const { db } = deps
  const now = deps.clock.now()
  // Read whatever the status, so that an order costs the same statements paid or not.
  const lasting = await lastingAccount(db, order, now)
  if (!isOpenForPayment(order)) return null
  if (lasting) return lasting
  // A provider that just failed for this order is not asked again at every showing of its page.
  const failedAt = recentFailures.get(order.id)
  if (throttle && failedAt !== undefined && now.getTime() - failedAt < RETRY_AFTER_MS) return null
  const made = await withinWait(
    deps.paymentAccounts.createPaymentAccount({
      orderReference: order.reference,
      amount: order.amount - order.amountPaid,
      email: await chargeEmail(db, order),
      expiresAt: paymentAccountExpiry(order, now),
    }),
    waitMs,
  )
  recentFailures.delete(order.id)
  const [stored] = await db
    .insert(orderPaymentAccounts)
    .values({
      vendorId: order.vendorId,
      orderId: order.id,
      accountNumber: made.accountNumber,
      accountName: made.accountName,
      bankName: made.bankName,
      providerReference: made.providerReference,
      amount: order.amount - order.amountPaid,
      expiresAt: made.expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: orderPaymentAccounts.accountNumber })
    .returning()
  let row = stored ?? (await orderAccountByNumber(db, made.accountNumber))
  if (!row || row.orderId !== order.id) throw new Error(`account ${made.accountNumber} is another order's`)
  if (row.status !== 'active') {
    // The provider still holds this account for the order (an order cancelled, then reopened, within its time).
    ;[row] = await db
      .update(orderPaymentAccounts)
      .set({ status: 'active', expiresAt: made.expiresAt, updatedAt: now })
      .where(eq(orderPaymentAccounts.id, row.id))
      .returning()
    if (!row) throw new Error(`account ${made.accountNumber} vanished`)
  }
  // The order's earlier accounts have run out: say so, so that only one is ever active.
  await db
    .update(orderPaymentAccounts)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(orderPaymentAccounts.vendorId, order.vendorId),
        eq(orderPaymentAccounts.orderId, order.id),
        eq(orderPaymentAccounts.status, 'active'),
        ne(orderPaymentAccounts.id, row.id),
      ),
    )
  return row
}

/**
 * After a credit into the account (inside its transaction, the order locked): an account whose order no longer
 * takes payment is closed, one past its time expired, so the vendor's records say why the next credit did not pay.
 */
export async function settleAccountStatus(tx: Tx, account: OrderPaymentAccountRow, order: OrderRow, at: Date): Promise<void> {
  if (account.status !== 'active') return
  const status = !isOpenForPayment(order) ? 'closed' : account.expiresAt <= at ? 'expired' : null
  if (!status) return
  await tx
    .update(orderPaymentAccounts)
    .set({ status, updatedAt: at })
    .where(and(eq(orderPaymentAccounts.vendorId, account.vendorId), eq(orderPaymentAccounts.id, account.id)))
}

/** ensurePaymentAccount for an order known by its reference (unique across vendors): the pay link's checkout. */
export async function ensurePaymentAccountOf(deps: PaymentAccountDeps, reference: string): Promise<OrderPaymentAccountRow | null> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.reference, reference))
  return order ? ensurePaymentAccount(deps, order) : null
}
