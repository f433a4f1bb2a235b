import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'

import type { Outlet } from '#contract/outlets'

import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { outlets, transactions, wallets } from '../db/schema'
import { containsPattern, qualified } from '../db/sql-helpers'
import { outletMembers } from '../db/team-schema'
import { outletNotFound, type OutletRow, outletWalletJoin, visibleOutlets } from './scope'

/** Members of the outlet; the primary key (outlet_id, user_id) answers it. */
const memberCount = sql<number>`(
  select count(*)::int from ${outletMembers}
  where ${qualified(outletMembers.vendorId)} = ${qualified(outlets.vendorId)}
    and ${qualified(outletMembers.outletId)} = ${qualified(outlets.id)}
)`

/**
 * When the outlet wallet's newest transaction happened, so its page can open on a range that shows it (issue 22):
 * the first entry of the (vendor_id, wallet_id, created_at desc, …) index.
 */
const lastTransactionAt = sql<Date | null>`(
  select ${qualified(transactions.createdAt)} from ${transactions}
  where ${qualified(transactions.vendorId)} = ${qualified(wallets.vendorId)}
    and ${qualified(transactions.walletId)} = ${qualified(wallets.id)}
  order by ${qualified(transactions.createdAt)} desc
  limit 1
)`.mapWith(transactions.createdAt)

const columns = {
  outlet: outlets,
  balance: wallets.balance,
  accountNumber: wallets.accountNumber,
  memberCount,
  lastTransactionAt,
}

interface OutletViewRow {
  outlet: OutletRow
  balance: number
  accountNumber: string | null
  memberCount: number
  lastTransactionAt: Date | null
}

export function toOutlet(row: OutletViewRow): Outlet {
  const { outlet } = row
  return {
    id: outlet.id,
    name: outlet.name,
    address: outlet.address,
    email: outlet.email,
    phone: outlet.phone,
    status: outlet.status,
    balance: row.balance,
    accountNumber: row.accountNumber,
    memberCount: row.memberCount,
    lastTransactionAt: row.lastTransactionAt?.toISOString() ?? null,
    createdAt: outlet.createdAt.toISOString(),
  }
}

function viewQuery(db: Db, where: SQL) {
  return db.select(columns).from(outlets).innerJoin(wallets, outletWalletJoin).where(where)
}

/** One outlet as the contract shows it, by id, within what the caller may see. */
export async function outletView(db: Db, auth: Auth, outletId: string): Promise<Outlet> {
  const [row] = await viewQuery(db, and(visibleOutlets(auth), eq(outlets.id, outletId))!)
  if (!row) throw outletNotFound()
  return toOutlet(row)
}

/** Outlets the caller may see, newest first, searched by name or address (case-insensitive, literal % and _). */
export async function listOutlets(db: Db, auth: Auth, query: { page: number; size: number; search?: string }) {
  const pattern = query.search ? containsPattern(query.search) : undefined
  const where = and(visibleOutlets(auth), pattern ? or(ilike(outlets.name, pattern), ilike(outlets.address, pattern)) : undefined)!
  const [rows, [total]] = await Promise.all([
    viewQuery(db, where)
      // id breaks ties between outlets made in the same instant, so pages never repeat or skip one.
      .orderBy(desc(outlets.createdAt), desc(outlets.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(outlets).where(where),
  ])
  return { items: rows.map(toOutlet), page: query.page, size: query.size, total: total?.total ?? 0 }
}
