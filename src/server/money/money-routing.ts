import { and, eq } from 'drizzle-orm'

import { nationalNumber, smsAddress } from '../auth/phone'
import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { users, vendorAuditEvents, type VendorRow, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { describeError } from '../errors'
import type { Notification } from '../notifier'
import { findEnquiry, spendEnquiry } from './name-enquiry'
import { verifyPin } from './pin'

/*
 * Where money goes (docs/decisions/087-where-money-goes-is-guarded.md). The settlement account is the one
 * destination a transfer may reach with third-party transfers off, so changing it, or turning third-party
 * transfers on, is as good as sending money: the caller's PIN (the same lockout as Send Money), a row in
 * vendor_audit_events saying who and when, and a message to the owner, who may not be the one who did it.
 */

export type AuditKind = 'settlement_account_changed' | 'third_party_transfers_enabled'

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
async function notifyOwner(deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>, vendorId: string, subject: string, text: string) {
  const [owner] = await deps.db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.role, 'owner')))
    .limit(1)
  if (!owner) return
  const national = nationalNumber(owner.phone)
  const messages: Notification[] = [
    ...(national ? [{ channel: 'sms' as const, to: smsAddress(national), subject, text }] : []),
    ...(owner.email ? [{ channel: 'email' as const, to: owner.email, subject, text }] : []),
  ]
  for (const message of messages) {
    try {
      await deps.notifier.send(message)
    } catch (error) {
      deps.logger.error(`[banking] could not tell the owner by ${message.channel}:`, describeError(error))
    }
  }
}

export const settlementChangedText = (account: SettlementDetail & { bankName: string }, by: string) =>
  `Your settlement account was changed to ${account.bankName} ${account.accountNumber} (${account.accountName}) by ${by}`

export const thirdPartyEnabledText = (by: string) =>
  `Third-party transfers were turned on by ${by}: money can now be sent to any account, not only your settlement account`

const settlementOfRow = (vendor: VendorRow): SettlementDetail | null =>
  vendor.settlementAccountNumber && vendor.settlementBankCode
    ? {
        accountNumber: vendor.settlementAccountNumber,
        bankCode: vendor.settlementBankCode,
        accountName: vendor.settlementAccountName ?? '',
      }
    : null

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'logger'>

/** POST /bank/settlement-account: the resolved account (by requestId) becomes where payouts go. */
export async function changeSettlementAccount(deps: Deps, auth: Auth, input: { requestId: string; pin: string }): Promise<VendorRow> {
  // A stale or foreign requestId is refused before the PIN, so it does not cost one of the user's tries.
  await findEnquiry(deps.db, auth.vendorId, input.requestId, deps.clock.now())
  await verifyPin(deps.db, auth.user, input.pin)
  const now = deps.clock.now()
  const { vendor, enquiry } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    const spent = await spendEnquiry(tx, auth.vendorId, input.requestId, now)
    const [after] = await tx
      .update(vendors)
      .set({ settlementAccountNumber: spent.accountNumber, settlementBankCode: spent.bankCode, settlementAccountName: spent.accountName })
      .where(eq(vendors.id, auth.vendorId))
      .returning()
    const to = { accountNumber: spent.accountNumber, bankCode: spent.bankCode, accountName: spent.accountName }
    await recordAudit(tx, auth, 'settlement_account_changed', { from: settlementOfRow(before!), to }, now)
    return { vendor: after!, enquiry: spent }
  })
  await notifyOwner(deps, auth.vendorId, 'Your settlement account was changed', settlementChangedText(enquiry, auth.user.name))
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
  if (turnedOn) await notifyOwner(deps, auth.vendorId, 'Third-party transfers were turned on', thirdPartyEnabledText(auth.user.name))
  return vendor
}
