import { eq } from 'drizzle-orm'
import { createVendorAccount } from './accounts'
import { type Clock, MINUTE_MS, systemClock } from './clock'
import type { Db } from './db/client'
import { isUniqueViolation } from './db/errors'
import { users } from './db/schema'
import { creditFromBank } from './ledger'

/** Printed at start-up and used by the end-to-end tests. */
export const DEMO = {
  email: 'demo@vendor.test',
  password: 'demo-pass-2026',
  pin: '1234',
  vendorName: 'Mama Put Kitchen',
  ownerName: 'Adaeze Okafor',
  phone: '08031234567',
  /** ₦1,250,000.00 */
  balance: 125_000_000,
} as const

/** Inbound transfers that make up the demo balance: [kobo, payer, bank, account, narration, hours ago]. */
const CREDITS: [number, string, string, string, string, number][] = [
  [45_000_000, 'Chukwuemeka Obi', 'Guaranty Trust Bank', '0123456789', 'Wedding jollof and small chops', 2],
  [27_550_000, 'Aisha Bello', 'Access Bank', '0690000031', 'Office lunch, 40 plates', 9],
  [18_000_000, 'Adebayo Ogunleye', 'First Bank of Nigeria', '3012345678', 'Birthday party trays', 27],
  [12_500_000, 'Ngozi Eze', 'Zenith Bank', '2081234567', 'Ofada rice and ayamase', 50],
  [9_875_000, 'Tunde Bakare', 'United Bank for Africa', '1023456789', 'Catering deposit', 75],
  [7_525_000, 'Fatima Abubakar', 'OPay', '8031234567', 'Suya and pepper soup', 98],
  [4_550_000, 'Ifeanyi Nwosu', 'Kuda Microfinance Bank', '2001234567', 'Egusi soup 5 litres', 121],
]

export interface SeedResult {
  created: boolean
  vendorId: string
}

/**
 * Creates the demo vendor on first start: approved, PIN set, and a main wallet funded by real ledger credits
 * from the last few days. Does nothing when the demo owner already exists, so every start can call it.
 */
export async function seedDemo(db: Db, clock: Clock = systemClock): Promise<SeedResult> {
  const [existing] = await db.select({ vendorId: users.vendorId }).from(users).where(eq(users.email, DEMO.email))
  if (existing) return { created: false, vendorId: existing.vendorId }

  try {
    return await createDemo(db, clock)
  } catch (error) {
    // Two processes starting together on one PostgreSQL: the other one seeded first, which is fine.
    if (!isUniqueViolation(error)) throw error
    const [seeded] = await db.select({ vendorId: users.vendorId }).from(users).where(eq(users.email, DEMO.email))
    if (!seeded) throw error
    return { created: false, vendorId: seeded.vendorId }
  }
}

function createDemo(db: Db, clock: Clock): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const account = await createVendorAccount(tx, {
      name: DEMO.vendorName,
      email: DEMO.email,
      phone: DEMO.phone,
      ownerName: DEMO.ownerName,
      password: DEMO.password,
      pin: DEMO.pin,
      status: 'approved',
      url: 'mama-put-kitchen',
    })
    const now = clock.now().getTime()
    // Oldest first, so the ledger's balance_after reads as a running balance.
    for (const [amount, accountName, bankName, accountNumber, narration, hoursAgo] of [...CREDITS].reverse()) {
      await creditFromBank(tx, {
        vendorId: account.vendor.id,
        amount,
        originator: { accountName, bankName, accountNumber },
        narration,
        createdAt: new Date(now - hoursAgo * 60 * MINUTE_MS - (hoursAgo % 7) * MINUTE_MS),
      })
    }
    return { created: true, vendorId: account.vendor.id }
  })
}
