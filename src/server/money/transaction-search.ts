import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm'

import { COUNT_CAP } from '#contract/common'
import { parseNairaToKobo } from '#contract/money'

import { cappedCountQuery } from '../db/capped-count'
import type { Db } from '../db/client'
import { beforePosition, type KeysetPosition } from '../db/keyset'
import { transactions } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'

/*
 * The search box's conditions (decisions 130 and 157), apart from the list that reads them
 * (transaction-queries.ts): a fragment of what a row shows, an amount typed as naira, and an amount search's two
 * sides read apart. A whole reference is looked up by boundList there (wholeReference).
 */

/**
 * What a row shows, as one text (migration 0017's `transaction_search_text`): the other side's name (a credit's
 * payer, a debit's payee), the reference, the narration, an own transfer's outlet and an order's reference. Called
 * with the same columns as the GIN index `transactions_wallet_search_idx`, so the planner answers from the index.
 */
const searchText = sql`transaction_search_text(${transactions.type}, ${transactions.originatorAccountName}, ${transactions.beneficiaryAccountName}, ${transactions.reference}, ${transactions.narration}, ${transactions.outletName}, ${transactions.orderReference})`

/**
 * "Did this payment arrive?" (issues 22 and 35): a fragment of what a row shows, in any case (searchText, from its
 * trigram index); text that reads as naira ('5000', '5,000', '₦5,000.50') is also that exact amount in kobo, from the
 * (vendor, wallet, amount) index. Both are index conditions, so their OR is a BitmapOr, never a scan (the list reads
 * the two apart: newestIds, eitherCount). A term under three characters has no trigram to look up: it reads as an
 * amount alone when it is one ('50' is ₦50, not every reference with a 5 and a 0 in a row). A whole reference is looked up first by boundList (wholeReference).
 */
export function transactionSearch(text: string | undefined): SQL | undefined {
  const parts = searchParts(text)
  if (!parts) return undefined
  return parts.amount ? or(parts.amount, parts.fragment) : parts.fragment
}

/**
 * A search's sides: the text fragment and, for text that reads as naira, the amount (alone under 3 characters).
 * `text` marks a search by words alone (a name, a narration): the one kind whose matches are not counted when
 * there would be many (countsCheaply in db/capped-count.ts).
 */
export function searchParts(text: string | undefined): { amount?: SQL; otherAmount?: SQL; fragment: SQL; text?: true } | undefined {
  const term = text?.trim()
  if (!term) return undefined
  const kobo = parseNairaToKobo(term)
  const fragment = sql`${searchText} ilike ${containsPattern(term)}`
  if (kobo === null) return { fragment, text: true }
  const amount = eq(transactions.amount, kobo)
  return term.length < 3 ? { fragment: amount } : { amount, otherAmount: ne(transactions.amount, kobo), fragment }
}

/**
 * The text side of an amount search narrowed to one wallet's rows showing the term's digits (decision 172): each run
 * of three digits in a row of the term is a key `<wallet id>:<digits>` of migration 0030's
 * transactions_wallet_digits_idx, which holds those of every row's search text. A row matching the fragment shows
 * every such run, so this only narrows what the ILIKE then decides: the matches are the same, read from keys of this
 * wallet alone instead of the trigram index's wallet column (a walk of the wallet's whole posting tree). Undefined
 * when the term has no three digits in a row (then the trigram index answers, as before).
 *
 * The ILIKE here is on `search text || ''`, an expression no index holds, so it can only decide on the rows the keys
 * gave: on the bare search text the planner was free to pick the trigram index instead, and on CI's shared
 * database its estimates sometimes did (stop 47's failed run).
 */
export function walletDigits(walletId: string, text: string | undefined): SQL | undefined {
  const term = text?.trim() ?? ''
  const keys = new Set<string>()
  for (const [run] of term.matchAll(/[0-9]{3,}/g)) {
    for (let at = 0; at + 3 <= run.length; at++) keys.add(`${walletId}:${run.slice(at, at + 3)}`)
  }
  if (!keys.size) return undefined
  const wanted = sql.join(
    [...keys].map((key) => sql`${key}`),
    sql`, `,
  )
  return sql`transaction_digit_keys(${transactions.walletId}, ${searchText}) @> array[${wanted}]::text[] and (${searchText} || '') ilike ${containsPattern(term)}`
}

