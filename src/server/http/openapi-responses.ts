import { apiKeyScopeOf } from '#contract/api-keys'
import { accessOf, type EndpointDef, isFileEndpoint, permissionsOf, successStatusOf } from '#contract/endpoint'
import { ERROR_CODES, type ErrorCode } from '#contract/error-codes'
import { statusesOf } from '#contract/error-statuses'

import { type Json, schemaOf } from './openapi-schemas'

/** The codes register() itself answers: a consequence of the declaration, written here once (decision 170). */
export const IDEMPOTENCY_CODES: readonly ErrorCode[] = [
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_KEY_OTHER_USER',
  'IDEMPOTENCY_IN_PROGRESS',
]

/**
 * Every error code an operation can answer: what register() derives from the endpoint's declaration (in its
 * order: body limit, session, approval, permission, credential guard, Idempotency-Key, parsing and validation),
 * then the endpoint's own `errors`, then INTERNAL, which any call may meet.
 */
export function errorCodesOf(endpoint: EndpointDef): ErrorCode[] {
  const access = accessOf(endpoint)
  const writes = endpoint.method !== 'GET'
  const codes: ErrorCode[] = [
    ...(writes ? (['PAYLOAD_TOO_LARGE'] as const) : []),
    ...(access === 'public' ? [] : (['UNAUTHENTICATED'] as const)),
    // A signed-in call may carry an API key (decision 168): refused where keys may not go, else limited per key.
    ...(access === 'public' ? [] : (['API_KEY_NOT_ALLOWED'] as const)),
    ...(apiKeyScopeOf(endpoint) === false ? [] : (['API_KEY_SCOPE_MISSING', 'RATE_LIMITED'] as const)),
    ...(access === 'vendor' ? (['VENDOR_NOT_APPROVED'] as const) : []),
    ...(permissionsOf(endpoint).length ? (['FORBIDDEN'] as const) : []),
    // Without OPERATOR_KEY the operator's calls are not there at all (routes/operator.ts): 404, as any unknown path.
    ...(endpoint.credential === 'operator-key' ? (['INVALID_OPERATOR_KEY', 'NOT_FOUND'] as const) : []),
    ...(endpoint.credential && endpoint.credential !== 'operator-key' ? (['INVALID_SIGNATURE'] as const) : []),
    ...(endpoint.idempotent ? IDEMPOTENCY_CODES : []),
    ...(writes && endpoint.body ? [endpoint.bodyType === 'multipart' ? ('BAD_MULTIPART' as const) : ('BAD_JSON' as const)] : []),
    ...(endpoint.query || endpoint.body ? (['VALIDATION_FAILED'] as const) : []),
    ...(endpoint.errors ?? []),
    'INTERNAL',
  ]
  return [...new Set(codes)]
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  422: 'Unprocessable input',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Internal error',
  503: 'Unavailable',
}

const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: { type: 'string', pattern: '^\\d+$' } }
const CONNECTION_CLOSE = { description: '`close`: the server drops the connection after this answer', schema: { type: 'string' } }

/** Codes grouped under their statuses (contract/error-statuses.ts). */
export function byStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of codes) {
    for (const status of statusesOf(code)) byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b))
}

/**
 * One response per error status: the error envelope with `code` narrowed to the codes this operation answers
 * under it, and the codes' meanings in the description. Also for the paths served outside the contract.
 */
export function errorResponsesOf(operationCodes: readonly ErrorCode[]): Json {
  return Object.fromEntries(
    [...byStatus(operationCodes)].map(([status, codes]) => {
      const headers = {
        ...(status === 429 || codes.includes('LIMITS_UNAVAILABLE') ? { 'Retry-After': RETRY_AFTER } : {}),
        ...(status === 413 ? { Connection: CONNECTION_CLOSE } : {}),
      }
      const response = {
        description: `${STATUS_TEXT[status] ?? 'Error'}. ${codes.map((code) => `\`${code}\`: ${ERROR_CODES[code]}`).join(' ')}`,
        ...(Object.keys(headers).length ? { headers } : {}),
        content: {
          'application/json': {
            schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { enum: codes } } }] },
          },
        },
      }
      return [String(status), response]
    }),
  )
}

export const errorResponses = (endpoint: EndpointDef): Json => errorResponsesOf(errorCodesOf(endpoint))

/** The envelope around `response`, or for a file endpoint the file itself, streamed as a download. */
export function successResponse(endpoint: EndpointDef): Json {
  if (isFileEndpoint(endpoint)) {
    return {
      description: 'The file, written as it is read (a download: `Content-Disposition: attachment` with its name)',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: { [endpoint.produces]: { schema: schemaOf(endpoint.response, 'output') } },
    }
  }
  const replayed = { description: '`true` when this is the stored answer of an earlier call with the same key', schema: { type: 'string' } }
  return {
    description: successStatusOf(endpoint) === 201 ? 'Created' : 'Success',
    ...(endpoint.idempotent ? { headers: { 'Idempotent-Replayed': replayed } } : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['message', 'data'],
          properties: { message: { type: 'string' }, data: schemaOf(endpoint.response, 'output') },
        },
      },
    },
  }
}
