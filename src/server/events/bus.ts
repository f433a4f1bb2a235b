import { sql } from 'drizzle-orm'
import pg from 'pg'

import type { Db } from '../db/client'
import type { Logger } from '../deps'
import type { CreditEvent } from './credits'

/*
 * How a credit recorded by one API process reaches the streams of every process (docs/decisions/107), and how the
 * end of a session reaches the streams it holds open on any process (issue 35). With PGlite
 * there is one process, and its streams hear it in memory. On PostgreSQL each process keeps one connection of its
 * own, outside the pool, LISTENing on one channel; a credit is announced with pg_notify, which PostgreSQL delivers
 * to every listener, the announcing process included, so every process fans out the same way.
 */

/**
 * Sessions that have just ended (a sign-out, a member deactivated, a password or PIN changed): their streams end at
 * once in every process, rather than at their next heartbeat (issue 35). Named by user, and by session or all the
 * user's sessions but one; the stream does not read the database to obey it.
 */
export interface SessionsEnded {
  vendorId: string
  userId: string
  /** Only this session (a sign-out); without it, every session of the user… */
  sessionId?: string
  /** …except this one (the caller's own, which a password or PIN change keeps). */
  exceptSessionId?: string
}

/** What travels on the bus: a credit as it always has, or `{ sessionsEnded }`, which a credit never has. */
export type BusMessage = CreditEvent | { sessionsEnded: SessionsEnded }

export interface BusListener {
  credit: (event: CreditEvent) => void
  sessionsEnded: (ended: SessionsEnded) => void
  /** The bus lost its connection and has it back: what was announced meanwhile was not heard; read it again. */
  resync: () => void
}

export interface EventBus {
  publish(message: BusMessage): Promise<void>
  subscribe(listener: BusListener): () => void
  close(): Promise<void>
}

function hear(listener: BusListener, message: BusMessage): void {
  if ('sessionsEnded' in message) listener.sessionsEnded(message.sessionsEnded)
  else listener.credit(message)
}

export class MemoryEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>()

  async publish(message: BusMessage): Promise<void> {
    for (const listener of [...this.listeners]) hear(listener, message)
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }
}

export const CREDITS_CHANNEL = 'vbo_payment_credits'
/** Waits before connecting again after a lost connection: 0.5 s, doubling, at most 10 s. */
const RECONNECT_MIN_MS = 500
const RECONNECT_MAX_MS = 10_000

export interface PostgresEventBusOptions {
  connectionString: string
  /** The pool: pg_notify is an ordinary statement. */
  db: Db
  logger: Logger
  /** Tests use a channel of their own, so they never hear a server's. */
  channel?: string
}

export class PostgresEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>()
  /** The connection being made or in use: a late 'error' or 'end' of an older one changes nothing. */
  private attempt: pg.Client | null = null
  private closed = false
  private retryMs = RECONNECT_MIN_MS
  private retry: NodeJS.Timeout | null = null
  private readonly channel: string
  /** Resolves once the first LISTEN is in place (or failed: the bus goes on retrying). */
  readonly ready: Promise<void>

  constructor(private readonly options: PostgresEventBusOptions) {
    this.channel = options.channel ?? CREDITS_CHANNEL
    this.ready = this.connect(false)
  }

  async publish(message: BusMessage): Promise<void> {
    // Ids, names and amounts: well under NOTIFY's 8000-byte payload.
    await this.options.db.execute(sql`select pg_notify(${this.channel}, ${JSON.stringify(message)})`)
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    this.listeners.clear()
    const client = this.attempt
    this.attempt = null
    await client?.end().catch(() => {})
  }

  private async connect(again: boolean): Promise<void> {
    if (this.closed) return
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'vendor-back-office events',
      // A far end that vanished without a word is noticed, and the bus connects again.
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    })
    this.attempt = client
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return
      let heard: BusMessage
      try {
        heard = JSON.parse(message.payload) as BusMessage
      } catch {
        return
      }
      for (const listener of [...this.listeners]) hear(listener, heard)
    })
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client, new Error('connection ended')))
    try {
      await client.connect()
      await client.query(`listen ${pg.escapeIdentifier(this.channel)}`)
    } catch (error) {
      this.lost(client, error)
      return
    }
    if (this.closed) return void client.end().catch(() => {})
    this.retryMs = RECONNECT_MIN_MS
    if (again) {
      this.options.logger.info('[events] listening for credits again')
      for (const listener of [...this.listeners]) listener.resync()
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || client !== this.attempt) return
    this.attempt = null
    void client.end().catch(() => {})
    if (this.retry) return
    const reason = error instanceof Error ? error.message : String(error)
    this.options.logger.warn(`[events] lost the credits listener (${reason}); connecting again in ${this.retryMs} ms`)
    this.retry = setTimeout(() => {
      this.retry = null
      void this.connect(true)
    }, this.retryMs)
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS)
  }
}
