import type { Context } from 'hono'

import type { BodyOf, EndpointDef, FileType, QueryOf, ResponseOf } from '#contract/endpoint'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import type { AppDeps } from '../deps'

/** Public endpoints get no caller; every other handler is guaranteed one. */
export type AuthFor<E extends EndpointDef> = E extends { access: 'public' } ? null : Auth

export interface HandlerContext<E extends EndpointDef> {
  query: QueryOf<E>
  body: BodyOf<E>
  auth: AuthFor<E>
  db: Db
  deps: AppDeps
  /** Client IP as far as we trust it (see clientIp). */
  ip: string
  c: Context
  /**
   * Idempotent endpoints: stores `result` as this request's answer inside `tx`, the transaction of its effect, so
   * effect and answer commit together (http/answer-with-effect.ts, decision 196). Return the same result.
   */
  answerWithEffect: (tx: Tx, result: HandlerResult<ResponseOf<E>>) => Promise<void>
}

/** A success's answer. Its status is the endpoint's (EndpointDef.status), never the handler's (decision 163). */
export interface HandlerResult<T> {
  data: T
  /** Shown to the user as the success toast. */
  message?: string
  /** The status is the endpoint's (EndpointDef.status): a handler that names one does not type-check. */
  status?: never
  headers?: Record<string, string>
}

/**
 * What a file endpoint's handler answers (EndpointDef.produces): the bytes as a stream the server pulls while the
 * client reads, and the name the download is saved under. A handler throws before returning it for anything that
 * should be refused: once the stream is handed over, the status is 200.
 */
export interface FileResult {
  body: ReadableStream<Uint8Array>
  fileName: string
}

export type Handler<E extends EndpointDef> = (
  ctx: HandlerContext<E>,
) => Promise<E extends { produces: FileType } ? FileResult : HandlerResult<ResponseOf<E>>>

/** One handler for every endpoint of a group: a missing or misspelt one is a type error. */
export type HandlersFor<G extends Record<string, EndpointDef>> = { [K in keyof G]: Handler<G[K]> }

/**
 * Runs before input parsing, for checks that are not a session: a webhook's signature over the raw body, which
 * must be verified before anything in that body is believed.
 */
export type Guard = (c: Context, deps: AppDeps) => Promise<void>
