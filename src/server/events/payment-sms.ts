import { and, eq } from 'drizzle-orm'

import { maskedPhone, nationalNumber } from '../auth/phone'
import type { Auth } from '../auth/sessions'
import { MINUTE_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { type TransactionRow, transactions, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueue } from '../jobs/queue'
import { paymentReceivedMessage, personName } from '../messages/texts'
import { bySms, findOwner, sendNotices } from '../notices'
import { requireOwner } from '../onboarding/state'
import { userAppOpenBetween } from './stream-presence'

/*
 * "₦5,000 received from Chioma Okeke" by SMS when the app is closed, for owners who turn it on (issue 37, decision
 * 151). Each bank credit of a vendor who opted in enqueues one job in the credit's own transaction, keyed by the
 * credit, so it is texted at most once however the notice is replayed. The job runs after a grace period and
 * texts only if no event stream of the owner's was open on any process from the credit until then: the owner's open
 * app showed the alert, and one reconnecting within the grace replays it. A member's open app does not count: the
 * setting promises the owner "Not sent while the app is open", the owner's app.
 */

/** Long enough for an app that lost its stream (a tunnel, a switch of network) to be back. */
export const PAYMENT_SMS_GRACE_MS = MINUTE_MS

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

/**
 * The job: still opted in, the owner's app closed throughout, the owner has a phone: one SMS. A message that
 * reached the queue (MessageNotSent included: it is retried there) is this job's end; only a send that never got
 * there is retried here, and its key keeps a retry from queueing it twice.
 */
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
  const owner = await findOwner(deps.db, vendorId)
  if (!owner) return
  // The owner's own app: a member's open app showed the alert to the member, not to the owner the setting texts.
  if (await userAppOpenBetween(deps.db, owner.id, row.credit.createdAt, now)) return
  const from = personName(row.credit.originatorAccountName || row.credit.customerName || '') || 'a customer'
  const message = paymentReceivedMessage(row.business, row.credit.amount, from, row.credit.createdAt)
  await sendNotices(deps, bySms(owner, message, { dedupeKey: `payment-sms-message:${transactionId}` }), {
    tag: 'events',
    what: 'payment received',
    throwUnqueued: true,
  })
}

async function answer(db: Db, vendorId: string) {
  const [vendor] = await db.select({ on: vendors.paymentSms }).from(vendors).where(eq(vendors.id, vendorId))
  const national = nationalNumber((await findOwner(db, vendorId))?.phone)
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
