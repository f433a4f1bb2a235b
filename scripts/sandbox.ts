import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { users } from '../src/server/db/schema'
import { creditFromBank } from '../src/server/ledger'
import { openAppDatabase } from './open-db'

/*
 * Simulates the outside world against the local database.
 *   npm run sandbox -- credit EMAIL AMOUNT [--from NAME] [--bank BANK] [--account 0123456789] [--narration TEXT]
 * AMOUNT is in naira ("1500" or "1500.50"): an inbound bank transfer into the vendor's virtual account, which
 * shows up as an offline credit to match to an order or mark as POS.
 * With PGlite, stop the server first: one process at a time may open the data directory.
 */

const USAGE =
  'Usage: npm run sandbox -- credit EMAIL AMOUNT_NAIRA [--from NAME] [--bank BANK] [--account NUMBER] [--narration TEXT]'

/** "1500.5" → 150050 kobo, by string so no float ever touches the amount. */
function nairaToKobo(text: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replaceAll(',', ''))
  if (!match) throw new Error(`AMOUNT must look like 1500 or 1500.50, got ${text}`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string', default: 'Sandbox Customer' },
      bank: { type: 'string', default: 'Guaranty Trust Bank' },
      account: { type: 'string', default: '0123456789' },
      narration: { type: 'string' },
    },
  })
  const [command, email, amount] = positionals
  if (command !== 'credit' || !email || !amount) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const kobo = nairaToKobo(amount)
  if (kobo <= 0) throw new Error('AMOUNT must be more than zero')
  const database = await openAppDatabase()
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
    if (!user) throw new Error(`No user with email ${email}`)
    const { transaction, balances } = await creditFromBank(database.db, {
      vendorId: user.vendorId,
      amount: kobo,
      originator: { accountName: values.from, bankName: values.bank, accountNumber: values.account },
      narration: values.narration,
    })
    console.info(`Credited ${amount} NGN: reference ${transaction.reference}, main balance ${balances[transaction.walletId]} kobo`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
