import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm'

import type { Transaction } from '#contract/transactions'

import { cappedCountQuery, cappedTotal, countsCheaply, uncountedTotal } from '../db/capped-count'
import type { Db } from '../db/client'
import { beforePosition, decodeCursor, encodeCursor, type KeysetPosition, positionOf } from '../db/keyset'
import { preparedOnce } from '../db/prepared'
import { type TransactionRow, transactions, wallets } from '../db/schema'
import { ApiError, notFound } from '../errors'
import { amountSearch, searchParts, transactionSearch, walletDigits, wordSearch } from './transaction-search'

/** The contract's view of a row. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    reference: row.reference,
    sessionId: row.sessionId,
    narration: row.narration,
    originatorAccountName: row.originatorAccountName,
    originatorBankName: row.originatorBankName,
    originatorAccountNumber: row.originatorAccountNumber,
    beneficiaryAccountName: row.beneficiaryAccountName,
    beneficiaryBankName: row.beneficiaryBankName,
    beneficiaryAccountNumber: row.beneficiaryAccountNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    outletId: row.outletId,
    internalTransfer:
      row.counterpartyKind && row.outletId && row.outletName
        ? { counterparty: row.counterpartyKind, outletId: row.outletId, outletName: row.outletName }
        : null,
    failureReason: row.failureReason,
    hasMatchingOrder: row.hasMatchingOrder,
    hasShareableOrder: row.hasShareableOrder,
    orderReference: row.orderReference,
    // Still unattached only while nobody has matched it or marked it as POS (decision 147).
    unattachedOrderReference: row.isOffline && !row.hasMatchingOrder && !row.isPos ? row.paidIntoOrderAccount : null,
    isOffline: row.isOffline,
    isPOSTransaction: row.isPos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * Rows of the vendor's main wallet (outlet wallets have their own lists). The wallet id comes from a scalar
 * subquery, so a list is one round trip and still uses the (vendor_id, wallet_id, …, created_at) indexes. A filtered
 * list binds the id instead (boundList): a search needs the planner to know the wallet's size.
 */
