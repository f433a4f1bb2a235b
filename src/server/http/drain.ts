import type { Server, ServerResponse } from 'node:http'

import type { Hono } from 'hono'

/**
 * Graceful shutdown of the HTTP side (decision 104). Counts the requests in flight, each until both its handler
 * has finished (a client that hung up does not stop its handler, and a send whose debit committed must still
 * record its answer before the database closes) and its answer has been written out. Once `close` is called:
 * no new connection is accepted, idle keep-alive connections are closed, every answer still to come says
 * `Connection: close`, and `close` resolves when the last request is done.
 */
export class RequestDrain {
  draining = false
  private inFlight = 0
  private idle: (() => void) | undefined

  /** app.fetch, counted. @hono/node-server hands each call the Node response as `env.outgoing`. */
  wrap(fetch: Hono['fetch']): Hono['fetch'] {
    return async (request, env, ctx) => {
      const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing
      this.inFlight += 1
      let parts = outgoing ? 2 : 1
      const done = () => {
        if (--parts > 0) return
        this.inFlight -= 1
        if (this.inFlight === 0) this.idle?.()
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

  async close(server: Server): Promise<void> {
    this.draining = true
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Keep-alive connections with no request would otherwise hold server.close() open until they time out.
    server.closeIdleConnections()
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve))
    // What is left has no request in flight: connections whose answer was already under way when the drain began
    // (so it still promised keep-alive), or that never sent a whole request.
    server.closeAllConnections()
    await closed
  }
}
