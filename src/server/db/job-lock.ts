import pg from 'pg'

import type { Logger } from '../deps'

/** Arbitrary constant beside MIGRATION_LOCK_ID (client.ts): the advisory lock the background jobs' leader holds. */
export const JOBS_LOCK_ID = 727_401_556

/** A query on the lock's connection that takes longer than this counts as a broken connection. */
const QUERY_TIMEOUT_MS = 5_000

/**
 * Which process runs the background jobs when several share one PostgreSQL (decision 104). `lead()` is asked
 * before each round: true while this process holds the lock, or has just taken it.
 */
/**
 * A connection of its own for a session-level advisory lock (the jobs' leadership, a process's lease): not from the
 * pool, since the lock lives as long as the connection does. Not yet connected.
 */
export function lockConnection(connectionString: string, applicationName: string): pg.Client {
  return new pg.Client({
    connectionString,
    application_name: applicationName,
    // TCP keepalive, so a connection whose far end vanished without a word is noticed by both sides.
    keepAlive: true,
    connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  })
}

export interface JobLeadership {
  lead(): Promise<boolean>
  /** Gives the lock up (another process takes it at its next tick) and closes its connection. */
  release(): Promise<void>
}

/** PGlite: one process holds the data directory (db/client.ts), so it always leads. */
export const soleLeadership: JobLeadership = { lead: async () => true, release: async () => {} }

export interface AdvisoryLeadershipOptions {
  connectionString: string
  logger: Logger
  /** Tests take a lock of their own, so they never meet a server's. */
  lockId?: number
}

/**
 * Leadership by a session-level `pg_try_advisory_lock` on a connection of its own, outside the pool: a session lock
 * lives exactly as long as its connection, so a process that dies (even by SIGKILL) gives the lock up when
 * PostgreSQL sees its connection close, and no row or lease has to expire. Tried at each tick, never waited for.
 * Once held, each tick checks the connection still answers; a connection that errs or stops answering ends the
 * leadership at once (the lock went with it), and the next tick connects again and tries anew.
 */
export class AdvisoryLeadership implements JobLeadership {
  private client: pg.Client | null = null
  private leading = false
  /** The last problem logged, so a database that stays away is reported once, not at every tick. */
  private problem: string | null = null
  private readonly lockId: number

  constructor(private readonly options: AdvisoryLeadershipOptions) {
    this.lockId = options.lockId ?? JOBS_LOCK_ID
  }

  async lead(): Promise<boolean> {
    try {
      const client = this.client ?? (await this.connect())
      if (this.leading) {
        // A session lock cannot be taken from a live session: if the connection answers, the lock is still ours.
        await client.query('select 1')
      } else {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [this.lockId])
        if (rows[0]?.locked) {
          this.leading = true
          this.options.logger.info(`[jobs] this process (pid ${process.pid}) now runs the background jobs`)
        }
      }
      this.problem = null
    } catch (error) {
      this.drop(error)
    }
    return this.leading
  }

  async release(): Promise<void> {
    const client = this.client
    this.client = null
    this.leading = false
    if (!client) return
    // Ending the session releases the lock too; unlocking first only says so explicitly. Either may fail on a
    // connection that is already gone, which released the lock just the same.
    await client.query('select pg_advisory_unlock($1)', [this.lockId]).catch(() => {})
    await client.end().catch(() => {})
  }

  private async connect(): Promise<pg.Client> {
    const client = lockConnection(this.options.connectionString, 'vendor-back-office jobs leader')
    // Unhandled, a dropped connection's 'error' would crash the process; here it only ends the leadership.
    client.on('error', (error) => {
      if (this.client === client) this.drop(error)
    })
    try {
      await client.connect()
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    this.client = client
    return client
  }

  private drop(error: unknown): void {
    const client = this.client
    this.client = null
    void client?.end().catch(() => {})
    const reason = error instanceof Error ? error.message : String(error)
    if (this.leading) {
      this.leading = false
      this.options.logger.warn(`[jobs] lost the background jobs' lock (${reason}); another process may take over`)
    } else if (this.problem !== reason) {
      this.options.logger.warn(`[jobs] cannot reach the database for the background jobs' lock: ${reason}`)
    }
    this.problem = reason
  }
}
