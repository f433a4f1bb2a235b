import { randomInt } from 'node:crypto'

import { sql } from 'drizzle-orm'
import type pg from 'pg'

import type { Logger } from '../deps'
import type { Db } from './client'
import { lockConnection } from './job-lock'

/*
 * A process's lease on PostgreSQL (decision 125): a session-level advisory lock on (LEASE_NAMESPACE, n), held on a
 * connection of its own for as long as the process lives. What the process claims (an Idempotency-Key) records n;
 * once the lock is gone, PostgreSQL has seen the connection close, so the process that made the claim is gone too
 * (a SIGKILL, a crash, a machine lost) and its claim can be recovered at once instead of after its age says so.
 */

/** Beside MIGRATION_LOCK_ID (and the retired jobs' lock, 727_401_556), as the first key of the two-key form: leases never meet those. */
export const LEASE_NAMESPACE = 727_401_557

/** How soon a lost lease connection is opened again (the same number is taken again, nobody else can hold it). */
const RECONNECT_MS = 1_000

/**
 * Whether the process holding lease `lease` is gone: no session holds its lock. pg_locks is readable by every role
 * and lists advisory locks of the two-key form with the keys as classid and objid, objsubid 2.
 */
export async function leaseIsGone(db: Db, lease: number): Promise<boolean> {
  const answer = (await db.execute(sql`select not exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())
        and classid = ${LEASE_NAMESPACE} and objid = ${lease}
    ) as gone`)) as unknown as { rows: { gone: boolean }[] }
  return answer.rows[0]?.gone === true
}

export interface ProcessLeaseOptions {
  connectionString: string
  logger: Logger
}

/**
 * This process's lease. `current()` is the number to write on a claim, or null while the lease's connection is down
 * (a claim made then carries no lease, and only its age can free it, as before). Opened by startServer on PostgreSQL.
 */
export class ProcessLease {
  private client: pg.Client | null = null
  private held: number | null = null
  private closed = false
  private retry: NodeJS.Timeout | undefined
  /** Chosen once; taken again after a reconnect, so the claims already made stay this process's. */
  private readonly number: number

  constructor(private readonly options: ProcessLeaseOptions) {
    this.number = randomInt(1, 2 ** 31 - 1)
  }

  current(): number | null {
    return this.held
  }

  /** Takes the lease; a database out of reach is logged and tried again in the background, never thrown. */
  async open(): Promise<void> {
    try {
      await this.take()
    } catch (error) {
      this.drop(error)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retry)
    const client = this.client
    this.client = null
    this.held = null
    // Ending the session releases the lock: from now on this process's claims read as abandoned.
    await client?.end().catch(() => {})
  }

  private async take(): Promise<void> {
    const client = lockConnection(this.options.connectionString, 'vendor-back-office lease')
    // Unhandled, a dropped connection's 'error' would crash the process; here it only ends the lease until retaken.
    client.on('error', (error) => {
      if (this.client === client) this.drop(error)
    })
    try {
      await client.connect()
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        LEASE_NAMESPACE,
        this.number,
      ])
      // Two processes drawing the same of two billion numbers: the second must not share the first's fate.
      if (!rows[0]?.locked) throw new Error(`lease ${this.number} is held by another process`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (this.closed) {
      await client.end().catch(() => {})
      return
    }
    this.client = client
    this.held = this.number
  }

  private drop(error: unknown): void {
    const client = this.client
    this.client = null
    this.held = null
    void client?.end().catch(() => {})
    if (this.closed) return
    this.options.logger.warn(
      `[idempotency] no process lease (${error instanceof Error ? error.message : String(error)}); claims made meanwhile are freed by age only`,
    )
    clearTimeout(this.retry)
    this.retry = setTimeout(() => void this.open(), RECONNECT_MS)
    this.retry.unref()
  }
}
