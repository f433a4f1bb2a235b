import { randomUUID } from 'node:crypto'

import { eq, like } from 'drizzle-orm'

import { chargeFor } from '#contract/charges'
import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { DAY_MS } from '#server/clock'
import { payoutBatches, payoutBatchRows } from '#server/db/payout-batches-schema'
import { nameEnquiries, transactions } from '#server/db/schema'
import { JobHandlers, JobWorker } from '#server/jobs'
import { NAME_ENQUIRY_TTL_MS } from '#server/money/name-enquiry'
import { sendPayoutRowJob } from '#server/money/payout-row-job'

import { call, type TestApp, type TestVendor } from '../harness'
import { account, enquiry, PIN, randomSerial } from './helpers'

/** Bulk payouts' calls and the worker that sends their rows (decision 192), for the batch tests. */

export type BatchRows = BodyInput<typeof endpoints.createPayoutBatch>['rows']

/** `count` rows at GTBank, ₦1,000 + position kobo each, so every row's amount differs. */
export function rowsOf(count: number, serialAt: (position: number) => string = () => randomSerial()): BatchRows {
  return Array.from({ length: count }, (_, index) => ({
    accountNumber: account('058', serialAt(index + 1)),
    bankCode: '058',
    amount: 1_000_00 + index + 1,
    narration: `Row ${index + 1}`,
  }))
}

export const review = (t: TestApp, token: string, rows: BatchRows, key: string = randomUUID()) =>
  call(t.app, endpoints.createPayoutBatch, { token, body: { rows }, headers: { 'idempotency-key': key } })

export const confirm = (t: TestApp, token: string, batchId: string, pin = PIN, key: string = randomUUID()) =>
  call(t.app, endpoints.confirmPayoutBatch, { token, body: { batchId, pin }, headers: { 'idempotency-key': key } })

/** Confirms a batch to be sent at `sendAt` (ISO). */
export const schedule = (t: TestApp, token: string, batchId: string, sendAt: string, pin = PIN) =>
  call(t.app, endpoints.confirmPayoutBatch, { token, body: { batchId, pin, sendAt }, headers: { 'idempotency-key': randomUUID() } })

export const cancel = (t: TestApp, token: string, batchId: string, key: string = randomUUID()) =>
  call(t.app, endpoints.cancelPayoutBatch, { token, body: { batchId }, headers: { 'idempotency-key': key } })

export const batchOf = (t: TestApp, token: string, id: string) => call(t.app, endpoints.payoutBatch, { token, query: { id } })

/** A worker that runs only the batch rows' jobs, at most `batch` of them per pass. */
export function rowWorker(t: TestApp, batch = 500) {
  const handlers = new JobHandlers().register('send-payout-row', ({ rowId }) => sendPayoutRowJob(t.deps, rowId))
  return new JobWorker({ db: t.db, handlers, clock: t.clock, logger: t.deps.logger, batch })
}

/** The transfers made for a batch's rows, by their keys. */
export const batchTransfers = (t: TestApp, batchId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(like(transactions.idempotencyKey, `batch:${batchId}:%`))

export const transferById = async (t: TestApp, id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!

/**
 * A batch under review with one resolved row, written directly (the review endpoint has a small allowance per user):
 * for the suites that call every endpoint with real ids.
 */
export async function reviewedBatchId(t: TestApp, vendor: TestVendor, amount = 100_00): Promise<string> {
  const requestId = await enquiry(t, vendor)
  const [found] = await t.db.select().from(nameEnquiries).where(eq(nameEnquiries.requestId, requestId))
  const now = t.clock.now()
  const fee = chargeFor(amount).fee
  const [batch] = await t.db
    .insert(payoutBatches)
    .values({
      vendorId: vendor.vendor.id,
      createdBy: vendor.owner.id,
      total: amount,
      totalFee: fee,
      reviewExpiresAt: new Date(now.getTime() + NAME_ENQUIRY_TTL_MS),
      createdAt: now,
    })
    .returning()
  await t.db.insert(payoutBatchRows).values({
    vendorId: vendor.vendor.id,
    batchId: batch!.id,
    position: 1,
    accountNumber: found!.accountNumber,
    bankCode: found!.bankCode,
    bankName: found!.bankName,
    accountName: found!.accountName,
    amount,
    fee,
    requestId,
    state: 'ready',
  })
  return batch!.id
}

/**
 * A batch confirmed for tomorrow with its one row queued, written directly as reviewedBatchId's: for the suites that
 * cancel one (its row's job is not enqueued; a cancel does not need it).
 */
export async function scheduledBatchId(t: TestApp, vendor: TestVendor): Promise<string> {
  const id = await reviewedBatchId(t, vendor)
  const now = t.clock.now()
  await t.db
    .update(payoutBatches)
    .set({ status: 'confirmed', confirmedBy: vendor.owner.id, confirmedAt: now, sendAt: new Date(now.getTime() + DAY_MS) })
    .where(eq(payoutBatches.id, id))
  await t.db.update(payoutBatchRows).set({ state: 'queued' }).where(eq(payoutBatchRows.batchId, id))
  return id
}
