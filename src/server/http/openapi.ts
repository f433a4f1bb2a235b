import { apiKeyScopeOf } from '#contract/api-keys'
import { ErrorBody, MAX_PAGE_SIZE } from '#contract/common'
import { accessOf, type EndpointDef, permissionsOf, successStatusOf } from '#contract/endpoint'
import { openApiWebhooks } from '#server/webhooks/openapi-webhooks'

import { HOUR_MS } from '../clock'
import { IDEMPOTENCY_TTL_MS } from './idempotency'
import { errorResponses, successResponse } from './openapi-responses'
import { type Json, queryParameters, requestContent, schemaOf } from './openapi-schemas'

const KEY_HOURS = IDEMPOTENCY_TTL_MS / HOUR_MS

/**
 * How a caller proves who it is (components.securitySchemes). `apiKey` is the vendor's secret keys (`vbo_sk_…`,
 * decision 168): an operation a key may call names it with the scope it needs. `webhookSignature` describes what our
 * outgoing webhooks carry (decision 169): each entry of `webhooks` names it.
 */
const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /auth/vendor/login (or /auth/register).' },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'vbo_sk_…',
    description: 'A vendor API key, sent as `Authorization: Bearer vbo_sk_…`: it acts with its scopes on the endpoints keys may reach.',
  },
  operatorKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Operator-Key',
    description: "The operator's key (DATA_DIR/operator.key or OPERATOR_KEY); without one configured the operator calls answer 404.",
  },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Provider-Signature',
    description: 'Hex HMAC-SHA256 of the raw body with BANK_WEBHOOK_SECRET, sent by the banking provider.',
  },
  paystackSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-paystack-signature',
    description: 'Hex HMAC-SHA512 of the raw body with the Paystack secret key, sent by Paystack.',
  },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description:
      'Not a credential of calls to this API: what outgoing webhook deliveries carry, per the Standard Webhooks specification. ' +
      'Headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the ' +
      "endpoint's `whsec_…` secret; verify with the `standardwebhooks` library of your language and refuse a timestamp more than 5 minutes off.",
  },
}

const CREDENTIAL_SCHEMES = {
  'operator-key': 'operatorKey',
  'provider-signature': 'providerSignature',
  'paystack-signature': 'paystackSignature',
} as const

function security(endpoint: EndpointDef): Json[] {
  if (endpoint.credential) return [{ [CREDENTIAL_SCHEMES[endpoint.credential]]: [] }]
  if (accessOf(endpoint) === 'public') return []
  return apiKeyScopeOf(endpoint) === false ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, { apiKey: [apiKeyScopeOf(endpoint)] }]
}

/** The largest `size` a list's query takes, read from its JSON Schema (contract/common.ts pageQuery). */
function pageSizeLimit(parameters: Json[]): number | undefined {
  const size = parameters.find((parameter) => parameter.name === 'size')?.schema as { maximum?: number } | undefined
  return size?.maximum
}

function describe(endpoint: EndpointDef, parameters: Json[]): string {
  const access = accessOf(endpoint)
  const who = endpoint.credential
    ? 'No session: the caller proves itself with the header its security scheme names.'
    : access === 'public'
      ? 'Public: no sign-in needed.'
      : access === 'user'
        ? 'Any signed-in user, even of a vendor awaiting approval.'
        : 'Signed-in user of an approved vendor.'
  const required = permissionsOf(endpoint)
  const permission = required.length ? ` Requires permission${required.length > 1 ? 's' : ''} ${required.join(' and ')}.` : ''
  const idempotent = endpoint.idempotent
    ? ` Send an Idempotency-Key header; a replay within ${KEY_HOURS} hours returns the first answer.`
    : ''
  const limit = pageSizeLimit(parameters)
  const paged = limit
    ? ` A list: \`page\` from 1, \`size\` 1 to ${limit}; a larger \`size\` is refused (422 naming \`size\`), never cut.`
    : ''
  return who + permission + idempotent + paged
}

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    `One key per attempt of one operation (1 to 100 letters, digits or \`. _ : -\`), scoped to the vendor and claimed by its user. ` +
    `Kept ${KEY_HOURS} hours: a replay with the same input returns the first answer (\`Idempotent-Replayed: true\`); the same key ` +
    'with other input is 409 `IDEMPOTENCY_MISMATCH`, from another user 409 `IDEMPOTENCY_KEY_OTHER_USER`, while the first is ' +
    'still running 409 `IDEMPOTENCY_IN_PROGRESS`. A refusal (4xx) releases the key; anything else is stored.',
  schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' },
}

function operation(name: string, endpoint: EndpointDef): Json {
  const parameters = endpoint.query ? queryParameters(endpoint.query) : []
  if (endpoint.idempotent) parameters.push(IDEMPOTENCY_KEY)
  return {
    operationId: name,
    summary: endpoint.summary,
    description: describe(endpoint, parameters),
    tags: [endpoint.path.split('/')[1] ?? 'api'],
    'x-access': accessOf(endpoint),
    ...(endpoint.permission ? { 'x-permission': endpoint.permission } : {}),
    ...(endpoint.idempotent ? { 'x-idempotent': true } : {}),
    security: security(endpoint),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: requestContent(endpoint, endpoint.body) } } : {}),
    responses: { [successStatusOf(endpoint)]: successResponse(endpoint), ...errorResponses(endpoint) },
  }
}

function describeApi(endpoints: Record<string, EndpointDef>): string {
  const idempotent = Object.entries(endpoints)
    .filter(([, endpoint]) => endpoint.idempotent)
    .map(([name]) => `\`${name}\``)
  return [
    'Every answer is JSON but a file download (`text/csv`, said per operation). Success: `{ message, data }` under the status the operation declares (201 where a call creates). Failure: `{ message, code, issues? }` with a real HTTP status; each operation lists the statuses it answers and, per status, the `code`s. What the server refuses before routing (431 headers over 16 KB, 400 not HTTP, 408 too slow) also says `Connection: close`. Money is integer kobo; timestamps are ISO strings.',
    `Lists take \`page\` (from 1) and \`size\` (1 to ${MAX_PAGE_SIZE}, default 20); a larger size is refused with 422 naming \`size\`.`,
    `Idempotency: ${idempotent.join(', ')} require an \`Idempotency-Key\` header; a key is remembered ${KEY_HOURS} hours.`,
  ].join('\n\n')
}

/**
 * OpenAPI 3.1 document of the whole API, made from the contract's endpoint table, plus `extraPaths` served outside
 * the contract (the load balancer's probes, the event stream): see http/openapi-document.ts.
 */
export function buildOpenApi(endpoints: Record<string, EndpointDef>, extraPaths: Record<string, Json> = {}): Json {
  const paths: Record<string, Json> = { ...extraPaths }
  for (const [name, endpoint] of Object.entries(endpoints)) {
    paths[endpoint.path] ??= {}
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operation(name, endpoint)
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vendor back-office API', version: '1', description: describeApi(endpoints) },
    servers: [{ url: '/api' }],
    paths,
    webhooks: openApiWebhooks(),
    components: { securitySchemes: SECURITY_SCHEMES, schemas: { Error: schemaOf(ErrorBody, 'output') } },
  }
}
