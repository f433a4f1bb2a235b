import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm'

import type { NetFigures, Statement } from '#contract/statements'

import { LAGOS_OFFSET_MS } from '../analytics'
import { DAY_MS } from '../clock'
import type { Db } from '../db/client'
import { refunds } from '../db/sales-schema'
import { ledgerEntries, transactions, type WalletRow, wallets } from '../db/schema'
import { ApiError } from '../errors'

/*
 * A wallet's statement (issue 42, decision 178), read from its ledger entries, never from transactions alone: a
 * send that failed is a debit and its reversal, as the wallet saw them.
 *
 * Which entries: those whose time is in the range (from the Lagos midnight starting `from` up to, not including,
 * the one after `to`), in id order: the order ledger_post wrote the wallet's balances in (it holds the wallet's row
 * lock while it inserts), so on a ledger written as time goes by each line's running balance is the ledger's own
 * balance_after. The opening balance is the wallet's balance less every entry from the range's start on, read in one
 * statement (one snapshot): its cost grows with how long ago the range starts, not with the wallet's history. The
 * closing balance is the opening plus the range's entries, so opening + in − out = closing always.
 */

export interface StatementWallet {
  wallet: WalletRow
  name: string
}

export interface StatementRange {
  from: string
  to: string
  startAt: Date
  endAt: Date
}

export interface StatementEdges extends StatementRange {
  /** The range's first and last entry ids (0 and -1 when it has none): the lines are read between them. */
  first: number
  last: number
  openingBalance: number
}

const lagosMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS)

/** Lagos days `from` to `to`, both whole: from's midnight up to the midnight after `to`. */
export function statementRange(days: { from: string; to: string }): StatementRange {
  if (days.from > days.to) {
    const message = 'must not be after to'
    throw new ApiError(422, 'VALIDATION_FAILED', `from: ${message}`, { issues: [{ path: 'from', message }] })
  }
  return { ...days, startAt: lagosMidnight(days.from), endAt: new Date(lagosMidnight(days.to).getTime() + DAY_MS) }
}

const ofWallet = (vendorId: string, walletId: string) => and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.walletId, walletId))

/** The wallet's entries whose time is in [start, end). */
const inTime = (vendorId: string, walletId: string, start: Date, end: Date) =>
  and(ofWallet(vendorId, walletId), gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end))!

export async function statementEdges(db: Db, vendorId: string, walletId: string, range: StatementRange): Promise<StatementEdges> {
  // Both reads walk ledger_entries_wallet_created_idx over the range (migration 0035).
  const [ids] = await db
    .select({ first: sql<string | null>`min(${ledgerEntries.id})`, last: sql<string | null>`max(${ledgerEntries.id})` })
    .from(ledgerEntries)
    .where(inTime(vendorId, walletId, range.startAt, range.endAt))
  const { rows } = (await db.execute(sql`
    select ${wallets.balance} - coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries}
      where ${and(ofWallet(vendorId, walletId), gte(ledgerEntries.createdAt, range.startAt))}), 0) as opening
    from ${wallets} where ${and(eq(wallets.vendorId, vendorId), eq(wallets.id, walletId))}`)) as unknown as { rows: { opening: unknown }[] }
  return {
    ...range,
    first: ids?.first === null || ids?.first === undefined ? 0 : Number(ids.first),
    last: ids?.last === null || ids?.last === undefined ? -1 : Number(ids.last),
    openingBalance: Number(rows[0]!.opening),
  }
}

/** The range's entries with ids from `after` + 1 to its last: the lines still to read. */
const linesAfter = (vendorId: string, walletId: string, edges: StatementEdges, after: number) =>
  and(inTime(vendorId, walletId, edges.startAt, edges.endAt), gt(ledgerEntries.id, after), lte(ledgerEntries.id, edges.last))!

/**
 * The part of an entry that is its transaction's fee: a send or refund debits amount + fee in one entry of its own
 * wallet (transfer_debit), and a reversal gives both back in one. Signed as the entry.
 */
export const feePartSql = sql`case when ${transactions.walletId} = ${ledgerEntries.walletId} and ${transactions.type} = 'debit'
  then case when ${ledgerEntries.amount} < 0 then -${transactions.fee} else ${transactions.fee} end else 0 end`

