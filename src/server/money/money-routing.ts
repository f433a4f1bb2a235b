import { and, eq } from 'drizzle-orm'

import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { users, vendorAuditEvents, type VendorRow, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { type MessageText, settlementCancelledMessage, settlementChangedMessage, thirdPartyEnabledMessage } from '../messages/texts'
import { byEmail, bySms, findOwner, sendNotices } from '../notices'
import { findEnquiry, spendEnquiry } from './name-enquiry'
import { namesMatch } from './name-match'
import { verifyPin } from './pin'

/*
 * Where money goes (docs/decisions/087-where-money-goes-is-guarded.md). The settlement account is the one
 * destination a transfer may reach with third-party transfers off, so changing it, or turning third-party
 * transfers on, is as good as sending money: the caller's PIN (the same lockout as Send Money), a row in
 * vendor_audit_events saying who and when, and a message to the owner, who may not be the one who did it.
 */

export type AuditKind = 'settlement_account_changed' | 'settlement_change_cancelled' | 'third_party_transfers_enabled'

export interface SettlementDetail {
  accountNumber: string
  bankCode: string
  accountName: string
}

async function recordAudit(db: Db, auth: Auth, kind: AuditKind, detail: Record<string, unknown>, at: Date) {
  await db.insert(vendorAuditEvents).values({ vendorId: auth.vendorId, userId: auth.userId, kind, detail, createdAt: at })
}

/**
 * SMS and e-mail to the vendor's owner. Sent after commit: the change stands whether or not the message goes,
 * so a provider failure is logged, not turned into an error the user would retry.
 */
async function notifyOwner(deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>, vendorId: string, message: MessageText, what: string) {
  const owner = await findOwner(deps.db, vendorId)
  if (!owner) return
  await sendNotices(deps, [...bySms(owner, message), ...byEmail(owner, message)], { tag: 'banking', what })
}

const settlementOfRow = (vendor: VendorRow): SettlementDetail | null =>
  vendor.settlementAccountNumber && vendor.settlementBankCode
    ? {
        accountNumber: vendor.settlementAccountNumber,
        bankCode: vendor.settlementBankCode,
        accountName: vendor.settlementAccountName ?? '',
      }
    : null

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'logger' | 'settlementCoolingMs'>

/**
 * The bank's name for the account must be the business's registered name or the owner's (decision 143; the
 * owner's name is the one the operator checked against the identity document before approval). Refused before the
 * PIN, so a wrong account costs no try.
 */
async function ensureOwnAccount(db: Db, vendor: VendorRow, accountName: string): Promise<void> {
  const [owner] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.vendorId, vendor.id), eq(users.role, 'owner')))
    .limit(1)
  const ownerName = owner?.name ?? ''
  if (namesMatch(accountName, vendor.name) || (ownerName && namesMatch(accountName, ownerName))) return
  const message =
    `The bank gives this account's name as "${accountName}", which matches neither the business's registered name ` +
    `"${vendor.name}" nor the owner's name "${ownerName}". Payouts can only go to an account in one of these names.`
  throw new ApiError(422, 'SETTLEMENT_NAME_MISMATCH', message, { issues: [{ path: 'requestId', message }] })
}

/** Whether the vendor's settlement account is still cooling off at `at`. */
const isCooling = (vendor: VendorRow, at: Date) => vendor.settlementUsableFrom !== null && vendor.settlementUsableFrom > at

