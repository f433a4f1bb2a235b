import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'

import { API_KEY_PREFIX } from '#contract/api-keys'
import { MAX_BODY_BYTES } from '#contract/common'
import { accessOf, type EndpointDef, isFileEndpoint, permissionsOf, type ResponseOf, successStatusOf } from '#contract/endpoint'
import { FALLBACK_MESSAGE } from '#contract/messages'

import { auditKeyCalls, authenticateKey } from '../api-keys/authenticate'
import { type Auth, resolveSession } from '../auth/sessions'
import type { Tx } from '../db/client'
import type { AppDeps } from '../deps'
import { ApiError, describeError, errorBody, type Issue, unauthenticated } from '../errors'
import { verifyPin } from '../money/pin'
import { saveAnswerWithEffect } from './answer-with-effect'
import { clientIp } from './client-ip'
import { visibleTo } from './cost-visibility'
import { claimIdempotencyKey, idempotencyKeyOf, releaseIdempotencyKey, requestHash, saveIdempotentResponse } from './idempotency'
import { publicOrigin } from './public-origin'
import { readJson, readMultipart } from './read-body'
import type { FileResult, Guard, Handler, HandlerContext, HandlerResult } from './types'

/** valibot reports an absent key as "Invalid key: Expected ..."; the contract's wording for that is "is required". */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  const last = issue.path?.at(-1)
  return last && 'origin' in last && last.origin === 'key' ? 'is required' : issue.message
}

function toIssues(issues: readonly v.BaseIssue<unknown>[], root: string): Issue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) || root, message: issueMessage(issue) }))
}

/** 422 whose message names the first offending field, e.g. "email: must be a valid email address". */
export function validationError(issues: Issue[]): ApiError {
  const first = issues[0]
  const message = first ? `${first.path}: ${first.message}` : 'Invalid request'
  return new ApiError(422, 'VALIDATION_FAILED', message, { issues })
}

/** Where the first U+0000 is (in a string or a key), which PostgreSQL cannot store in text or jsonb. */
function nulCharPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null
  if (value === null || typeof value !== 'object' || value instanceof Blob) return null
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\0') ? [...path, key] : nulCharPath(item, [...path, key])
    if (found) return found
  }
  return null
}

function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, root: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (!result.success) throw validationError(toIssues(result.issues, root))
  const nul = nulCharPath(result.output, [])
  if (nul) throw validationError([{ path: nul.join('.') || root, message: 'must not contain a NUL character' }])
  return result.output
}

