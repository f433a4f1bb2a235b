import { eq } from 'drizzle-orm'

import { nubanFor } from '#contract/nuban'

import { startOfLagosDay } from '../analytics'
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS, systemClock } from '../clock'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { shops } from '../db/onboarding-schema'
import { transactions, users, vendors } from '../db/schema'
import { createVendorAccount } from '../money/accounts'
import { bankByCode } from '../money/banks'
import { vendorWallet } from '../money/ledger'
import { SandboxBankingProvider } from '../money/sandbox-bank'
import { recordSeededStatement } from '../money/sandbox-bank-records'
import { sandboxAccountName } from '../money/sandbox-names'
import { debitForTransfer, settle } from '../money/transfers'
import { receiveBankCredit } from '../orders/inbound'
import type { Storage } from '../storage'
import { seedCatalogue } from './catalogue'
import { seedDisputes } from './disputes'
import { DEMO_HISTORY, DEMO_SETTLEMENT, type SeedEvent } from './history'
import { outletSteps } from './outlets'
import { salesSteps } from './sales'
import { seedSellingTerms } from './selling-terms'
import { runInTimeOrder } from './timeline'

/** Printed at start-up and used by the end-to-end tests. */
export const DEMO = {
  email: 'demo@vendor.test',
  password: 'demo-pass-2026',
  pin: '1234',
  vendorName: 'Mama Put Kitchen',
  ownerName: 'Adaeze Okafor',
  phone: '08031234567',
  /** The demo storefront lives at /shop/{shopUrl}. */
  shopUrl: 'mama-put-kitchen',
} as const

export interface SeedResult {
  created: boolean
  vendorId: string
}

export interface SeedOptions {
  /** Where the demo products' pictures and QR code go. */
  storage: Storage
  /** Origin the demo pay link's QR code points at (PUBLIC_URL, or the server's own URL). */
  origin: string
  clock?: Clock
}

/**
 * Creates the demo vendor on first start: approved, PIN set, a settlement account, third-party transfers on, two
 * weeks of history posted through the real ledger and transfer code, and a menu made through the catalogue code.
 * Does nothing when the demo owner already exists, so every start can call it.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const [existing] = await db.select({ vendorId: users.vendorId }).from(users).where(eq(users.email, DEMO.email))
  if (existing) return { created: false, vendorId: existing.vendorId }

  try {
    return await createDemo(db, options)
  } catch (error) {
    // Two processes starting together on one PostgreSQL: the other one seeded first, which is fine.
    if (!isUniqueViolation(error)) throw error
    const [seeded] = await db.select({ vendorId: users.vendorId }).from(users).where(eq(users.email, DEMO.email))
    if (!seeded) throw error
    return { created: false, vendorId: seeded.vendorId }
  }
}

/** Event times: the given Lagos hour `days` ago, kept in the past and in order when the seed runs early in a day. */
function eventTimes(now: Date): Date[] {
  const today = startOfLagosDay(now).getTime()
  return DEMO_HISTORY.map(([days, hour], i) => {
    const planned = today - days * DAY_MS + hour * HOUR_MS
    return new Date(Math.min(planned, now.getTime() - (DEMO_HISTORY.length - i) * 7 * MINUTE_MS))
  })
}

async function postEvent(tx: Tx, vendorId: string, [, , event]: SeedEvent, at: Date, bank: SandboxBankingProvider) {
  if (event.kind === 'credit') {
    // Through the webhook's own path, so each payer is the customer their bank and account make them (decision 088)
    // and their page lists these credits too.
    const wallet = await vendorWallet(tx, vendorId, 'main')
    const { transaction } = await receiveBankCredit(tx, {
      vendorId,
      wallet: wallet!,
      amount: event.amount,
      originator: { accountName: event.from, bankName: event.bank, accountNumber: event.account },
      narration: event.narration,
      createdAt: at,
    })
    if (event.markedPos) {
      await tx.update(transactions).set({ isPos: true }).where(eq(transactions.id, transaction.id))
    }
    return
  }
  const accountNumber = nubanFor(event.bankCode, event.serial)
  const beneficiary = {
    accountNumber,
    bankCode: event.bankCode,
    bankName: bankByCode(event.bankCode)!.name,
    accountName: sandboxAccountName(accountNumber, event.bankCode),
  }
  const pending = await debitForTransfer(tx, vendorId, beneficiary, { amount: event.amount, narration: event.narration, at })
  const answer = await bank.transfer({ ...beneficiary, amount: event.amount, reference: pending.reference, narration: event.narration })
  await settle({ db: tx, clock: { now: () => new Date(at.getTime() + 4_000) } }, pending, answer)
}

/** How the demo storefront looks (Settings → Website edits it). */
export const DEMO_SHOP_LOOK = {
  description: 'Home-style Lagos cooking: jollof, soups and small chops, made fresh every day in Lekki and Ikeja.',
  font: 'poppins',
  background: 'sand',
} as const

function createDemo(db: Db, { storage, origin, clock = systemClock }: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const account = await createVendorAccount(tx, {
      name: DEMO.vendorName,
      email: DEMO.email,
      phone: DEMO.phone,
      ownerName: DEMO.ownerName,
      password: DEMO.password,
      pin: DEMO.pin,
      status: 'approved',
      url: DEMO.shopUrl,
    })
    const vendorId = account.vendor.id
    const settlementNumber = nubanFor(DEMO_SETTLEMENT.bankCode, DEMO_SETTLEMENT.serial)
    await tx
      .update(vendors)
      .set({
        thirdPartyTransfers: true,
        settlementAccountNumber: settlementNumber,
        settlementBankCode: DEMO_SETTLEMENT.bankCode,
        settlementAccountName: sandboxAccountName(settlementNumber, DEMO_SETTLEMENT.bankCode),
      })
      .where(eq(vendors.id, vendorId))
    await seedCatalogue(tx, { vendorId, storage, origin })
    await tx.insert(shops).values({ vendorId, ...DEMO_SHOP_LOOK })
    await seedSellingTerms(tx, vendorId, clock.now())
    // Two weeks of the wallet's own events, sales and outlets, written in time order as production writes the
    // ledger (timeline.ts): each module in turn would put its two weeks after the other's.
    const bank = new SandboxBankingProvider()
    const times = eventTimes(clock.now())
    await runInTimeOrder([
      ...DEMO_HISTORY.map((event, i) => ({ at: times[i]!, run: () => postEvent(tx, vendorId, event, times[i]!, bank) })),
      ...(await salesSteps(tx, { vendorId, userId: account.owner.id, clock })),
      ...outletSteps(tx, { vendor: account.vendor, clock }),
    ])
    await seedDisputes(tx, { vendorId, clock })
    // The sandbox bank's side of all that money, so the morning's reconciliation of a seeded day matches.
    await recordSeededStatement(tx, vendorId)
    return { created: true, vendorId }
  })
}
