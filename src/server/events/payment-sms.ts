import { and, eq } from 'drizzle-orm'

import { maskedPhone, nationalNumber, smsAddress } from '../auth/phone'
import type { Auth } from '../auth/sessions'
import { MINUTE_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { type TransactionRow, transactions, users, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueue } from '../jobs/queue'
import { paymentReceivedMessage, personName } from '../messages/texts'
import { requireOwner } from '../onboarding/state'
import { appOpenBetween } from './stream-presence'

/*
 * "₦5,000 received from Chioma Okeke" by SMS when the app is closed, for owners who turn it on (issue 37, decision
 * 151). Each bank credit of a vendor who opted in enqueues one job in the credit's own transaction, keyed by the
 * credit, so it is texted at most once however the notice is replayed. The job runs after a grace period and
 * texts only if no event stream of the vendor was open on any process from the credit until then: an open app
 * showed the alert, and one reconnecting within the grace replays it.
 */

/** Long enough for an app that lost its stream (a tunnel, a switch of network) to be back. */
export const PAYMENT_SMS_GRACE_MS = MINUTE_MS

const ownerPhone = async (db: Db, vendorId: string) => {
  const [owner] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.role, 'owner')))
    .limit(1)
  return nationalNumber(owner?.phone)
}

/** In the credit's transaction: the job exists exactly when the credit does, and only for a vendor who opted in. */
export async function enqueuePaymentSms(tx: Tx, credit: TransactionRow): Promise<void> {
  const [vendor] = await tx.select({ on: vendors.paymentSms }).from(vendors).where(eq(vendors.id, credit.vendorId))
  if (!vendor?.on) return
  await enqueue(tx, {
    kind: 'payment-received-sms',
    payload: { vendorId: credit.vendorId, transactionId: credit.id },
    runAt: new Date(credit.createdAt.getTime() + PAYMENT_SMS_GRACE_MS),
    dedupeKey: `payment-sms:${credit.id}`,
  })
}

/** The job: still opted in, the app closed throughout, the owner has a phone: one SMS. A send failure is retried. */
export async function paymentSmsJob(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  { vendorId, transactionId }: { vendorId: string; transactionId: string },
  now: Date,
): Promise<void> {
  const [row] = await deps.db
    .select({ credit: transactions, business: vendors.name, on: vendors.paymentSms })
    .from(transactions)
    .innerJoin(vendors, eq(vendors.id, transactions.vendorId))
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, transactionId)))
  // Turned off since: the owner's latest choice wins.
  if (!row?.on) return
  if (await appOpenBetween(deps.db, vendorId, row.credit.createdAt, now)) return
  const national = await ownerPhone(deps.db, vendorId)
  if (!national) return
  const from = personName(row.credit.originatorAccountName || row.credit.customerName || '') || 'a customer'
  await deps.notifier.send({
    channel: 'sms',
    to: smsAddress(national),
    ...paymentReceivedMessage(row.business, row.credit.amount, from, row.credit.createdAt),
  })
}

async function answer(db: Db, vendorId: string) {
  const [vendor] = await db.select({ on: vendors.paymentSms }).from(vendors).where(eq(vendors.id, vendorId))
  const national = await ownerPhone(db, vendorId)
  return { isEnabled: vendor?.on ?? false, sentTo: national ? maskedPhone(national) : null }
}

/** GET /vendor/payment-sms: anyone of the vendor may see it (the profile shows the phone already); only the owner changes it. */
export async function readPaymentSms(db: Db, auth: Auth) {
  return answer(db, auth.vendorId)
}

/** PATCH /vendor/payment-sms. */
export async function setPaymentSms(db: Db, auth: Auth, isEnabled: boolean) {
  requireOwner(auth)
  await db.update(vendors).set({ paymentSms: isEnabled }).where(eq(vendors.id, auth.vendorId))
  return answer(db, auth.vendorId)
}
