import { randomUUID } from 'node:crypto'

import { eq, sql } from 'drizzle-orm'

import type { Db } from '#server/db/client'
import { transactions, wallets } from '#server/db/schema'

/**
 * A wallet's history written in one set-based INSERT (issue 38): what the list, its filters and its search read,
 * varied enough that each filter and each kind of search term picks some rows and leaves others, with rows that
 * share an instant (ties broken by id) and rows a microsecond apart. Row n is `<tag>-<n, 6 digits>`; the wallet's
 * transaction_count is kept, as the ledger keeps it.
 *
 * - type: every 4th a debit (to 'Supplier …'), else a credit (from 'Chioma Okeke' every 3rd, 'Aisha Bello' every
 *   50th, else 'Payer …');
 * - status: every 7th failed, every 5th pending, else success;
 * - amount: ₦1,000 × (1 + n mod 13), ₦5,000.50 every 97th (never ₦2,500, which search-plan.test.ts asks of a wallet
 *   where it is rare: rows of it here would change that plan's estimate);
 * - a narration 'Order …' every 3rd, an order reference every 11th, a customer every 9th, an own transfer from
 *   'Ikeja Branch' every 53rd credit, an unattached credit every 29th;
 * - created_at: rows 4k, 4k+1 and 4k+2 at one instant, 4k+3 one microsecond earlier; k minutes before `newest`.
 */
export async function seedHistory(db: Db, walletId: string, rows: number, newest = new Date()): Promise<string> {
  const tag = randomUUID().slice(0, 8)
  await db.execute(sql`
    insert into transactions (id, vendor_id, wallet_id, type, status, amount, fee, reference, narration,
      originator_account_name, beneficiary_account_name, customer_id, customer_name, order_reference,
      has_matching_order, counterparty_kind, outlet_name, paid_into_order_account, is_offline, created_at, updated_at)
    select ${tag} || '-' || lpad(n::text, 6, '0'), w.vendor_id, w.id,
      case when n % 4 = 0 then 'debit' else 'credit' end,
      case when n % 7 = 0 then 'failed' when n % 5 = 0 then 'pending' else 'success' end,
      case when n % 97 = 0 then 500050 else 100000 * (1 + n % 13) end, 0,
      case when n % 4 = 0 then 'TRX' else 'TRF' end || '-20261205-' || upper(substr(md5(${tag} || n::text), 1, 10)),
      case when n % 3 = 0 then 'Order ' || (n % 31) end,
      case when n % 4 <> 0 then (case when n % 50 = 1 then 'Aisha Bello' when n % 3 = 1 then 'Chioma Okeke' else 'Payer ' || (n % 41) end) end,
      case when n % 4 = 0 then 'Supplier ' || (n % 17) end,
      case when n % 9 = 0 then ${tag} || '-customer-' || (n % 2) end,
      case when n % 9 = 0 then 'Customer ' || (n % 2) end,
      case when n % 11 = 0 then 'ORD-' || upper(substr(md5('order' || ${tag} || n::text), 1, 8)) end,
      n % 11 = 0,
      case when n % 53 = 0 and n % 4 <> 0 then 'outlet' end,
      case when n % 53 = 0 and n % 4 <> 0 then 'Ikeja Branch' end,
      case when n % 29 = 0 and n % 4 <> 0 then 'ORD-CLOSED' || (n % 3) end,
      n % 29 = 0 and n % 4 <> 0,
      ${newest.toISOString()}::timestamptz - (n / 4) * interval '1 minute' - (case when n % 4 = 3 then 1 else 0 end) * interval '1 microsecond',
      now()
    from wallets w, generate_series(1, ${rows}) as n
    where w.id = ${walletId}`)
  await db
    .update(wallets)
    .set({ transactionCount: sql`${wallets.transactionCount} + ${rows}` })
    .where(eq(wallets.id, walletId))
  return tag
}

/** Every row of a wallet in the list's order (newest first, id breaking ties), for a test to filter itself. */
export async function walletRows(db: Db, walletId: string) {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.walletId, walletId))
    .orderBy(sql`${transactions.createdAt} desc, ${transactions.id} desc`)
}