/** "1 MB", "10.25 MB": the limit as a person reads it. */
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`

/**
 * 413 before the body is read. The unread rest of it is either drained or the connection is cut (@hono/node-server
 * drains for at most 500 ms), so the answer says `Connection: close` and Node closes it: a client never reuses a
 * connection the server is about to drop (issue 35).
 */
export const payloadTooLarge = (limit: number) => (c: Context) =>
  c.json(errorBody('PAYLOAD_TOO_LARGE', `The request body is larger than ${megabytes(limit)}`), 413, { Connection: 'close' })

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/

async function authenticate(c: Context, endpoint: EndpointDef, deps: AppDeps): Promise<Auth | null> {
  const access = accessOf(endpoint)
  if (access === 'public') return null
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
  // Only a GET may be answered with a session from memory (decision 098): anything that may write reads it afresh.
  const resolve = endpoint.method === 'GET' ? deps.sessionCache.resolve.bind(deps.sessionCache) : resolveSession
  // An API key is never cached, so its revoke holds at once on every process (decision 168).
  const auth = token?.startsWith(API_KEY_PREFIX)
    ? await authenticateKey(c, endpoint, deps, token)
    : token
      ? await resolve(deps.db, deps.clock, token, deps.sessionIdleMs)
      : null
  if (!auth) throw unauthenticated()
  if (access === 'vendor' && auth.vendor.status !== 'approved') {
    throw new ApiError(403, 'VENDOR_NOT_APPROVED', 'An administrator needs to approve your account, please check back in a few minutes.')
  }
  if (permissionsOf(endpoint).some((permission) => !auth.permissions.includes(permission))) {
    throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this')
  }
  return auth
}

/** What the client receives: status, `{ message, data }` or error envelope, and extra headers. */
interface Answer {
  status: ContentfulStatusCode
  body: unknown
  headers?: Record<string, string>
}

/** A success as the client receives it: the contract's status (decision 163) and `{ message, data }`. */
const success = (endpoint: EndpointDef, handled: HandlerResult<unknown>, data: unknown): Answer => ({
  status: successStatusOf(endpoint),
  body: { message: handled.message ?? 'Success', data: data ?? null },
  headers: handled.headers,
})

function send(c: Context, answer: Answer): Response {
  for (const [header, value] of Object.entries(answer.headers ?? {})) c.header(header, value)
  return c.json(answer.body, answer.status)
}

/**
 * A file endpoint's answer (EndpointDef.produces): the handler's stream as the body, which the Node adapter reads
 * only as fast as the socket drains and cancels when the client goes away (decision 159).
 */
function sendFile(c: Context, endpoint: EndpointDef, file: FileResult): Response {
  // The name is ours (e.g. transactionsFileName), but a header must never carry a quote or a line break.
  const name = file.fileName.replace(/[^\w.-]/g, '_')
  return c.body(file.body, successStatusOf(endpoint), {
    // Text files say their encoding; a PDF is bytes.
    'Content-Type': endpoint.produces === 'application/pdf' ? 'application/pdf' : `${endpoint.produces}; charset=utf-8`,
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
  })
}

/** A thrown value as an answer (ApiErrors as themselves, anything else as a logged 500). */
function errorAnswer(error: unknown, deps: Pick<AppDeps, 'logger'>, where: string): Answer {
  if (error instanceof ApiError) {
    const body = error.issues
      ? { message: error.message, code: error.code, issues: error.issues }
      : { message: error.message, code: error.code }
    return { status: error.status, body, headers: error.headers }
  }
  deps.logger.error(`[api] ${where} failed:`, describeError(error))
  return { status: 500, body: errorBody('INTERNAL', FALLBACK_MESSAGE) }
}

/** Turns any thrown value into the wire error envelope. Unknown errors are logged and answered generically. */
export function errorResponse(c: Context, error: unknown, deps: Pick<AppDeps, 'logger'>, where: string): Response {
  // errorAnswer logs only the error itself: request bodies and headers can hold passwords, codes and tokens.
  return send(c, errorAnswer(error, deps, where))
}

/**
 * Runs an idempotent endpoint's handler at most once per (vendor, Idempotency-Key). An ApiError from the handler
 * means the request was refused before it changed anything (handlers of idempotent endpoints must keep it so), so
 * the key is released and the client may retry it with corrected input. Any other outcome, including a 500 that
 * may have happened after money moved, is stored and replayed.
 */
async function runIdempotent(
  c: Context,
  name: string,
  auth: Auth,
  input: { query: unknown; body: unknown },
  deps: AppDeps,
  run: () => Promise<Answer>,
): Promise<Answer> {
  const key = idempotencyKeyOf(c)
  const id = { vendorId: auth.vendorId, key }
  const stored = await claimIdempotencyKey(deps.db, {
    ...id,
    userId: auth.userId,
    endpoint: name,
    hash: requestHash(name, input.query, input.body),
    now: deps.clock.now(),
    origin: publicOrigin({ deps, c }),
  })
  if (stored) {
    // The PIN is not part of the request hash (idempotency.ts), so a replay must prove it again: otherwise a wrong
    // PIN would read the stored answer. Counted like any other try, towards the same lockout.
    const pin = (input.body as { pin?: unknown } | undefined)?.pin
    if (typeof pin === 'string') await verifyPin(deps.db, auth.user, pin)
    return { ...stored, headers: { 'Idempotent-Replayed': 'true' } }
  }
  let answer: Answer
  try {
    answer = await run()
  } catch (error) {
    if (error instanceof ApiError) {
      await releaseIdempotencyKey(deps.db, id)
      throw error
    }
    answer = errorAnswer(error, deps, name)
  }
  // Headers are not replayed: an idempotent endpoint answers everything in its body.
  await saveIdempotentResponse(deps.db, id, { status: answer.status, body: answer.body })
  return answer
}

/**
 * The single way an endpoint is served. In order: the body size limit (the endpoint's own, else 1 MB), session
 * and vendor approval, permission, the endpoint's guard (e.g. a webhook signature), the Idempotency-Key of money
 * calls, input parsing (JSON or multipart) and validation, the handler, cost fields removed for a caller without
 * VENDOR_INVENTORY (cost-visibility.ts), then (in tests) the response schema, and
 * the `{ message, data }` envelope under the endpoint's success status (the contract's, never the handler's), or
 * for a file endpoint the streamed file. A handler cannot skip any step, and receives only validated input plus the
 * caller's vendor to scope its queries by.
 */
export function register<E extends EndpointDef>(
  app: Hono,
  name: string,
  endpoint: E,
  handler: Handler<E>,
  deps: AppDeps,
  guard?: Guard,
): void {
  if (endpoint.idempotent && accessOf(endpoint) === 'public') {
    throw new Error(`${name}: idempotency keys are scoped by vendor, so an idempotent endpoint needs a session`)
  }
  if (Boolean(guard) !== Boolean(endpoint.credential)) {
    throw new Error(`${name}: a guard checks the credential the contract declares (EndpointDef.credential), so both or neither`)
  }
  if (isFileEndpoint(endpoint) && (endpoint.idempotent || endpoint.method !== 'GET')) {
    throw new Error(`${name}: a file download is a read (GET); its answer is a stream, which cannot be stored for replay`)
  }
  const limit = endpoint.maxBodyBytes ?? MAX_BODY_BYTES
  const readBody = endpoint.bodyType === 'multipart' ? readMultipart : readJson
  const readOnly = endpoint.method === 'GET'
  // A GET's body is never read. Hono's bodyLimit looks at the body all the same, which makes the Node adapter build
  // a full WHATWG Request for every list call: a few percent of a list's CPU (issue 20).
  const limitBody: MiddlewareHandler = readOnly ? (_c, next) => next() : bodyLimit({ maxSize: limit, onError: payloadTooLarge(limit) })
  app.on(endpoint.method, endpoint.path, auditKeyCalls(deps), limitBody, async (c) => {
    try {
      const auth = await authenticate(c, endpoint, deps)
      if (guard) await guard(c, deps)
      if (endpoint.idempotent) idempotencyKeyOf(c)
      const query = endpoint.query ? parseInput(endpoint.query, c.req.query(), 'query') : undefined
      const rawBody = endpoint.body && endpoint.method !== 'GET' ? await readBody(c) : undefined
      const body = endpoint.body ? parseInput(endpoint.body, rawBody ?? {}, 'body') : undefined
      const answerWithEffect = async (tx: Tx, handled: HandlerResult<unknown>) => {
        if (!endpoint.idempotent || !auth) throw new Error(`${name} is not idempotent: it has no answer to store`)
        const claim = { vendorId: auth.vendorId, key: idempotencyKeyOf(c), userId: auth.userId, endpoint: name }
        const answer = success(endpoint, handled, visibleTo(auth, handled.data))
        await saveAnswerWithEffect(tx, { ...claim, hash: requestHash(name, query, body) }, answer)
      }
      const ctx = { query, body, auth, db: deps.db, deps, ip: clientIp(c, deps.trustProxy), c, answerWithEffect } as HandlerContext<E>
      if (isFileEndpoint(endpoint)) return sendFile(c, endpoint, (await handler(ctx)) as FileResult)
      const run = async (): Promise<Answer> => {
        const handled = (await handler(ctx)) as HandlerResult<ResponseOf<E>>
        const data = visibleTo(auth, handled.data)
        if (deps.checkResponses) {
          const check = v.safeParse(endpoint.response, data)
          if (!check.success) {
            const [issue] = toIssues(check.issues, 'data')
            throw new Error(`${name} answered data that breaks its response schema: ${issue?.path}: ${issue?.message}`)
          }
        }
        return success(endpoint, handled, data)
      }
      return send(c, endpoint.idempotent ? await runIdempotent(c, name, auth!, { query, body }, deps, run) : await run())
    } catch (error) {
      return errorResponse(c, error, deps, name)
    } finally {
      // Whatever this request wrote (a sign-out, a member removed, a permission taken away) holds for the next
      // request: the cached sessions are dropped before the answer leaves (decision 098).
      if (!readOnly) deps.sessionCache.clear()
    }
  })
}
