import type { Hono } from 'hono'

import { EVENTS_PATH } from '#contract/events'

import { resolveSession } from '../auth/sessions'
import type { AppDeps } from '../deps'
import { ApiError, unauthenticated } from '../errors'
import { errorResponsesOf } from '../http/openapi-responses'
import { errorResponse } from '../http/register'
import { REPLAY_WINDOW_MS, walletsHeardBy } from './credits'
import { mayListen } from './live-events'

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/
/** Only digits, as the stream writes them; anything else is ignored rather than refused (a proxy may mangle it). */
const EVENT_ID = /^\d{1,15}$/
/** `?replay=` milliseconds; larger than the replay window means the window. */
const REPLAY_MS = /^\d{1,9}$/

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
      if (!mayListen(auth)) {
        throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this')
      }
      if (deps.events.closing) throw new ApiError(503, 'SHUTTING_DOWN', 'The server is restarting, please try again.')
      const wallets = await walletsHeardBy(deps.db, auth)
      const lastId = c.req.header('last-event-id')?.trim() ?? ''
      const replay = c.req.query('replay') ?? ''
      const body = deps.events.open(deps, auth, wallets, {
        lastEventId: EVENT_ID.test(lastId) ? Number(lastId) : null,
        replayMs: REPLAY_MS.test(replay) ? Math.min(Number(replay), REPLAY_WINDOW_MS) : 0,
      })
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

/** The stream in the OpenAPI document (http/openapi.ts), beside the contract's endpoints and the probes. */
export const EVENT_PATHS = {
  [EVENTS_PATH]: {
    get: {
      operationId: 'events',
      summary: 'Live payment alerts: a server-sent event stream of bank credits into the wallets the caller may see.',
      description:
        'Each credit is `event: payment` with `id:` its ledger entry id and `data:` `{ transaction, outletId, order }` (outletId null ' +
        'for the main wallet; order `{ reference, status }` of the order the credit paid, else null). Main-wallet credits need VENDOR_TRANSACTIONS, an outlet’s VENDOR_OUTLETS and sight of that ' +
        'outlet. Send `Last-Event-ID` on reconnecting to receive the credits of the last 10 minutes after it. A `: ping` ' +
        'comment every 20 s; the stream ends when the session does. 401/403 are JSON and final; 503 while the process stops.',
      tags: ['events'],
      'x-access': 'vendor',
      security: [{ bearerAuth: [] }],
      parameters: [
        { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string', pattern: '^\\d{1,15}$' } },
        {
          name: 'replay',
          in: 'query',
          required: false,
          description: 'Without Last-Event-ID: also send the credits of the last this many milliseconds (at most 10 minutes).',
          schema: { type: 'integer', minimum: 0 },
        },
      ],
      responses: {
        '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        // JSON and final: no session, a vendor not approved or no wallet to see, the process stopping.
        ...errorResponsesOf(['UNAUTHENTICATED', 'VENDOR_NOT_APPROVED', 'FORBIDDEN', 'SHUTTING_DOWN', 'INTERNAL']),
      },
    },
  },
}
