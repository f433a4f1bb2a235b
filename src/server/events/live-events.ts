import { PAYMENT_RECEIVED } from '#contract/events'

import { type Auth, liveSessionById } from '../auth/sessions'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import type { TransactionRow } from '../db/schema'
import type { Logger } from '../deps'
import type { BusListener, EventBus, SessionsEnded } from './bus'
import { type CreditEvent, creditEventFor, creditsSince, walletsHeardBy } from './credits'
import { StreamPresence } from './stream-presence'

/*
 * The open event streams of this process (docs/decisions/107). Each belongs to one session and hears the credits
 * of the wallets its user may see. What it may see is read from the database when it opens and again at every
 * heartbeat, with the session: a permission taken away, an idle or expired session narrows or ends the stream within
 * one heartbeat, whichever process it is connected to. A session ended on purpose (sign-out, deactivation, a
 * password or PIN change) is announced on the bus by the handler that ended it, and its streams end at once.
 */

/** Between checks of a stream's session and wallets; each also sends a comment, so idle proxies keep it open. */
export const DEFAULT_HEARTBEAT_MS = 20_000
/** The credits a stream remembers having sent, so a replay and the live feed never send one twice. */
const SENT_MEMORY = 200

/**
 * What a new stream first sends: the credits after the client's Last-Event-ID, else those of the last `replayMs`
 * (a client that opened the app a moment before connecting, or lost its stream before any event), both within
 * REPLAY_WINDOW_MS. An age, not a time: a phone's clock may be minutes off the server's.
 */
export interface StreamStart {
  lastEventId: number | null
  replayMs: number
}

export interface StreamContext {
  db: Db
  clock: Clock
  sessionIdleMs: number
  logger: Logger
}

const encoder = new TextEncoder()

/** Whether a user may hold a stream at all: they may see the main wallet's transactions or outlets'. */
export function mayListen(auth: Auth): boolean {
  return auth.permissions.includes('VENDOR_TRANSACTIONS') || auth.permissions.includes('VENDOR_OUTLETS')
}

/** Whether an announcement of ended sessions names this stream's session. */
function endsSession(ended: SessionsEnded, auth: Auth): boolean {
  if (ended.vendorId !== auth.vendorId || ended.userId !== auth.userId) return false
  if (ended.sessionId !== undefined) return ended.sessionId === auth.sessionId
  return ended.exceptSessionId !== auth.sessionId
}

class EventStream {
  readonly body: ReadableStream<Uint8Array>
  private controller!: ReadableStreamDefaultController<Uint8Array>
  private readonly sent = new Set<number>()
  private heartbeat: NodeJS.Timeout | null = null
  private unsubscribe: () => void = () => {}
  private ended = false
  private readonly openedAt: Date
  /** This stream in the database, so every process knows the vendor's app is open (decision 151). */
  private readonly presence: StreamPresence