/** As many rows as the page and the rows it skips. */
const enough = sql`${sql.placeholder('limit')}::int + ${sql.placeholder('offset')}::int`

/** The newest ids of one side of a search, in order from that side's index. */
function newestIds(side: SQL, past: SQL | undefined): SQL {
  return sql`(select ${transactions.id} from ${transactions} where ${and(side, past)} order by ${transactions.createdAt} desc, ${transactions.id} desc limit ${enough})`
}

/**
 * One side of a search read once (decision 165), as a CTE of its matches (at most COUNT_CAP + 1, any order) that the
 * page and the count both read: from the trigram index (or the digits index, decision 172), each read of which costs
 * ~3 ms at a million rows even for 7 matches. Should it hold more than COUNT_CAP, its newest are read in order from
 * the table's indexes instead.
 */
function searchedSide(db: Db, name: string, condition: SQL, after: KeysetPosition | undefined) {
  const side = db.$with(name).as(
    db
      .select({ id: transactions.id, at: transactions.createdAt })
      .from(transactions)
      .where(condition)
      .limit(COUNT_CAP + 1),
  )
  const all = sql`(select count(*) from ${side}) <= ${COUNT_CAP}`
  const pastSide = after ? beforePosition(side.at, side.id, after) : undefined
  const past = after ? beforePosition(transactions.createdAt, transactions.id, after) : undefined
  const fromSide = sql`(select ${side.id} from ${side} where ${and(all, pastSide)} order by ${side.at} desc, ${side.id} desc limit ${enough})`
  const inOrder = sql`(select ordered.id from ${newestIds(condition, past)} as ordered where not ${all})`
  return { side, ids: sql`${fromSide} union all ${inOrder}`, count: sql`(select count(*) from ${side})` }
}

/** A search's page and total read from the searched rows: the `ids` the page shows (with `side`) and their `count`. */
export interface SearchRead {
  side: ReturnType<typeof searchedSide>['side']
  ids: SQL
  count: SQL
}

/**
 * An amount search's page and total (decision 157), its two sides (no row in both) read apart: the amount side in
 * order from the (vendor, wallet, amount, created_at desc, id desc) index, its count index-only; the fragment side
 * (a run of digits: rare in names and references) read once (searchedSide). A BitmapOr instead read every match of
 * the amount and walked ~23,000 rows for 100 at a million rows.
 */
export function amountSearch(db: Db, [amount, fragment]: [SQL, SQL], after: KeysetPosition | undefined): SearchRead {
  const past = after ? beforePosition(transactions.createdAt, transactions.id, after) : undefined
  const fragmentSide = searchedSide(db, 'fragment_side', fragment, after)
  return {
    side: fragmentSide.side,
    ids: sql`${transactions.id} in (${newestIds(amount, past)} union all ${fragmentSide.ids})`,
    // Each side counted no further than COUNT_CAP + 1, as cappedCountQuery does; cappedTotal caps the sum.
    count: sql`select (${cappedCountQuery(db, transactions, amount)}) + ${fragmentSide.count}`,
  }
}

/**
 * A search by words the planner expects few matches of (countsCheaply; decision 197): its matches read once
 * (searchedSide), the page the newest of them. Left to the planner, a page of 20 from a name estimated at 1% of a
 * wallet (the table's statistics are every vendor's) was read by walking the wallet newest first and testing the
 * name on each row: for a name this wallet holds three times, every row of the wallet.
 */
export function wordSearch(db: Db, filter: SQL, after: KeysetPosition | undefined): SearchRead {
  const matches = searchedSide(db, 'word_side', filter, after)
  return { side: matches.side, ids: sql`${transactions.id} in (${matches.ids})`, count: sql`select ${matches.count}` }
}
