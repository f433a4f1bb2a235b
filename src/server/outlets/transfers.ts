import { and, eq } from 'drizzle-orm'

import type { OutletTransfer } from '#contract/outlets'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import { outlets } from '../db/schema'
import { ApiError } from '../errors'
import { type RecoveredAnswer, recoverStaleClaimsWith } from '../http/idempotency'
import { findInternalTransferByKey, type PostedInternalTransfer, postInternalTransferWithin } from '../money/internal-transfers'
import { vendorWallet } from '../money/ledger'
import { verifyPin } from '../money/pin'
import { toTransaction } from '../money/transaction-queries'
import { refuseSpentKey } from '../money/transfers'
import { outletFor } from './scope'

/*
 * Transfer to Outlet (main → outlet) and Transfer to Main Wallet (outlet → main), docs/decisions/043 and 044.
 * One database transaction: the outlet row is share-locked (so a status change waits for transfers in flight and
 * no transfer lands after the outlet went inactive), then the ledger locks main, clearing and the outlet wallet in
 * id order and posts a debit row on the paying wallet and a credit row on the receiving one. Every refusal is an
 * ApiError thrown before anything commits, as the idempotency layer requires.
 */

export type OutletTransferDirection = 'to-outlet' | 'to-main'

export interface OutletTransferInput {
  outletId: string
  amount: number
  narration?: string | null
  /** The caller's transaction PIN: moving money either way needs it, as Send Money does (decision 086). */
  pin: string
  idempotencyKey: string
}

const inactive = () => new ApiError(409, 'OUTLET_INACTIVE', 'This outlet is inactive: it cannot send or receive transfers')
const inactiveFundsOnlyOut = () =>
  new ApiError(409, 'OUTLET_INACTIVE', 'This outlet is inactive: money can only be moved out of it, to the main wallet')

export interface OutletTransferWithin {
  vendorId: string
  outlet: { id: string; name: string }
  outletWalletId: string
  direction: OutletTransferDirection
  amount: number
  narration?: string | null
  idempotencyKey?: string | null
  /**
   * The owner and team managers may empty an inactive outlet into the main wallet: bank credits still land in
   * it (decision 043), and reactivating it just to move them out would let its members act for it again.
   */
  mayEmptyInactive?: boolean
  at: Date
}

/** The transfer inside the caller's transaction (the request's own, or the demo seed's). */
export async function postOutletTransferWithin(tx: Tx, input: OutletTransferWithin): Promise<PostedInternalTransfer> {
  const [current] = await tx
    .select({ status: outlets.status })
    .from(outlets)
    .where(and(eq(outlets.vendorId, input.vendorId), eq(outlets.id, input.outlet.id)))
    .for('share')
  const toOutlet = input.direction === 'to-outlet'
  if (current?.status !== 'active') {
    if (!input.mayEmptyInactive) throw inactive()
    if (toOutlet) throw inactiveFundsOnlyOut()
  }
  const main = await vendorWallet(tx, input.vendorId, 'main')
  if (!main) throw new Error(`Vendor ${input.vendorId} has no main wallet`)
  return postInternalTransferWithin(tx, {
    vendorId: input.vendorId,
    fromWalletId: toOutlet ? main.id : input.outletWalletId,
    toWalletId: toOutlet ? input.outletWalletId : main.id,
    amount: input.amount,
    outlet: input.outlet,
    // Only what the user typed: each row names its other side itself (decision 112).
    narration: input.narration?.trim() || null,
    referencePrefix: 'OTR',
    idempotencyKey: input.idempotencyKey,
    at: input.at,
  })
}

/** The message of POST /outlet/wallet/fund's and /outlet/transfer/vendor's answers (routes/outlets.ts). */
export const OUTLET_TRANSFER_MESSAGE = 'Transfer successful'

/** The answer's data: the outlet's side only, the main wallet's balance is not for everyone who can move money. */
function outletSide(posted: PostedInternalTransfer, direction: OutletTransferDirection): OutletTransfer {
  const row = direction === 'to-outlet' ? posted.credit : posted.debit
  return { transaction: toTransaction(row), outletBalance: posted.balances[row.walletId]! }
}

/**
 * An outlet transfer whose process died before its answer was stored (decision 072): the transfer posted under
 * the key, answered as it was (the outlet's balance right after it), or null when nothing was posted.
 */
async function recoverOutletTransfer(
  db: Db,
  claim: { vendorId: string; key: string },
  direction: OutletTransferDirection,
): Promise<RecoveredAnswer | null> {
  const posted = await findInternalTransferByKey(db, claim.vendorId, claim.key)
  if (!posted?.debit.outletId) return null
  return { body: { message: OUTLET_TRANSFER_MESSAGE, data: outletSide(posted, direction) } }
}
recoverStaleClaimsWith('fundOutlet', (db, claim) => recoverOutletTransfer(db, claim, 'to-outlet'))
recoverStaleClaimsWith('transferToMain', (db, claim) => recoverOutletTransfer(db, claim, 'to-main'))

/** POST /outlet/wallet/fund and /outlet/transfer/vendor: answers the outlet's side and its balance after. */
export async function transferWithOutlet(
  db: Db,
  auth: Auth,
  direction: OutletTransferDirection,
  input: OutletTransferInput,
  now: Date,
): Promise<OutletTransfer> {
  // Visibility first (404, or 403 for a member of an inactive outlet), outside the transaction: it locks nothing.
  const { outlet, wallet, seesAll } = await outletFor(db, auth, input.outletId, { acting: true })
  // Before the transaction, like Send Money's: a wrong PIN is counted (and answered) without locking any wallet.
  await verifyPin(db, auth.user, input.pin)
  const posted = await db
    .transaction((tx) =>
      postOutletTransferWithin(tx, {
        vendorId: auth.vendorId,
        outlet,
        outletWalletId: wallet.id,
        direction,
        amount: input.amount,
        narration: input.narration,
        idempotencyKey: input.idempotencyKey,
        mayEmptyInactive: seesAll,
        at: now,
      }),
    )
    .catch(refuseSpentKey)
  return outletSide(posted, direction)
}
