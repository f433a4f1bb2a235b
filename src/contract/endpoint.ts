import type * as v from 'valibot'

import type { ApiKeyScope } from './api-keys'
import type { ErrorCode } from './error-codes'
import type { Permission } from './permissions'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
export type Schema = v.GenericSchema

/**
 * Who may call an endpoint:
 * - 'public': nobody needs to be signed in (login, reset, public pages).
 * - 'user': any live session, even of a vendor not yet approved (profile, own password).
 * - 'vendor': a live session of an approved vendor; the default for business endpoints.
 */
export type Access = 'public' | 'user' | 'vendor'

/**
 * The HTTP status of a success: 201 for a call that creates something (an order, a coupon, a transfer), else 200.
 * The server answers it (http/register.ts), the OpenAPI document shows it: a handler has no say (decision 163).
 */
export type SuccessStatus = 200 | 201

export interface EndpointDef {
  method: Method
  path: string
  summary: string
  access?: Access
  /**
   * What the caller must hold: one permission, or a list that must all be held (moving money from the main
   * wallet into an outlet needs both VENDOR_OUTLETS and VENDOR_TRANSFERS). The owner holds every permission.
   */
  permission?: Permission | readonly Permission[]
  query?: Schema
  body?: Schema
  /** The success answer's `data`; for a file (`produces`), the file's text. */
  response: Schema
  /** The status of a success answer. Default 200; 201 where the call creates something. */
  status?: SuccessStatus
  /**
   * What a success answers. Default 'json': the `{ message, data }` envelope. 'text/csv': a file download, written
   * as it is read from the database (decision 159), `Content-Disposition: attachment`; its handler answers a stream
   * and a file name. 'application/pdf' the same way (a statement, decision 178). Refusals (401, 403, 422…) are the
   * usual JSON either way: they come before the first byte.
   */
  produces?: 'json' | FileType
  /** Money calls: the client must send an Idempotency-Key header; a replay returns the first answer. */
  idempotent?: boolean
  /**
   * How the body travels. 'multipart' (uploads): multipart/form-data where every file field is a list of files
   * and every other field is JSON text (a value that is not valid JSON is taken as a plain string, so
   * `-F name=Jollof` works from curl). The body schema describes the decoded object. Default 'json'.
   */
  bodyType?: 'json' | 'multipart'
  /** Largest request body accepted, in bytes (413 beyond it). Default MAX_BODY_BYTES (1 MB). */
  maxBodyBytes?: number
  /**
   * What an API key needs to call this (decision 168): `false`, never by key (a person only); a scope, that scope.
   * Unset: derived from access, method and permission (apiKeyScopeOf in api-keys.ts).
   */
  apiKey?: ApiKeyScope | false
  /**
   * A 'public' endpoint whose caller proves itself another way than a session: the operator's X-Operator-Key, or
   * a provider's webhook signature. The server's guard for it checks it (register() refuses a guard the contract
   * does not declare, and the reverse); the OpenAPI document names the security scheme and its 401.
   */
  credential?: Credential
  /**
   * The error codes the handler can answer beyond those the pipeline derives from this declaration (session,
   * permission, body, query, idempotency, credential): NOT_FOUND, a conflict, a rate limit, an outside service down.
   * The OpenAPI document lists them per status (contract/error-statuses.ts); the server suite fails an answer whose
   * status or code an operation does not declare (decision 170).
   */
  errors?: readonly ErrorCode[]
}

export type Credential = 'operator-key' | 'provider-signature' | 'paystack-signature'

/** Declares one endpoint. Identity function: the value is the declaration, the type keeps the schemas. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def
}

type Out<S> = S extends Schema ? v.InferOutput<S> : undefined
type In<S> = S extends Schema ? v.InferInput<S> : undefined

/** What the server handler receives after validation. */
export type QueryOf<E extends EndpointDef> = Out<E['query']>
export type BodyOf<E extends EndpointDef> = Out<E['body']>
/** What a client passes before validation (query strings may be numbers or strings). */
export type QueryInput<E extends EndpointDef> = In<E['query']>
export type BodyInput<E extends EndpointDef> = In<E['body']>
export type ResponseOf<E extends EndpointDef> = v.InferOutput<E['response']>

/** What a file endpoint answers (EndpointDef.produces). */
export type FileType = 'text/csv' | 'application/pdf'

/** A file download rather than the JSON envelope (see EndpointDef.produces). */
export function isFileEndpoint<E extends EndpointDef>(e: E): e is E & { produces: FileType } {
  return e.produces === 'text/csv' || e.produces === 'application/pdf'
}

/** What a success answers (EndpointDef.status). */
export function successStatusOf(e: EndpointDef): SuccessStatus {
  return e.status ?? 200
}

export function accessOf(e: EndpointDef): Access {
  return e.access ?? 'vendor'
}

/** Every permission an endpoint requires (none for most 'user' and 'public' ones). */
export function permissionsOf(e: EndpointDef): readonly Permission[] {
  if (e.permission === undefined) return []
  return typeof e.permission === 'string' ? [e.permission] : e.permission
}
