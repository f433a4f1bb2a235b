import { DevNotifier } from '../src/server/notifier'
import {
  listVendors,
  setVendorStatus,
  VENDOR_STATUSES,
  type VendorStatus,
} from '../src/server/onboarding/admin'
import { openAppDatabase } from './open-db'

/*
 * Operator commands until there is an admin UI.
 *   npm run admin -- list [STATUS]            vendors, oldest first (e.g. list under_review)
 *   npm run admin -- approve EMAIL            approve the vendor whose user has this email, and email the owner
 *   npm run admin -- reject EMAIL             reject it, and email the owner
 *   npm run admin -- status EMAIL STATUS      set pending_verification | under_review | approved | rejected
 * With PGlite, stop the server first: one process at a time may open the data directory. The e2e tests approve
 * through approveVendor (src/server/onboarding/admin.ts) on the running server's database instead.
 */

const USAGE =
  'Usage: npm run admin -- list [STATUS] | approve EMAIL | reject EMAIL | status EMAIL (pending_verification|under_review|approved|rejected)'

const isStatus = (value: string | undefined): value is VendorStatus => VENDOR_STATUSES.includes(value as VendorStatus)

async function withDatabase(work: (db: Awaited<ReturnType<typeof openAppDatabase>>['db']) => Promise<void>) {
  const database = await openAppDatabase()
  try {
    await work(database.db)
  } finally {
    await database.close()
  }
}

// The server's notifier is the development one (it prints), so the operator sees the email the owner would get.
const notifier = new DevNotifier()

async function changeStatus(email: string, status: VendorStatus): Promise<void> {
  await withDatabase(async (db) => {
    const change = await setVendorStatus(db, email, status, notifier)
    console.info(`${change.name}: ${change.from} → ${change.status}`)
  })
}

async function list(status?: VendorStatus): Promise<void> {
  await withDatabase(async (db) => {
    const rows = await listVendors(db, status)
    if (rows.length === 0) console.info('No vendors')
    for (const row of rows) {
      const done = [row.phoneVerified && 'phone', row.kycSubmitted && 'kyc', row.shopSetUp && 'shop'].filter(Boolean)
      console.info(
        [row.status.padEnd(20), row.email.padEnd(32), row.name, row.url ? `/${row.url}` : '', `[${done.join(', ')}]`]
          .filter(Boolean)
          .join('  '),
      )
    }
  })
}

async function main(args: string[]): Promise<void> {
  const [command, email, status] = args
  if (command === 'list' && (email === undefined || isStatus(email))) return list(email)
  if (command === 'approve' && email) return changeStatus(email, 'approved')
  if (command === 'reject' && email) return changeStatus(email, 'rejected')
  if (command === 'status' && email && isStatus(status)) return changeStatus(email, status)
  console.error(USAGE)
  process.exitCode = 2
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
