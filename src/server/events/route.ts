import type { Hono } from 'hono'

import { EVENTS_PATH } from '#contract/events'

import { resolveSession } from '../auth/sessions'
import type { AppDeps } from '../deps'
import { ApiError, unauthenticated } from '../errors'
import { errorResponse } from '../http/register'
import { walletsHeardBy } from './credits'

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/
/** Only digits, as the stream writes them; anything else is ignored rather than refused (a proxy may mangle it). */
const EVENT_ID = /^\d{1,15}$/

/**
 * GET /api/events: the live payment alerts of issue 22 as server-sent events (docs/decisions/107). Not a contract
 * endpoint: register() answers JSON, this answers a stream that stays open. The checks are register()'s, in the
 * same order: session (read afresh, never from the session cache), vendor approval, permission.
 */
export function mountEvents(api: Hono, deps: AppDeps): void {
  api.get(EVENTS_PATH, async (c) => {
    try {
      const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
      const auth = token ? await resolveSession(deps.db, deps.clock, token, deps.sessionIdleMs) : null
      if (!auth) throw unauthenticated()
      if (auth.vendor.status !== 'approved') {
        throw new ApiError(
          403,
          'VENDOR_NOT_APPROVED',
          'An administrator needs to approve your account, please check back in a few minutes.',
        )
      }
      if (!auth.permissions.includes('VENDOR_TRANSACTIONS') && !auth.permissions.includes('VENDOR_OUTLETS')) {
        throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this')
      }
      if (deps.events.closing) throw new ApiError(503, 'SHUTTING_DOWN', 'The server is restarting, please try again.')
      const wallets = await walletsHeardBy(deps.db, auth)
      const lastId = c.req.header('last-event-id')?.trim() ?? ''
      const body = deps.events.open(deps, auth, wallets, EVENT_ID.test(lastId) ? Number(lastId) : null)
      return new Response(body, {
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          // The stream is the last answer on its connection: when it ends (a shutdown, a revoked session) the
          // connection closes with it, instead of idling until the keep-alive timeout holds up the drain.
          Connection: 'close',
          // nginx and similar proxies would otherwise buffer the stream and deliver alerts late.
          'X-Accel-Buffering': 'no',
        },
      })
    } catch (error) {
      return errorResponse(c, error, deps, 'events')
    }
  })
}
