import type { statementEndpoints } from '#contract/statements'

import { analyticsRange } from '../analytics'
import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import type { AppDeps } from '../deps'
import { describeError } from '../errors'
import type { HandlersFor } from '../http/types'
import { vendorWallet } from '../money/ledger'
import { netFiguresOf, statementEdges, statementRange, statementSummary, type StatementWallet } from '../money/statement'
import { statementCsv, type StatementFileInput, statementPdf } from '../money/statement-files'
import { outletFor } from '../outlets/scope'

type Days = { from: string; to: string }

async function mainWallet(db: Db, vendorId: string): Promise<StatementWallet> {
  const wallet = await vendorWallet(db, vendorId, 'main')
  if (!wallet) throw new Error(`Vendor ${vendorId} has no main wallet`)
  return { wallet, name: 'Main wallet' }
}

/** An outlet's wallet, if the caller sees the outlet (scope.ts: members only theirs; else 404 as another vendor's). */
async function outletWallet(db: Db, auth: Auth, outletId: string) {
  const { outlet, wallet } = await outletFor(db, auth, outletId, { acting: false })
  return { of: { wallet, name: outlet.name }, address: outlet.address }
}

async function fileInput(
  db: Db,
  deps: AppDeps,
  auth: Auth,
  days: Days,
  found: { of: StatementWallet; address?: string },
  what: string,
): Promise<StatementFileInput> {
  const edges = await statementEdges(db, auth.vendorId, found.of.wallet.id, statementRange(days))
  return {
    vendorId: auth.vendorId,
    ...found,
    edges,
    now: deps.clock.now(),
    onError: (error) => deps.logger.error(`[api] ${what} failed mid-file:`, describeError(error)),
  }
}

export const statementHandlers: HandlersFor<typeof statementEndpoints> = {
  async statement({ auth, db, query }) {
    const of = await mainWallet(db, auth.vendorId)
    const edges = await statementEdges(db, auth.vendorId, of.wallet.id, statementRange(query))
    return { data: await statementSummary(db, auth.vendorId, of, edges) }
  },

  async statementCsv({ auth, db, deps, query }) {
    const of = await mainWallet(db, auth.vendorId)
    return statementCsv(db, await fileInput(db, deps, auth, query, { of }, 'statementCsv'))
  },

  async statementPdf({ auth, db, deps, query }) {
    const of = await mainWallet(db, auth.vendorId)
    return statementPdf(db, deps.storage, await fileInput(db, deps, auth, query, { of }, 'statementPdf'))
  },

  async outletStatement({ auth, db, query }) {
    const { of } = await outletWallet(db, auth, query.outletId)
    const edges = await statementEdges(db, auth.vendorId, of.wallet.id, statementRange(query))
    return { data: await statementSummary(db, auth.vendorId, of, edges) }
  },

  async outletStatementCsv({ auth, db, deps, query }) {
    const found = await outletWallet(db, auth, query.outletId)
    return statementCsv(db, await fileInput(db, deps, auth, query, found, 'outletStatementCsv'))
  },

  async outletStatementPdf({ auth, db, deps, query }) {
    const found = await outletWallet(db, auth, query.outletId)
    return statementPdf(db, deps.storage, await fileInput(db, deps, auth, query, found, 'outletStatementPdf'))
  },

  async netFigures({ auth, db, deps, query }) {
    const { start, end } = analyticsRange(query, deps.clock.now())
    const { wallet } = await mainWallet(db, auth.vendorId)
    const figures = await netFiguresOf(db, auth.vendorId, wallet.id, start, end)
    return { data: { startDate: start.toISOString(), endDate: end.toISOString(), ...figures } }
  },
}
