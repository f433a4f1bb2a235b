import type { ContentfulStatusCode } from 'hono/utils/http-status'

import type { ErrorCode } from '#contract/error-codes'
import { CODE_NOT_SENT_MESSAGE, UNAUTHENTICATED_MESSAGE } from '#contract/messages'

export interface Issue {
  path: string
  message: string
}

/**
 * An error the client is meant to see: thrown anywhere in a handler (or below it), it becomes
 * `{ message, code, issues? }` with this status. Anything else thrown is a bug and answers a generic 500.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  /** Declared in src/contract/error-codes.ts: a new code is added there first, with what it means. */
  readonly code: ErrorCode
  readonly issues?: Issue[]
  readonly headers?: Record<string, string>

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    extra: { issues?: Issue[]; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.issues = extra.issues
    this.headers = extra.headers
  }
}

/** A one-time code whose first send failed (503 CODE_NOT_SENT): the person asks again instead of waiting. */
export const codeNotSent = () => new ApiError(503, 'CODE_NOT_SENT', CODE_NOT_SENT_MESSAGE)

/** The error envelope for an answer written rather than thrown (500, 413, unknown paths): the same declared codes. */
export function errorBody(code: ErrorCode, message: string): { message: string; code: ErrorCode } {
  return { message, code }
}

export function unauthenticated(): ApiError {
  return new ApiError(401, 'UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE)
}

export function notFound(what: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${what} not found`)
}

/**
 * What the log may hold of a thrown value: its name, message and stack, never its own properties. Provider clients
 * keep the request on their errors (axios: `error.config.data`), and that request holds the code or token we sent.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message.startsWith('Failed query:')) {
    // drizzle writes a failed query's parameters into its message (`params: …`): PIN hashes, names, narrations.
    // The query and the database's own error say what failed; the values stay out of the log.
    const query = error.message.split('\nparams:')[0]
    return error.cause === undefined ? `${error.name}: ${query}` : `${error.name}: ${query}\n${describeError(error.cause)}`
  }
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return typeof error === 'string' ? error : Object.prototype.toString.call(error)
}