/** POST /bank/settlement-account: the resolved account (by requestId) becomes where payouts go. */
export async function changeSettlementAccount(deps: Deps, auth: Auth, input: { requestId: string; pin: string }): Promise<VendorRow> {
  // A stale or foreign requestId is refused before the PIN, so it does not cost one of the user's tries.
  const found = await findEnquiry(deps.db, auth.vendorId, input.requestId, deps.clock.now())
  await ensureOwnAccount(deps.db, auth.vendor, found.accountName)
  await verifyPin(deps.db, auth.user, input.pin)
  const now = deps.clock.now()
  const { vendor, enquiry } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    const spent = await spendEnquiry(tx, auth.vendorId, input.requestId, now)
    // Every new account cools off, the first one too (decision 143). What stays usable meanwhile, and what a
    // cancel restores, is the last account that was usable: a change during a change keeps the older one.
    const keep = isCooling(before!, now)
    const [after] = await tx
      .update(vendors)
      .set({
        settlementAccountNumber: spent.accountNumber,
        settlementBankCode: spent.bankCode,
        settlementAccountName: spent.accountName,
        settlementUsableFrom: new Date(now.getTime() + deps.settlementCoolingMs),
        previousSettlementAccountNumber: keep ? before!.previousSettlementAccountNumber : before!.settlementAccountNumber,
        previousSettlementBankCode: keep ? before!.previousSettlementBankCode : before!.settlementBankCode,
        previousSettlementAccountName: keep ? before!.previousSettlementAccountName : before!.settlementAccountName,
      })
      .where(eq(vendors.id, auth.vendorId))
      .returning()
    const to = { accountNumber: spent.accountNumber, bankCode: spent.bankCode, accountName: spent.accountName }
    await recordAudit(tx, auth, 'settlement_account_changed', { from: settlementOfRow(before!), to }, now)
    return { vendor: after!, enquiry: spent }
  })
  const usableFrom = vendor.settlementUsableFrom && vendor.settlementUsableFrom > now ? vendor.settlementUsableFrom : null
  await notifyOwner(
    deps,
    auth.vendorId,
    settlementChangedMessage(auth.vendor.name, enquiry, auth.user.name, usableFrom),
    'settlement change',
  )
  return vendor
}

/**
 * POST /bank/settlement-account/cancel: while a new account cools off, payouts go back to the previous one (or to
 * none, when it was the first). No PIN: it only narrows where money may go, and the owner may need it at once.
 */
export async function cancelSettlementChange(deps: Deps, auth: Auth, input: { accountNumber: string }): Promise<VendorRow> {
  const now = deps.clock.now()
  const { vendor, restored } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    if (!isCooling(before!, now) || before!.settlementAccountNumber !== input.accountNumber) {
      throw new ApiError(409, 'NO_SETTLEMENT_CHANGE', 'There is no settlement account change waiting to be cancelled')
    }
    const restored = before!.previousSettlementAccountNumber
      ? {
          accountNumber: before!.previousSettlementAccountNumber,
          bankCode: before!.previousSettlementBankCode ?? '',
          accountName: before!.previousSettlementAccountName ?? '',
        }
      : null
    const [after] = await tx
      .update(vendors)
      .set({
        settlementAccountNumber: restored?.accountNumber ?? null,
        settlementBankCode: restored?.bankCode ?? null,
        settlementAccountName: restored?.accountName ?? null,
        settlementUsableFrom: null,
        previousSettlementAccountNumber: null,
        previousSettlementBankCode: null,
        previousSettlementAccountName: null,
      })
      .where(eq(vendors.id, auth.vendorId))
      .returning()
    await recordAudit(tx, auth, 'settlement_change_cancelled', { from: settlementOfRow(before!), to: restored }, now)
    return { vendor: after!, restored }
  })
  await notifyOwner(
    deps,
    auth.vendorId,
    settlementCancelledMessage(auth.vendor.name, auth.user.name, restored),
    'settlement change cancelled',
  )
  return vendor
}

/** PATCH /vendor/third-party-transfers. Turning them off needs the PIN too, but nobody has to be told. */
export async function setThirdPartyTransfers(deps: Deps, auth: Auth, input: { isEnabled: boolean; pin: string }): Promise<VendorRow> {
  await verifyPin(deps.db, auth.user, input.pin)
  const now = deps.clock.now()
  const { vendor, turnedOn } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    const [after] = await tx.update(vendors).set({ thirdPartyTransfers: input.isEnabled }).where(eq(vendors.id, auth.vendorId)).returning()
    const turnedOn = !before!.thirdPartyTransfers && after!.thirdPartyTransfers
    if (turnedOn) await recordAudit(tx, auth, 'third_party_transfers_enabled', { from: false, to: true }, now)
    return { vendor: after!, turnedOn }
  })
  if (turnedOn) await notifyOwner(deps, auth.vendorId, thirdPartyEnabledMessage(auth.vendor.name, auth.user.name), 'third-party transfers')
  return vendor
}