/**
 * What one ledger entry adds to each net figure: the only definition of them (decision 178), summed over a range's
 * entries here and per transaction by the transactions export (decision 194). Each reads the entry
 * (ledger_entries), its transaction (transactions) and the refund naming that transaction (refunds, left joined):
 * gross sales are bank credits into the wallet (not money from the vendor's own other wallet); refunds the amount
 * part of a refund's entries (less it, when reversed); fees the fee part of the wallet's own debits (less what a
 * reversal returned). Net settled = gross sales − refunds − fees.
 */
export const NET_PARTS = {
  grossSales: sql`case when ${transactions.type} = 'credit' and ${transactions.counterpartyKind} is null then ${ledgerEntries.amount} else 0 end`,
  refunds: sql`case when ${refunds.id} is not null then -(${ledgerEntries.amount} - ${feePartSql}) else 0 end`,
  fees: sql`-(${feePartSql})`,
} as const

/** The refund that names an entry's transaction, if any: the join NET_PARTS' refunds reads. */
export const refundOfEntry = and(eq(refunds.vendorId, ledgerEntries.vendorId), eq(refunds.transactionId, ledgerEntries.transactionId))!

/** A NET_PARTS part summed over the entries read (0 when none), as bigint: sums of kobo pass 2^31. */
export const sumOfPart = (part: keyof typeof NET_PARTS) => sql<string>`coalesce(sum(${NET_PARTS[part]}), 0)::bigint`

/** The three sums (as the database gives them: text or number) as net figures in kobo, with net settled. */
export function netFiguresFromSums(sums: Record<'grossSales' | 'refunds' | 'fees', unknown>): NetFigures {
  const [grossSales, refunded, fees] = [Number(sums.grossSales), Number(sums.refunds), Number(sums.fees)]
  return { grossSales, refunds: refunded, fees, netSettled: grossSales - refunded - fees }
}

/** Money in and out of the range's entries, their count, and the net figures. */
async function entryFigures(db: Db, vendorId: string, walletId: string, start: Date, end: Date, last?: number) {
  const e = ledgerEntries
  const { rows } = (await db.execute(sql`
    select coalesce(sum(${e.amount}) filter (where ${e.amount} > 0), 0)::bigint as "moneyIn",
      coalesce(sum(-${e.amount}) filter (where ${e.amount} < 0), 0)::bigint as "moneyOut",
      ${sumOfPart('grossSales')} as "grossSales", ${sumOfPart('refunds')} as "refunds", ${sumOfPart('fees')} as "fees",
      count(*)::bigint as "entryCount"
    from ${e}
    join ${transactions} on ${transactions.vendorId} = ${e.vendorId} and ${transactions.id} = ${e.transactionId}
    left join ${refunds} on ${refundOfEntry}
    where ${and(inTime(vendorId, walletId, start, end), last === undefined ? undefined : lte(e.id, last))}`)) as unknown as {
    rows: Record<'moneyIn' | 'moneyOut' | 'entryCount' | keyof typeof NET_PARTS, unknown>[]
  }
  const row = rows[0]!
  return { moneyIn: Number(row.moneyIn), moneyOut: Number(row.moneyOut), entryCount: Number(row.entryCount), net: netFiguresFromSums(row) }
}

export async function statementSummary(db: Db, vendorId: string, of: StatementWallet, edges: StatementEdges): Promise<Statement> {
  // Up to the last entry the edges saw: one that arrives while a file is written is in neither its lines nor totals.
  const figures = await entryFigures(db, vendorId, of.wallet.id, edges.startAt, edges.endAt, edges.last)
  return {
    walletName: of.name,
    accountNumber: of.wallet.accountNumber,
    bankName: of.wallet.bankName,
    from: edges.from,
    to: edges.to,
    startAt: edges.startAt.toISOString(),
    endAt: edges.endAt.toISOString(),
    openingBalance: edges.openingBalance,
    moneyIn: figures.moneyIn,
    moneyOut: figures.moneyOut,
    closingBalance: edges.openingBalance + figures.moneyIn - figures.moneyOut,
    entryCount: figures.entryCount,
    ...figures.net,
  }
}

