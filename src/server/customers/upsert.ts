import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type CustomerRow, customers, orders } from '../db/sales-schema'
import { notFound } from '../errors'

/*
 * Customers are made by orders and by bank transfers, never by a form of their own. The same person is found
 * again by email, phone or the account they pay from (bank AND account number: the same ten digits at two banks are
 * two accounts, docs/decisions/088); the partial unique indexes on those decide races.
 */

type Account = { accountNumber: string; accountName: string; bankName: string }

/**
 * The customer key of a paying account: the number at that bank, as the unique index reads it
 * (vendor_id, account_number, coalesce(bank_name, '')), so a lookup and a conflict agree on who is the same.
 */
const sameAccount = (account: Pick<Account, 'accountNumber' | 'bankName'>): SQL =>
  and(eq(customers.accountNumber, account.accountNumber), sql`coalesce(${customers.bankName}, '') = ${account.bankName ?? ''}`)!

export const ANONYMOUS_CUSTOMER_NAME = 'Anonymous customer'

export type CustomerLookup =
  /** An existing customer of this vendor (404 otherwise). */
  | { customerId: string }
  /** Someone named on an order: found by email, else phone; a name alone is always someone new. */
  | { customer: { name: string; email?: string | null; phone?: string | null } }
  /** The account a transfer came from: found by bank and account number, else named after the account. */
  | { account: Account }
  /** An order naming nobody: each is its own anonymous customer (they share no identity). */
  | { anonymous: true }

async function findBy(tx: Db, vendorId: string, where: SQL): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), where))
  return row
}

/**
 * Inserts, or when a unique index says someone else got there first (ON CONFLICT DO NOTHING), answers that row.
 * Under READ COMMITTED the re-select is a new statement, so it sees the row the winner committed.
 */
async function insertOrFind(
  tx: Db,
  vendorId: string,
  values: Omit<typeof customers.$inferInsert, 'vendorId'>,
  keys: SQL[],
  at: Date,
): Promise<CustomerRow> {
  const [inserted] = await tx
    .insert(customers)
    .values({ ...values, vendorId, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning()
  if (inserted) return inserted
  for (const key of keys) {
    const found = await findBy(tx, vendorId, key)
    if (found) return found
  }
  throw new Error('A customer insert conflicted but no conflicting customer was found')
}

/** Finds or creates the customer an order or a transfer names. Run it inside the caller's database transaction. */
export async function findOrCreateCustomer(tx: Db, vendorId: string, lookup: CustomerLookup, at: Date): Promise<CustomerRow> {
  if ('customerId' in lookup) {
    const found = await findBy(tx, vendorId, eq(customers.id, lookup.customerId))
    if (!found) throw notFound('Customer')
    return found
  }
  if ('anonymous' in lookup) {
    const [row] = await tx
      .insert(customers)
      .values({ vendorId, name: ANONYMOUS_CUSTOMER_NAME, isAnonymous: true, createdAt: at, updatedAt: at })
      .returning()
    return row!
  }
  if ('account' in lookup) {
    const { accountNumber, accountName, bankName } = lookup.account
    const key = sameAccount(lookup.account)
    return (await findBy(tx, vendorId, key)) ?? insertOrFind(tx, vendorId, { name: accountName, accountNumber, bankName }, [key], at)
  }
  const email = lookup.customer.email?.trim().toLowerCase() || null
  const phone = lookup.customer.phone?.trim() || null
  const keys = [email ? eq(customers.email, email) : null, phone ? eq(customers.phone, phone) : null].filter(
    (key): key is SQL => key !== null,
  )
  for (const key of keys) {
    const found = await findBy(tx, vendorId, key)
    if (found) return found
  }
  return insertOrFind(tx, vendorId, { name: lookup.customer.name, email, phone }, keys, at)
}

/**
 * Whose money a transfer quoting an order's reference is: the order's customer, the person the vendor sold to,
 * even when the paying account is already known as someone else (a parent paying for a child, an office for its
 * staff). That customer learns the account only when it has none and no other customer holds it (docs/decisions/
 * 088). An order naming nobody is the exception: its anonymous customer is no one yet, so the bank names the
 * payer: an existing customer with that bank and account takes the credit, else the anonymous customer learns the
 * account and is named after its holder. Runs with the order locked.
 *
 * Renaming an anonymous customer renames their other orders too (the lists show the name copied on the order).
 * Those rows are taken with SKIP LOCKED: a transfer paying another order of the same customer holds that order
 * and waits here for the customer's row, so waiting for its order in turn would deadlock. A skipped order's own
 * writer puts the name right: the order being paid is always refreshed from its customer below.
 */
export async function findOrCreatePayer(
  tx: Tx,
  order: { id: string; vendorId: string; customerId: string | null; customerName: string | null },
  account: Account,
  at: Date,
): Promise<CustomerRow> {
  const { vendorId } = order
  const current = order.customerId ? await findBy(tx, vendorId, eq(customers.id, order.customerId)) : undefined
  if (!current) return findOrCreateCustomer(tx, vendorId, { account }, at)
  const customerId = current.id
  const known = await findBy(tx, vendorId, sameAccount(account))
  if (known) return current.isAnonymous ? known : current
  if (current.accountNumber !== null) return current
  try {
    // A savepoint: a concurrent credit from the same new account may claim it first (unique index).
    const [linked] = await tx.transaction(async (savepoint) => {
      const naming = current.isAnonymous ? { name: account.accountName, isAnonymous: false } : {}
      const rows = await savepoint
        .update(customers)
        .set({ accountNumber: account.accountNumber, bankName: account.bankName, ...naming, updatedAt: at })
        .where(and(eq(customers.vendorId, vendorId), eq(customers.id, customerId), isNull(customers.accountNumber)))
        .returning()
      if (rows[0] && current.isAnonymous) await renameOrdersOf(savepoint, vendorId, customerId, account.accountName)
      return rows
    })
    if (linked) return linked
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
  // Someone else linked the order's customer first (perhaps naming it while we waited): show its name now.
  const customer = (await findBy(tx, vendorId, eq(customers.id, customerId)))!
  if (customer.name !== order.customerName) {
    await tx
      .update(orders)
      .set({ customerName: customer.name })
      .where(and(eq(orders.vendorId, vendorId), eq(orders.id, order.id)))
  }
  // Still anonymous: another customer took this account at the same moment, so that customer paid.
  return customer.isAnonymous ? findOrCreateCustomer(tx, vendorId, { account }, at) : customer
}

/** The customer's orders take their new name, all but those another transaction holds (see findOrCreatePayer). */
async function renameOrdersOf(tx: Db, vendorId: string, customerId: string, name: string): Promise<void> {
  const free = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.customerId, customerId)))
    .for('update', { skipLocked: true })
  await tx
    .update(orders)
    .set({ customerName: name })
    .where(and(eq(orders.vendorId, vendorId), inArray(orders.id, free)))
}
