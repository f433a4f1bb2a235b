import { parseArgs } from 'node:util'

import { lagosDate } from '#server/analytics'
import { bankingProviderFor } from '#server/money/provider-choice'
import { reconcileDay } from '#server/money/reconcile'
import { formatReconciliation } from '#server/money/reconcile-report'
import { bankProviderFromEnv } from '#server/process-env'

import { openAppDatabase } from './open-db'

/*
 * The operator's morning check (issue 36, decision 146):
 *   npm run reconcile -- --date YYYY-MM-DD     (default: yesterday in Lagos)
 * Compares the ledger's transfers out and credits in of that Lagos day (00:00–24:00 WAT) with the banking
 * provider's own records, per vendor, and the sum of the wallets with the provider's balance less the fees kept.
 * Exit code 0 when everything matches, 1 on any mismatch, 2 on bad usage. It opens the database as `npm start`
 * does (DATABASE_URL, else the PGlite data directory DATA_DIR): with PGlite, stop the server first.
 */

const USAGE = 'Usage: npm run reconcile -- --date YYYY-MM-DD'

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { date: { type: 'string' } } })
  const day = values.date ?? lagosDate(new Date(Date.now() - 24 * 60 * 60 * 1000))
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const database = await openAppDatabase()
  try {
    // The bank the server talks to (BANK_PROVIDER): the sandbox's own statement, or Paystack's lists.
    const result = await reconcileDay({ db: database.db, banking: bankingProviderFor(bankProviderFromEnv(), database.db) }, day)
    console.info(formatReconciliation(result))
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof RangeError ? error.message : error)
  process.exitCode = 2
})
