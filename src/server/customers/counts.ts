import { eq, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { customerCounts } from '../db/sales-schema'

/*
 * A vendor's customer count and how many of them are anonymous (decision 158, as decision 078 counts orders): the
 * total of an unfiltered customers list and customer analytics read one row instead of counting every customer.
 * Written in the same transaction as each change it counts: a customer inserted (customers/upsert.ts) and an
 * anonymous customer named by the account that paid (findOrCreatePayer). Nothing else makes, deletes or un-names a
 * customer. The row lock the upsert takes serialises only that vendor's new customers, until their transaction ends.
 */

/** `added` more customers (`anonymous` of them anonymous; negative when anonymous ones were named). */
export async function countCustomers(tx: Db, vendorId: string, added: number, anonymous: number): Promise<void> {
  await tx
    .insert(customerCounts)
    .values({ vendorId, count: added, anonymousCount: anonymous })
    .onConflictDoUpdate({
      target: customerCounts.vendorId,
      set: {
        count: sql`${customerCounts.count} + ${added}`,
        anonymousCount: sql`${customerCounts.anonymousCount} + ${anonymous}`,
      },
    })
}

/** How many customers the vendor has, and how many of them are anonymous. */
export async function customerCount(db: Db, vendorId: string): Promise<{ total: number; anonymous: number }> {
  const [row] = await db
    .select({ total: customerCounts.count, anonymous: customerCounts.anonymousCount })
    .from(customerCounts)
    .where(eq(customerCounts.vendorId, vendorId))
  return row ?? { total: 0, anonymous: 0 }
}
