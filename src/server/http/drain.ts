import type { Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'

import type { Hono } from 'hono'

/** How long a shutdown goes on accepting connections the kernel already holds, at most. */
const SETTLE_MAX_MS = 1_000

/**
 * Graceful shutdown of the HTTP side (decision 104). Counts the requests in flight, each until both its handler
 * has finished (a client that hung up does not stop its handler, and a send whose debit committed must still
 * record its answer before the database closes) and its answer has been written out. Once `close` is called:
 * every answer still to come says `Connection: close`, the connections already waiting are accepted (settle),
 * then no new one is, and `close` resolves when the last connection has ended.
 *
 * Idle keep-alive connections are not cut: a client may send on one until the keep-alive timeout the server
 * announced, and a connection closed under a request it is sending resets that request (a POST that may have
 * moved money, answered with a connection error). A request on one is answered with `Connection: close`; one
 * that sends nothing more ends at its keep-alive timeout (5 s), and is closed after that regardless.
 */
export class RequestDrain {
  draining = false
  private inFlight = 0
  private readonly waiting: (() => void)[] = []

  /** app.fetch, counted. @hono/node-server hands each call the Node response as `env.outgoing`. */
  wrap(fetch: Hono['fetch']): Hono['fetch'] {
    return async (request, env, ctx) => {
      const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing
      this.inFlight += 1
      let parts = outgoing ? 2 : 1
      const done = () => {
        if (--parts > 0) return
        this.inFlight -= 1
        if (this.inFlight === 0) for (const resolve of this.waiting.splice(0)) resolve()
      }
      // 'close': the answer was written out, or the connection went away before it could be.
      outgoing?.once('close', done)
      try {
        return await fetch(request, env, ctx)
      } finally {
        // Read when the answer is made, not when the request came: one in flight at SIGTERM ends its connection too.
        if (this.draining && outgoing && !outgoing.headersSent) outgoing.shouldKeepAlive = false
        done()
      }
    }
  }

  /**
   * `leaveRotationMs`: how long to go on accepting first. Closing the listener resets the connections the kernel
   * queued since the last accept, and a client connecting at that moment sees a reset, not a refusal; a proxy that
   * has had time to see /api/ready answer 503 sends nothing by then (SHUTDOWN_DELAY_MS, decision 114).
   */
  async close(server: Server, { leaveRotationMs = 0 }: { leaveRotationMs?: number } = {}): Promise<void> {
    this.draining = true
    if (leaveRotationMs > 0) await new Promise((resolve) => setTimeout(resolve, leaveRotationMs))
    await this.settle(server)
    // net.Server's close stops accepting and waits for the connections to end; http.Server's would also close the
    // idle keep-alive ones at once (Node 19+), under requests their clients may be sending.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
    const backstop = setTimeout(() => {
      // Past the announced keep-alive timeout no client may send on an idle connection. What is left once the
      // requests are answered never sent a whole request.
      server.closeIdleConnections()
      void this.quiet().then(() => server.closeAllConnections())
    }, server.keepAliveTimeout + 1_000)
    try {
      await closed
      // A handler whose client hung up is still running: its connection is gone, its work is not.
      await this.quiet()
    } finally {
      clearTimeout(backstop)
    }
  }

  /** Resolves when no request is in flight. */
  private quiet(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  /**
   * Turns of the event loop before the listener closes, until one accepts no connection (or SETTLE_MAX_MS): the
   * connections the kernel already holds are accepted and the requests already sent on them are read, so they
   * count as in flight. Closed at once, the listener would reset the first, and closing idle connections would cut
   * the second (a connection whose request is not yet read counts as idle): clients that had sent a request would
   * see a reset instead of an answer. libuv accepts one connection per turn, and a turn reads what arrived on the
   * connection the turn before accepted, hence a turn with nothing accepted.
   */
  private async settle(server: Server): Promise<void> {
    let accepted = 0
    const count = () => void accepted++
    server.on('connection', count)
    const until = Date.now() + SETTLE_MAX_MS
    // The first turn may run in the same loop iteration as the signal, before any poll for connections: two at least.
    for (let turn = 0, before = -1; (turn < 2 || accepted > before) && Date.now() < until; turn++) {
      before = accepted
      await new Promise((resolve) => setImmediate(resolve))
    }
    server.off('connection', count)
  }
}
