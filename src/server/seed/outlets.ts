import { nubanFor } from '#contract/nuban'
import type { Permission } from '#contract/permissions'

import { startOfLagosDay } from '../analytics'
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../clock'
import type { Tx } from '../db/client'
import type { WalletRow } from '../db/schema'
import { outletMembers } from '../db/team-schema'
import { createMember } from '../money/accounts'
import { bankByCode } from '../money/banks'
import { creditFromBank } from '../money/ledger'
import { insertOutletWithin } from '../outlets/create'
import type { OutletRow } from '../outlets/scope'
import { type OutletTransferDirection, postOutletTransferWithin } from '../outlets/transfers'
import { runInTimeOrder, type SeedStep } from './timeline'

/*
 * The demo vendor's two Lagos branches, made through the outlet code: each with its own wallet and virtual account,
 * a few bank transfers into it, and one transfer each way between main and outlet of the same amount, so the main
 * wallet keeps the balance README and start-server.test.ts quote. Two team members work there (logins in README).
 */

/** Both demo members sign in with this password (README lists them beside the owner's login). */
export const DEMO_MEMBER_PASSWORD = 'team-pass-2026'

interface DemoMember {
  name: string
  email: string
  phone: string
  permissions: Permission[]
  /** The outlets they are a member of, by name. */
  outlets: string[]
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    name: 'Tunde Bakare',
    email: 'cashier@vendor.test',
    phone: '08035550101',
    permissions: ['VENDOR_OUTLETS', 'VENDOR_ORDERS'],
    outlets: ['Lekki'],
  },
  {
    name: 'Ngozi Eze',
    email: 'manager@vendor.test',
    phone: '08035550102',
    permissions: ['VENDOR_TEAM', 'VENDOR_OUTLETS', 'VENDOR_ORDERS'],
    outlets: ['Lekki', 'Ikeja'],
  },
]

const OUTLETS = [
  {
    name: 'Lekki',
    address: '14 Admiralty Way, Lekki Phase 1, Lagos',
    email: 'lekki@mamaput.ng',
    phone: '08031110001',
  },
  { name: 'Ikeja', address: '27 Allen Avenue, Ikeja, Lagos', email: null, phone: '08031110002' },
]

/** Moved to the main wallet from Lekki, then from the main wallet to Ikeja: the main wallet ends where it began. */
const ROUND_TRIP = 50_000_00

interface SeedCredit {
  kind: 'credit'
  outlet: string
  amount: number
  from: string
  bankCode: string
  serial: string
  narration: string
}
type Event = SeedCredit | { kind: 'transfer'; outlet: string; direction: OutletTransferDirection; narration?: string }

const credit = (outlet: string, amount: number, from: string, bankCode: string, serial: string, narration: string): SeedCredit => ({
  kind: 'credit',
  outlet,
  amount,
  from,
  bankCode,
  serial,
  narration,
})

/** [days ago, hour of day in Lagos, event], oldest first. */
const EVENTS: [number, number, Event][] = [
  [9, 13, credit('Lekki', 45_000_00, 'Ifeoma Nwosu', '058', '204811736', 'Party jollof, 2 coolers')],
  [8, 12, credit('Ikeja', 32_000_00, 'Musa Danjuma', '057', '311920475', 'Office lunch, Allen Avenue')],
  [6, 19, credit('Lekki', 12_500_00, 'Bayo Adekunle', '044', '118263540', 'Asun and small chops')],
  [5, 18, credit('Ikeja', 9_500_00, 'Chiamaka Udeh', '058', '226904318', 'Zobo and puff-puff')],
  [4, 20, { kind: 'transfer', outlet: 'Lekki', direction: 'to-main' }],
  [3, 12, credit('Lekki', 78_000_00, 'Admiralty Estate Residents', '044', '140577392', 'Estate end-of-month party')],
  [2, 9, { kind: 'transfer', outlet: 'Ikeja', direction: 'to-outlet', narration: 'Float for the weekend' }],
]

/** Event times: the given Lagos hour `days` ago, kept in the past and in order when the seed runs early in a day. */
function eventTimes(now: Date): Date[] {
  const today = startOfLagosDay(now).getTime()
  return EVENTS.map(([days, hour], i) => {
    const planned = today - days * DAY_MS + hour * HOUR_MS
    return new Date(Math.min(planned, now.getTime() - (EVENTS.length - i) * 7 * MINUTE_MS))
  })
}

export async function seedOutlets(tx: Tx, options: { vendor: { id: string; name: string }; clock: Clock }): Promise<void> {
  await runInTimeOrder(outletSteps(tx, options))
}

/**
 * The outlets as dated steps (the demo runs them among its other history, by date): the opening, which makes both
 * outlets and their members, then each outlet's credits and transfers.
 */
export function outletSteps(tx: Tx, { vendor, clock }: { vendor: { id: string; name: string }; clock: Clock }): SeedStep[] {
  const now = clock.now()
  const opened = new Date(startOfLagosDay(now).getTime() - 12 * DAY_MS + 8 * HOUR_MS)
  const byName = new Map<string, { outlet: OutletRow; wallet: WalletRow }>()
  const open = async () => {
    for (const [i, outlet] of OUTLETS.entries()) {
      const createdAt = new Date(opened.getTime() + i * HOUR_MS)
      byName.set(outlet.name, await insertOutletWithin(tx, vendor, { ...outlet, createdAt, accountJobAt: null }))
    }
    for (const member of DEMO_MEMBERS) {
      const user = await createMember(tx, { ...member, vendorId: vendor.id, password: DEMO_MEMBER_PASSWORD })
      for (const name of member.outlets) {
        const { outlet } = byName.get(name)!
        await tx.insert(outletMembers).values({ vendorId: vendor.id, outletId: outlet.id, userId: user.id, createdAt: opened })
      }
    }
  }
  const post = async (event: Event, at: Date) => {
    const { outlet, wallet } = byName.get(event.outlet)!
    if (event.kind === 'credit') {
      await creditFromBank(tx, {
        vendorId: vendor.id,
        wallet,
        amount: event.amount,
        originator: {
          accountName: event.from,
          bankName: bankByCode(event.bankCode)!.name,
          accountNumber: nubanFor(event.bankCode, event.serial),
        },
        narration: event.narration,
        createdAt: at,
      })
    } else {
      await postOutletTransferWithin(tx, {
        vendorId: vendor.id,
        outlet,
        outletWalletId: wallet.id,
        direction: event.direction,
        amount: ROUND_TRIP,
        narration: event.narration,
        at,
      })
    }
  }
  const times = eventTimes(now)
  return [{ at: opened, run: open }, ...EVENTS.map(([, , event], i) => ({ at: times[i]!, run: () => post(event, times[i]!) }))]
}
