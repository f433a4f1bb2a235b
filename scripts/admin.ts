import { eq } from 'drizzle-orm'
import { users, vendors } from '../src/server/db/schema'
import { openAppDatabase } from './open-db'

/*
 * Operator commands until there is an admin UI.
 *   npm run admin -- approve EMAIL            approve the vendor whose user has this email
 *   npm run admin -- status EMAIL STATUS      set pending_verification | under_review | approved | rejected
 * With PGlite, stop the server first: one process at a time may open the data directory.
 */

const STATUSES = ['pending_verification', 'under_review', 'approved', 'rejected'] as const
type Status = (typeof STATUSES)[number]

const USAGE = 'Usage: npm run admin -- approve EMAIL | status EMAIL (pending_verification|under_review|approved|rejected)'

async function setStatus(email: string, status: Status): Promise<void> {
  const database = await openAppDatabase()
  try {
    const { db } = database
    const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
    if (!user) throw new Error(`No user with email ${email}`)
    const [vendor] = await db
      .update(vendors)
      .set({ status })
      .where(eq(vendors.id, user.vendorId))
      .returning({ name: vendors.name, status: vendors.status })
    console.info(`${vendor!.name}: ${vendor!.status}`)
  } finally {
    await database.close()
  }
}

async function main(args: string[]): Promise<void> {
  const [command, email, status] = args
  if (command === 'approve' && email) return setStatus(email, 'approved')
  if (command === 'status' && email && STATUSES.includes(status as Status)) return setStatus(email, status as Status)
  console.error(USAGE)
  process.exitCode = 2
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
