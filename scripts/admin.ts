import { parseArgs } from 'node:util'

import { OPERATOR_KEY_HEADER, VENDOR_STATUSES, type VendorStatus } from '#contract/operator'
import { systemClock } from '#server/clock'
import { messagingFromEnv } from '#server/messages/env'
import { notifierFor } from '#server/messages/transports'
import { listVendors, setVendorStatus, type StatusChange, type VendorListing } from '#server/onboarding/admin'
import { readOperatorKey } from '#server/operator-key'

import { openAppDatabase } from './open-db'

/*
 * Operator commands until there is an admin UI.
 *   npm run admin -- list [STATUS]            vendors, oldest first (e.g. list under_review)
 *   npm run admin -- approve EMAIL            approve the vendor whose user has this email, and email the owner
 *   npm run admin -- reject EMAIL             reject it, and email the owner
 *   npm run admin -- status EMAIL STATUS      set pending_verification | under_review | approved | rejected
 * Options: --url URL (default http://localhost:$PORT, PORT defaulting to 3000).
 * With a server running, the command goes through its operator calls (X-Operator-Key from OPERATOR_KEY or
 * DATA_DIR/operator.key), so it works while the server holds the PGlite data directory and the server's notifier
 * sends the email. With no server answering at the default address, it opens the database itself (decision 065).
 * With --url it only ever uses that server: a missing key or a server that does not answer is an error, never a
 * quiet fall back to a local database (which, with another DATA_DIR, is a new empty one that knows no vendor).
 */

const USAGE =
  'Usage: npm run admin -- list [STATUS] | approve EMAIL | reject EMAIL | status EMAIL (pending_verification|under_review|approved|rejected) [--url URL]'

const isStatus = (value: string | undefined): value is VendorStatus => VENDOR_STATUSES.includes(value as VendorStatus)

class Refused extends Error {}

interface Operator {
  list(status?: VendorStatus): Promise<Omit<VendorListing, 'createdAt'>[]>
  setStatus(email: string, status: VendorStatus): Promise<StatusChange>
  close(): Promise<void>
}

/**
 * The running server's operator calls. Without `required` (no --url given): null when nothing answers at `base` or
 * there is no key to send. With it: says why instead.
 */
async function serverOperator(base: string, key: string | null, required: boolean): Promise<Operator | null> {
  if (!key) {
    if (!required) return null
    throw new Refused(
      `No operator key to send to ${base}: set OPERATOR_KEY to the server's key, or DATA_DIR to the server's data directory (its operator.key is read from there)`,
    )
  }
  // The key travels only to this machine or over TLS, never in clear text across a network.
  const { protocol, hostname } = new URL(base)
  if (protocol !== 'https:' && !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(hostname)) {
    throw new Refused(`Refusing to send the operator key to ${base} without https`)
  }
  const ask = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}/api${path}`, {
      ...init,
      headers: { [OPERATOR_KEY_HEADER]: key, 'content-type': 'application/json' },
    })
    const body = (await response.json().catch(() => null)) as { data?: unknown; message?: string } | null
    if (!response.ok) throw new Refused(body?.message ?? `${base} answered ${response.status}`)
    return body!.data
  }
  try {
    await fetch(`${base}/api/openapi.json`, { method: 'HEAD' })
  } catch (error) {
    if (!required) return null
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
    throw new Refused(`Could not reach the server at ${base} (${reason}); is it running, and is --url right?`)
  }
  return {
    list: async (status) => (await ask(`/operator/vendors${status ? `?status=${status}` : ''}`)) as Omit<VendorListing, 'createdAt'>[],
    setStatus: async (email, status) =>
      (await ask('/operator/vendor-status', { method: 'POST', body: JSON.stringify({ email, status }) })) as StatusChange,
    close: async () => {},
  }
}

/**
 * The database itself, for when no server runs. The owner's email goes the way the server's would (SMTP_URL, or
 * printed when unset): a first try that fails is left queued for the server's workers (decision 150).
 */
async function databaseOperator(): Promise<Operator> {
  const messaging = messagingFromEnv()
  const database = await openAppDatabase()
  const notifier = notifierFor(messaging, { db: database.db, clock: systemClock, logger: console })
  return {
    list: (status) => listVendors(database.db, status),
    setStatus: (email, status) => setVendorStatus(database.db, email, status, notifier),
    close: async () => {
      // A first try still running past the wait finishes (or is recorded as failed) before the database closes.
      await notifier.close()
      await database.close()
    },
  }
}

function printList(rows: Awaited<ReturnType<Operator['list']>>): void {
  if (rows.length === 0) console.info('No vendors')
  for (const row of rows) {
    const done = [row.phoneVerified && 'phone', row.kycSubmitted && 'kyc', row.shopSetUp && 'shop'].filter(Boolean)
    console.info(
      [row.status.padEnd(20), row.email.padEnd(32), row.name, row.url ? `/${row.url}` : '', `[${done.join(', ')}]`]
        .filter(Boolean)
        .join('  '),
    )
  }
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { url: { type: 'string' } } })
  const [command, email, status] = positionals
  const wanted =
    command === 'list' && (email === undefined || isStatus(email))
      ? { list: email as VendorStatus | undefined }
      : command === 'approve' && email
        ? { email, status: 'approved' as const }
        : command === 'reject' && email
          ? { email, status: 'rejected' as const }
          : command === 'status' && email && isStatus(status)
            ? { email, status }
            : null
  if (!wanted) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const base = (values.url ?? `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '')
  const required = values.url !== undefined
  const operator = (await serverOperator(base, readOperatorKey(process.env.DATA_DIR || './data'), required)) ?? (await databaseOperator())
  try {
    if ('list' in wanted) printList(await operator.list(wanted.list))
    else {
      const change = await operator.setStatus(wanted.email, wanted.status)
      console.info(`${change.name}: ${change.from} → ${change.status}`)
    }
  } finally {
    await operator.close()
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