export function mainWalletScope(vendorId: string | Placeholder): SQL {
  const mainWallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.vendorId} = ${vendorId} and ${wallets.kind} = 'main' and ${wallets.outletId} is null)`
  return and(eq(transactions.vendorId, vendorId), sql`${transactions.walletId} = ${mainWallet}`)!
}

/** Whose rows a list or lookup reads: the vendor's main wallet (the default) or one outlet's wallet by id. */
export type WalletScope = { wallet: 'main' } | { walletId: string }
export const MAIN_WALLET: WalletScope = { wallet: 'main' }

export function walletScope(vendorId: string | Placeholder, scope: WalletScope): SQL {
  if ('walletId' in scope) return and(eq(transactions.vendorId, vendorId), eq(transactions.walletId, scope.walletId))!
  return mainWalletScope(vendorId)
}

/** The wallet row whose transaction_count answers an unfiltered list's total. */
function countedWallet(vendorId: string | Placeholder, scope: WalletScope): SQL {
  if ('walletId' in scope) return and(eq(wallets.vendorId, vendorId), eq(wallets.id, scope.walletId))!
  return and(eq(wallets.vendorId, vendorId), eq(wallets.kind, 'main'), isNull(wallets.outletId))!
}

export interface TransactionFilters {
  page: number
  size: number
  /** A previous page's nextCursor: where this page starts (instead of `page`). Not a filter: listFilter ignores it. */
  cursor?: string
  status?: TransactionRow['status']
  type?: TransactionRow['type']
  customerId?: string
  reference?: string
  search?: string
  /** Credits paid into an order's account after it closed, not yet matched (decision 147). */
  unattached?: boolean
  startDate?: string
  endDate?: string
}

/** What a transaction reference looks like (TRX-20260412-8F3A9C1D2E, or another system's of that form). */
const REFERENCE_SHAPE = /^[A-Za-z]{2,5}-\d{8}-[0-9A-Za-z]{4,32}$/

/**
 * A search that is a whole reference of the wallet's (issue 38, decision 157): that reference, read from its unique
 * index (0.1 ms at a million rows). As a fragment its common trigrams ('TRX', '-20', '202') made the trigram index
 * read most of the wallet. A term of that shape that is no reference (a part of one) stays a fragment, as before.
 */
async function wholeReference(db: Db, vendorId: string, scope: WalletScope, search: string | undefined) {
  const term = search?.trim()
  if (!term || !REFERENCE_SHAPE.test(term)) return undefined
  const [found] = await db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(and(walletScope(vendorId, scope), inArray(transactions.reference, [...new Set([term, term.toUpperCase()])])))
    // As typed first, should another system's lower-case reference and an upper-case one both exist.
    .orderBy(sql`${transactions.reference} = ${term} desc`)
    .limit(1)
  return found?.reference
}

/**
 * A credit still unattached (decision 147): paid into an order's account after it closed, and not since matched to
 * an order or marked as POS (either takes it off the list).
 */
export const UNATTACHED_CREDIT = and(
  isNotNull(transactions.paidIntoOrderAccount),
  eq(transactions.isOffline, true),
  eq(transactions.hasMatchingOrder, false),
  eq(transactions.isPos, false),
)!

const rangeError = (message: string) =>
  new ApiError(422, 'VALIDATION_FAILED', `startDate: ${message}`, { issues: [{ path: 'startDate', message }] })

/** The condition of a filtered list (undefined when nothing narrows it: the wallet's own rows and count answer). */
export function listFilter(vendorId: string, filters: TransactionFilters, scope: WalletScope = MAIN_WALLET): SQL | undefined {
  const start = filters.startDate ? new Date(filters.startDate) : undefined
  const end = filters.endDate ? new Date(filters.endDate) : undefined
  if (start && end && start > end) throw rangeError('must not be after endDate')
  const filtered = Boolean(
    filters.status ||
    filters.type ||
    filters.customerId ||
    filters.reference ||
    filters.search?.trim() ||
    filters.unattached ||
    start ||
    end,
  )
  if (!filtered) return undefined
  return and(
    walletScope(vendorId, scope),
    filters.status ? eq(transactions.status, filters.status) : undefined,
    filters.type ? eq(transactions.type, filters.type) : undefined,
    filters.customerId ? eq(transactions.customerId, filters.customerId) : undefined,
    filters.reference ? eq(transactions.reference, filters.reference) : undefined,
    transactionSearch(filters.search),
    filters.unattached ? UNATTACHED_CREDIT : undefined,
    start ? gte(transactions.createdAt, start) : undefined,
    end ? lte(transactions.createdAt, end) : undefined,
  )
}

/**
 * One page of a wallet's list, newest first (decision 157): by `cursor` (the position after a previous page's last
 * row: a deep page costs what the first does) or by `page` as SPEC calls it. One row beyond the page is read, so
 * `nextCursor` is null exactly at the end. Unfiltered, the total is the wallet's maintained count (exact); a filter
 * counts its matches no further than COUNT_CAP + 1 and says when it stopped (`totalCapped`).
 */
export async function listTransactions(db: Db, vendorId: string, filters: TransactionFilters, scope: WalletScope = MAIN_WALLET) {
  const after = filters.cursor === undefined ? undefined : decodeCursor(filters.cursor)
  const paging = { limit: filters.size + 1, offset: after ? 0 : (filters.page - 1) * filters.size }
  let where = listFilter(vendorId, filters, scope)
  let rows: PageRow[]
  let counted = true
  if (!where && !after && !('walletId' in scope)) {
    // The list as it first opens, by far the most asked: built once per database and prepared on each connection.
    rows = await mainPage(db).execute({ vendorId, ...paging })
  } else {
    const filtered = await filteredPage(db, vendorId, filters, scope, after)
    ;({ scope, where } = filtered.bound)
    counted = filtered.counted
    rows = await filtered.query.execute(paging)
  }
  const shown = rows.slice(0, filters.size)
  const last = rows.length > filters.size ? shown.at(-1) : undefined
  const page = {
    items: shown.map(({ row }) => toTransaction(row)),
    page: filters.page,
    size: filters.size,
    nextCursor: last ? encodeCursor({ at: last.position, id: last.row.id }) : null,
  }
  // A search by words with many matches is not counted (decision 165): the total is what the pages show so far.
  const uncounted = counted ? undefined : uncountedTotal(paging.offset, shown.length, Boolean(last), after !== undefined)
  if (uncounted) return { ...page, ...uncounted }
  // A page past the end has no row to carry the total: asked alone.
  const total = rows[0]?.total ?? (await totalQuery(db, vendorId, scope, where))[0]?.total ?? 0
  return { ...page, ...(where ? cappedTotal(total) : { total, totalCapped: false }) }
}

type PageRow = { row: TransactionRow; position: string; total: number | null }

/**
 * A filtered list's page query as GET /transaction runs it (exported for the test that EXPLAINs a search): bound to
 * its wallet, and a search by words counted only when the planner expects few matches (decision 165).
 */
export async function filteredPage(db: Db, vendorId: string, filters: TransactionFilters, scope: WalletScope, after?: KeysetPosition) {
  const bound = await boundList(db, vendorId, filters, scope)
  const counted = !bound.wordSearch || (await countsCheaply(db, transactions, bound.where))
  return { bound, counted, query: pageQuery(db, vendorId, bound.scope, bound.where, after, bound, counted) }
}

/**
 * A filtered list's scope and condition with the wallet's id as a value (issue 35 item 11, decision 130): read
 * through a subquery, the wallet is an unknown the planner guesses at one row, so in a database of many wallets it
 * read a 30,000-row wallet through its amount index and ran the search on every row; with the id it sees how many
 * rows the wallet holds and answers a search from the trigram index. One small indexed read, for filtered lists
 * only (the list as it opens keeps its one prepared statement). A search shaped like a reference is looked up here
 * too (wholeReference), one more indexed read. Exported for the export, which reads the same condition.
 */
export async function boundList(
  db: Db,
  vendorId: string,
  filters: TransactionFilters,
  scope: WalletScope = MAIN_WALLET,
): Promise<BoundList> {
  let bound = scope
  if (!('walletId' in scope)) {
    const [main] = await db.select({ id: wallets.id }).from(wallets).where(countedWallet(vendorId, scope))
    // A vendor with no main wallet keeps the subquery: it finds no row, as before.
    if (main) bound = { walletId: main.id }
  }
  // A whole reference searched is that transaction (decision 157): no longer also rows quoting it in a narration.
  const reference = await wholeReference(db, vendorId, bound, filters.search)
  const refined = reference && (filters.reference ?? reference) === reference ? { ...filters, search: undefined, reference } : filters
  const where = listFilter(vendorId, refined, bound)
  const search = searchParts(refined.search)
  if (!search?.amount) return { scope: bound, where, wordSearch: search?.text === true }
  // The same filter without the search, then each side of its OR, made disjoint: the amount, and the fragment on
  // rows of another amount (so the two sides' rows and counts simply add up).
  const rest = listFilter(vendorId, { ...refined, search: undefined }, bound) ?? walletScope(vendorId, bound)
  // The fragment's rows of this wallet read by their digits, not through the trigram index (decision 172).
  const digits = 'walletId' in bound ? walletDigits(bound.walletId, refined.search) : undefined
  return {
    scope: bound,
    where,
    amountOrFragment: [and(rest, search.amount)!, and(rest, digits ?? search.fragment, search.otherAmount)!],
    wordSearch: false,
  }
}

/**
 * A filtered list bound to its wallet. `where` is the whole condition (the export and the count read it);
 * `amountOrFragment` is an amount search's two sides, each the other filters and one side of the OR, no row in both.
 */
export interface BoundList {
  scope: WalletScope
  where: SQL | undefined
  amountOrFragment?: [SQL, SQL]
  /** A search by words alone (searchParts' `text`): counted only when that is cheap (decision 165). */
  wordSearch: boolean
}

/**
 * Unfiltered, the wallet's own count answers (exact, maintained by the ledger); a filter counts its matches no
 * further than COUNT_CAP + 1 (decision 157): a filter matching most of a million rows costs what 10,001 do.
 */
function totalQuery(db: Db, vendorId: string | Placeholder, scope: WalletScope, filter?: SQL) {
  return filter
    ? cappedCountQuery(db, transactions, filter)
    : db.select({ total: wallets.transactionCount }).from(wallets).where(countedWallet(vendorId, scope))
}

/**
 * A page and its total in one round trip (docs/decisions/098): the total is an uncorrelated scalar subquery,
 * evaluated once. Without a filter, the rows of the scope; after a cursor, only the rows past it (the total stays
 * the whole list's). Each row carries its keyset position. A search read apart (transaction-search.ts) gives the
 * page's ids and its count: an amount search always, a search by words when it is counted.
 */
function pageQuery(
  db: Db,
  vendorId: string | Placeholder,
  scope: WalletScope,
  filter?: SQL,
  after?: KeysetPosition,
  { amountOrFragment, wordSearch: words }: Partial<Pick<BoundList, 'amountOrFragment' | 'wordSearch'>> = {},
  counted = true,
) {
  const searched = amountOrFragment
    ? amountSearch(db, amountOrFragment, after)
    : words && counted && filter
      ? wordSearch(db, filter, after)
      : undefined
  const count = searched ? searched.count : totalQuery(db, vendorId, scope, filter)
  const total = counted ? sql<number>`(${count})`.mapWith(Number) : sql<null>`null`
  const past = after ? beforePosition(transactions.createdAt, transactions.id, after) : undefined
  const rows = searched?.ids
  return (
    (searched ? db.with(searched.side) : db)
      .select({ row: transactions, position: positionOf(transactions.createdAt), total })
      .from(transactions)
      // The ids come from scoped reads; the vendor and wallet are still named here, as every query of the table does.
      .where(rows ? and(walletScope(vendorId, scope), rows) : and(filter ?? walletScope(vendorId, scope), past))
      // id breaks ties between rows of the same instant, so pages never repeat or skip a row.
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
  )
}

const mainPage = preparedOnce((db) => pageQuery(db, sql.placeholder('vendorId'), MAIN_WALLET).prepare('transactions_main_page'))

/**
 * One transaction of this vendor's main wallet (or the scoped outlet wallet) by id or reference; another vendor's
 * or another wallet's is "not found", never 403.
 */
export async function findTransaction(db: Db, vendorId: string, by: { id?: string; reference?: string }, scope: WalletScope = MAIN_WALLET) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        walletScope(vendorId, scope),
        by.id ? eq(transactions.id, by.id) : undefined,
        by.reference ? eq(transactions.reference, by.reference) : undefined,
      ),
    )
  if (!row) throw notFound('Transaction')
  return row
}

/**
 * An offline credit of the main wallet that nobody has yet matched to an order or marked as POS: what either may
 * take, once, with one conditional UPDATE on this condition (markAsPos, orders/create.ts claimCredit).
 */
export function unclaimedOfflineCredit(vendorId: string): SQL {
  return and(
    mainWalletScope(vendorId),
    eq(transactions.type, 'credit'),
    eq(transactions.status, 'success'),
    eq(transactions.isOffline, true),
    eq(transactions.hasMatchingOrder, false),
    eq(transactions.isPos, false),
  )!
}

/**
 * Marks an offline credit nobody has matched to an order as taken at a POS terminal. One conditional UPDATE, so
 * it happens once however many times it is asked; a transaction that does not qualify gets a 409 saying why.
 */
export async function markAsPos(db: Db, vendorId: string, id: string, now: Date): Promise<TransactionRow> {
  const [marked] = await db
    .update(transactions)
    .set({ isPos: true, updatedAt: now })
    .where(and(unclaimedOfflineCredit(vendorId), eq(transactions.id, id)))
    .returning()
  if (marked) return marked
  const row = await findTransaction(db, vendorId, { id })
  const why = row.isPos
    ? 'This transaction is already marked as POS'
    : row.type !== 'credit'
      ? 'Only a credit can be marked as POS'
      : row.hasMatchingOrder
        ? 'This transaction already has a matching order'
        : 'Only an offline transaction can be marked as POS'
  throw new ApiError(409, 'NOT_MARKABLE_AS_POS', why)
}
