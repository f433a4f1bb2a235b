import { eq } from 'drizzle-orm'

import type { Db } from '../db/client'
import { customerCounts } from '../db/sales-schema'

/*
 * A vendor's customer count and how many of them are anonymous (decision 158, as decision 078 counts orders): the
 * total of an unfiltered customers list and customer analytics read one row instead of counting every customer.
 * Kept by the database itself (migration 0025's trigger on customers), in the transaction of every insert, naming
 * or delete, whoever writes it: an older release during a rolling restart and a set-based insert count too. The
 * counter row's lock serialises only that vendor's new customers, until their transaction ends.
 */

/** How many customers the vendor has, and how many of them are anonymous. */
export async function customerCount(db: Db, vendorId: string): Promise<{ total: number; anonymous: number }> {
  const [row] = await db
    .select({ total: customerCounts.count, anonymous: customerCounts.anonymousCount })
    .from(customerCounts)
    .where(eq(customerCounts.vendorId, vendorId))
  return row ?? { total: 0, anonymous: 0 }
}
