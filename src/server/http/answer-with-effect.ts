import { and, eq, isNull } from 'drizzle-orm'

import type { Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { inProgress, type StoredResponse } from './idempotency'

/*
 * An idempotent call whose effect leaves no row a stale claim's recovery could find it by (a batch under review, a
 * bulk edit of prices) stores its answer inside the effect's own transaction (decision 196). A process that dies
 * after the commit has then left the key answered, and a retry replays that answer instead of running the call a
 * second time (a second batch, prices raised twice). register() saves the same answer again after the handler, as
 * for every idempotent call.
 *
 * The update is conditional on the key being still unanswered for this very request (user, endpoint, input). Two
 * runs of one key exist only when a replay took over a claim it judged stale while the first still ran: whichever
 * commits second finds the key answered, and its effect rolls back with its 409. A key has one effect.
 */

export interface ClaimedRequest {
  vendorId: string
  key: string
  userId: string
  endpoint: string
  hash: string
}

export async function saveAnswerWithEffect(tx: Tx, claim: ClaimedRequest, answer: StoredResponse): Promise<void> {
  const saved = await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: answer.body })
    .where(
      and(
        eq(idempotencyKeys.vendorId, claim.vendorId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.endpoint, claim.endpoint),
        eq(idempotencyKeys.requestHash, claim.hash),
        isNull(idempotencyKeys.statusCode),
      ),
    )
    .returning({ key: idempotencyKeys.key })
  if (saved.length !== 1) throw inProgress()
}
