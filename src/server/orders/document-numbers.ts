import { sql } from 'drizzle-orm'

import type { DocumentKind } from '#contract/document-numbers'

import type { Tx } from '../db/client'
import { documentNumbers } from '../db/documents-schema'

/**
 * The vendor's next invoice or credit-note number (decision 191), taken in the caller's transaction: the upsert
 * locks the vendor's counter row until that transaction ends, so a second document of the same kind waits for the
 * first to commit (and takes the next number) or roll back (and takes the same one). Gapless, where a SEQUENCE is
 * not. Take it last, just before the insert it numbers, so the lock is held for as little as possible.
 */
export async function nextDocumentNumber(tx: Tx, vendorId: string, kind: DocumentKind): Promise<number> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ vendorId, kind, last: 1 })
    .onConflictDoUpdate({ target: [documentNumbers.vendorId, documentNumbers.kind], set: { last: sql`${documentNumbers.last} + 1` } })
    .returning({ last: documentNumbers.last })
  return row!.last
}
