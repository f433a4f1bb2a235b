import type { BodyInput, EndpointDef, QueryInput, ResponseOf } from '#contract/endpoint'
import { accessOf } from '#contract/endpoint'
import type { ErrorCode } from '#contract/error-codes'
import { FALLBACK_MESSAGE, UNAUTHENTICATED_MESSAGE } from '#contract/messages'

import { getSession } from './session-store'

export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api'

/**
 * The codes only the app makes, never the server, so they are not in the contract's ERROR_CODES:
 * - 'NETWORK': fetch itself failed (offline, DNS, a dropped connection); status 0, no answer came back.
 * - 'ERROR': an answer without a code of ours, so not from our server: a carrier's "out of data" page, a captive
 *   portal, a proxy's HTML 502. query-client.ts tells these apart from the server's own 403 and 404.
 */
export type ClientErrorCode = 'NETWORK' | 'ERROR'

/** A failed call as the screens see it: the server's message and code, or ours for a network failure. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode
  readonly issues: { path: string; message: string }[]
  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string, issues: { path: string; message: string }[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.issues = issues
  }
}

export interface Envelope<T> {
  message: string
  data: T
  headers: Headers
}

type Input<E extends EndpointDef> = {
  query?: QueryInput<E>
  body?: BodyInput<E>
  headers?: Record<string, string>
  signal?: AbortSignal
}

let onUnauthenticated: () => void = () => {}

/** The app wires what a 401 does (wipe storage and cache, toast, go to `/`); the client only reports it. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler
}

function toSearch(query: unknown): string {
  if (!query || typeof query !== 'object') return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

const isFile = (value: unknown): value is Blob => value instanceof Blob

/**
 * The contract's multipart encoding (EndpointDef.bodyType): a file field is a list of files, each appended under
 * the field's name; every other field is its JSON text, so numbers, booleans, null and nested lists keep their
 * types. Undefined fields are left out (on an update they mean "unchanged").
 */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue
    if (isFile(value)) form.append(name, value)
    else if (Array.isArray(value) && value.length > 0 && value.every(isFile)) for (const file of value) form.append(name, file)
    else form.append(name, JSON.stringify(value))
  }
  return form
}

/** Sends one call of an endpoint with the session's bearer token; fetch failing is a NETWORK ApiError. */
async function send<E extends EndpointDef>(endpoint: E, input: Input<E>, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...input.headers }
  const token = getSession()?.token
  if (token && accessOf(endpoint) !== 'public') headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  // No Content-Type for multipart: the browser writes it, with the boundary.
  if (endpoint.bodyType === 'multipart' && input.body !== undefined) body = toFormData(input.body as Record<string, unknown>)
  else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(input.body)
  }
  try {
    return await fetch(`${API_URL}${endpoint.path}${toSearch(input.query)}`, {
      method: endpoint.method,
      headers,
      body,
      signal: input.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK', navigator.onLine ? FALLBACK_MESSAGE : 'You are offline. Check your connection and try again.')
  }
}

type Payload = { message?: unknown; data?: unknown; code?: unknown; issues?: unknown } | null

const messageOf = (payload: Payload) => (typeof payload?.message === 'string' && payload.message ? payload.message : undefined)

/** A refusal as the screens see it; a 401 on a call that needs a session also signs out. */
function refusal(endpoint: EndpointDef, response: Response, payload: Payload): ApiError {
  // A 401 on a public call (wrong password at login) is an answer, not a lost session.
  if (response.status === 401 && accessOf(endpoint) !== 'public') {
    onUnauthenticated()
    return new ApiError(401, 'UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE)
  }
  const issues = Array.isArray(payload?.issues) ? (payload.issues as ApiError['issues']) : []
  // The server sends only declared codes; one this build does not know yet (a newer server) is kept as it is.
  const code = typeof payload?.code === 'string' ? (payload.code as ErrorCode) : 'ERROR'
  return new ApiError(response.status, code, messageOf(payload) ?? FALLBACK_MESSAGE, issues)
}

/** Calls one contract endpoint: typed input and output, bearer token, envelope parsing, 401 handling. */
export async function api<E extends EndpointDef>(endpoint: E, input: Input<E> = {}): Promise<Envelope<ResponseOf<E>>> {
  const response = await send(endpoint, input, 'application/json')
  const payload = (await response.json().catch(() => null)) as Payload
  if (!response.ok) throw refusal(endpoint, response, payload)
  return { message: messageOf(payload) ?? '', data: payload?.data as ResponseOf<E>, headers: response.headers }
}

/**
 * Calls a file endpoint (EndpointDef.produces) the way api() calls the others, and answers the response with its
 * body not yet read, for the caller to read as it arrives. A refusal comes before the file: JSON, thrown as api()
 * throws it.
 */
export async function apiFile<E extends EndpointDef & { produces: string }>(endpoint: E, input: Input<E> = {}): Promise<Response> {
  const response = await send(endpoint, input, `${endpoint.produces}, application/json`)
  if (!response.ok) throw refusal(endpoint, response, (await response.json().catch(() => null)) as Payload)
  return response
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : FALLBACK_MESSAGE
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined
}