/** Net figures of a wallet over [start, end] (both inclusive, as the analytics ranges are), by the statement's rule. */
export async function netFiguresOf(db: Db, vendorId: string, walletId: string, start: Date, end: Date): Promise<NetFigures> {
  return (await entryFigures(db, vendorId, walletId, start, new Date(end.getTime() + 1))).net
}

/** One line of a statement: an entry, what its transaction says, and the balance the statement ran to. */
export interface StatementLine {
  id: number
  at: Date
  reference: string
  description: string
  status: string
  narration: string | null
  /** Signed kobo: positive in, negative out (a debit with its fee). */
  amount: number
  /** The fee inside `amount`, unsigned. */
  fee: number
  /** The running balance: the opening balance plus every line so far (the ledger's balance_after, decision 178). */
  balance: number
}

/** Rows read per query while writing a statement file (decision 159's size: a short indexed read each). */
export const STATEMENT_CHUNK_ROWS = 1000

/**
 * Reads the statement's lines chunk after chunk, in id order, each chunk strictly after the last id read, computing
 * the running balance as it goes. Memory is one chunk whatever the range.
 */
export function statementLines(db: Db, vendorId: string, walletId: string, edges: StatementEdges, chunkRows = STATEMENT_CHUNK_ROWS) {
  let after = edges.first - 1
  let balance = edges.openingBalance
  let done = edges.first > edges.last
  return async function next(): Promise<StatementLine[] | null> {
    if (done) return null
    const rows = await db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        at: ledgerEntries.createdAt,
        fee: sql<number>`${feePartSql}`.mapWith(Number),
        txn: {
          reference: transactions.reference,
          type: transactions.type,
          status: transactions.status,
          narration: transactions.narration,
          counterpartyKind: transactions.counterpartyKind,
          outletName: transactions.outletName,
          originatorAccountName: transactions.originatorAccountName,
          beneficiaryAccountName: transactions.beneficiaryAccountName,
          orderReference: transactions.orderReference,
        },
        refundId: refunds.id,
      })
      .from(ledgerEntries)
      .innerJoin(transactions, and(eq(transactions.vendorId, ledgerEntries.vendorId), eq(transactions.id, ledgerEntries.transactionId)))
      .leftJoin(refunds, and(eq(refunds.vendorId, ledgerEntries.vendorId), eq(refunds.transactionId, ledgerEntries.transactionId)))
      .where(linesAfter(vendorId, walletId, edges, after))
      .orderBy(asc(ledgerEntries.id))
      .limit(chunkRows)
    if (rows.length < chunkRows) done = true
    if (!rows.length) return null
    after = Number(rows.at(-1)!.id)
    return rows.map((row) => {
      const amount = Number(row.amount)
      balance += amount
      return {
        id: Number(row.id),
        at: row.at,
        reference: row.txn.reference,
        description: describe(row.txn, amount, row.refundId !== null),
        status: row.txn.status,
        narration: row.txn.narration,
        amount,
        fee: Math.abs(row.fee),
        balance,
      }
    })
  }
}

interface Described {
  type: 'credit' | 'debit'
  counterpartyKind: 'main' | 'outlet' | null
  outletName: string | null
  originatorAccountName: string | null
  beneficiaryAccountName: string | null
  orderReference: string | null
}

/** What the line was, in words: the other side, as the transactions list names it (decision 112). */
function describe(t: Described, amount: number, isRefund: boolean): string {
  let what: string
  if (t.counterpartyKind === 'outlet') what = t.type === 'credit' ? `From outlet ${t.outletName}` : `To outlet ${t.outletName}`
  else if (t.counterpartyKind === 'main') what = t.type === 'credit' ? 'From main wallet' : 'To main wallet'
  else if (isRefund) what = `Refund${t.orderReference ? ` of ${t.orderReference}` : ''} to ${t.beneficiaryAccountName ?? 'the payer'}`
  else if (t.type === 'credit') what = `Transfer from ${t.originatorAccountName ?? 'a bank account'}`
  else what = `Transfer to ${t.beneficiaryAccountName ?? 'a bank account'}`
  if (t.type === 'credit' && t.orderReference && !isRefund) what += ` for ${t.orderReference}`
  // A debit's money coming back (a failed or reversed transfer) is a line of its own, as on a bank statement.
  const reversal = (t.type === 'debit' && amount > 0) || (t.type === 'credit' && amount < 0)
  return reversal ? `Reversal: ${what}` : what
}