  constructor(
    private readonly hub: LiveEvents,
    private readonly ctx: StreamContext,
    private auth: Auth,
    private wallets: Map<string, string | null>,
    from: StreamStart,
  ) {
    this.openedAt = ctx.clock.now()
    this.presence = new StreamPresence(ctx.db, ctx.clock, ctx.logger, auth.vendorId, auth.userId, hub.heartbeatMs)
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller
        // How long EventSource-style clients wait before reconnecting; ours backs off on its own.
        this.write('retry: 3000\n\n')
        const listener: BusListener = {
          credit: (event) => this.deliver(event),
          sessionsEnded: (ended) => {
            if (endsSession(ended, this.auth)) this.end()
          },
          resync: () => void this.replay(0, this.openedAt),
        }
        this.unsubscribe = hub.bus.subscribe(listener)
        this.heartbeat = setInterval(() => void this.check(), hub.heartbeatMs)
        if (from.lastEventId !== null) void this.replay(from.lastEventId)
        else if (from.replayMs > 0) void this.replay(0, new Date(this.openedAt.getTime() - from.replayMs))
      },
      // The client went away (node-server cancels the body when the connection closes).
      cancel: () => this.end(),
    })
  }

  /** Ends the stream: the answer finishes and, with `Connection: close`, its connection closes with it. */
  end(): void {
    if (this.ended) return
    this.ended = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.unsubscribe()
    this.hub.forget(this)
    this.presence.close()
    try {
      this.controller.close()
    } catch {
      // Already cancelled by the client.
    }
  }

  private write(text: string): void {
    if (this.ended) return
    try {
      this.controller.enqueue(encoder.encode(text))
    } catch {
      this.end()
    }
  }

  private deliver(event: CreditEvent): void {
    if (this.ended || event.vendorId !== this.auth.vendorId || !this.wallets.has(event.walletId) || this.sent.has(event.id)) return
    this.sent.add(event.id)
    if (this.sent.size > SENT_MEMORY) this.sent.delete(this.sent.values().next().value!)
    this.write(`id: ${event.id}\nevent: ${PAYMENT_RECEIVED}\ndata: ${JSON.stringify(event.payload)}\n\n`)
  }

  /** The credits after `afterId` in the replay window (and not before `notBefore`), each sent unless it already was. */
  private async replay(afterId: number, notBefore?: Date): Promise<void> {
    try {
      const events = await creditsSince(this.ctx.db, this.auth.vendorId, [...this.wallets.keys()], afterId, this.ctx.clock.now())
      for (const event of events) {
        if (!notBefore || new Date(event.payload.transaction.createdAt) >= notBefore) this.deliver(event)
      }
    } catch (error) {
      this.ctx.logger.error('[events] replay failed:', error instanceof Error ? error.message : String(error))
    }
  }

  /** The heartbeat: the session must still stand, and what it may see is read again. */
  private async check(): Promise<void> {
    try {
      const auth = await liveSessionById(this.ctx.db, this.ctx.clock, this.auth.sessionId, this.ctx.sessionIdleMs)
      if (!auth) return this.end()
      // As at the start (events/route.ts): neither permission, no stream. A member of no outlet yet keeps theirs.
      if (!mayListen(auth)) return this.end()
      this.wallets = await walletsHeardBy(this.ctx.db, auth)
      this.auth = auth
      await this.presence.beat()
      this.write(': ping\n\n')
    } catch (error) {
      // The database did not answer: the stream stays as it was and the next heartbeat asks again.
      this.ctx.logger.warn('[events] heartbeat check failed:', error instanceof Error ? error.message : String(error))
      this.write(': ping\n\n')
    }
  }
}

export interface LiveEventsOptions {
  bus: EventBus
  heartbeatMs?: number
}

/** The streams of this process and the bus that feeds them; in AppDeps as `events`. */
export class LiveEvents {
  readonly bus: EventBus
  readonly heartbeatMs: number
  private readonly streams = new Set<EventStream>()
  /** From close() on, no stream opens: the process is leaving, the client connects to another. */
  closing = false

  constructor(options: LiveEventsOptions) {
    this.bus = options.bus
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
  }

  /** How many streams are open (tests, and a shutdown that waits for none). */
  get size(): number {
    return this.streams.size
  }

  open(ctx: StreamContext, auth: Auth, wallets: Map<string, string | null>, from: StreamStart): ReadableStream<Uint8Array> {
    const stream = new EventStream(this, ctx, auth, wallets, from)
    this.streams.add(stream)
    return stream.body
  }

  forget(stream: EventStream): void {
    this.streams.delete(stream)
  }

  /**
   * Announces a credit just committed to every process's streams. Never throws: the money is recorded whatever
   * happens here, and a stream that missed it catches up by Last-Event-ID or by the refresh its client makes.
   */
  async publishCredit(db: Db, row: TransactionRow, logger: Logger): Promise<void> {
    try {
      const event = await creditEventFor(db, row)
      if (event) await this.bus.publish(event)
    } catch (error) {
      logger.error('[events] could not announce a credit:', error instanceof Error ? error.message : String(error))
    }
  }

  /**
   * Announces, after the change that ended them has committed, sessions that no longer stand: their streams end at
   * once on every process. Before the commit, a client reconnecting in between would open a stream the
   * announcement had already passed. Never throws: the session is ended either way, and the next heartbeat ends
   * a stream that missed this.
   */
  async endSessions(ended: SessionsEnded, logger: Logger): Promise<void> {
    try {
      await this.bus.publish({ sessionsEnded: ended })
    } catch (error) {
      logger.error('[events] could not announce ended sessions:', error instanceof Error ? error.message : String(error))
    }
  }

  /**
   * Shutdown: an event stream never ends by itself, so the drain (http/drain.ts) would wait for it until its
   * backstop. Every open stream is ended now; the clients reconnect, through the load balancer, to a process
   * that stays.
   */
  async close(): Promise<void> {
    this.closing = true
    for (const stream of [...this.streams]) stream.end()
    await this.bus.close()
  }
}
