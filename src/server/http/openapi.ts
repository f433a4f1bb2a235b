import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'

import { ErrorBody } from '#contract/common'
import { accessOf, type EndpointDef, isFileEndpoint, permissionsOf, successStatusOf } from '#contract/endpoint'
import { openApiWebhooks } from '#server/webhooks/openapi-webhooks'

type Json = Record<string, unknown>

/**
 * Transforms (e.g. query strings parsed to numbers) have no JSON Schema: 'ignore' keeps the part before them.
 * Files (multipart uploads) are binary strings, as OpenAPI describes a file part.
 */
function schemaOf(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const json = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'file' ? { type: 'string', format: 'binary' } : undefined),
  }) as Json
  delete json.$schema
  return json as JsonSchema
}

function queryParameters(schema: v.GenericSchema): Json[] {
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }))
}

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Malformed request (e.g. the body is not JSON)',
  '401': 'Not signed in, or the session expired or was revoked',
  '403': 'Vendor not approved, or the permission is missing',
  '409': 'Idempotency-Key already used with different parameters',
  '413': 'The body is larger than this endpoint accepts; the answer says `Connection: close` and the connection closes',
  '422': 'Invalid input; `message` names the field and `issues` lists each one',
  '429': 'Too many attempts; see Retry-After',
}

function errorResponses(endpoint: EndpointDef): Json {
  const codes = [
    '400',
    ...(accessOf(endpoint) === 'public' ? [] : ['401', '403']),
    ...(endpoint.idempotent ? ['409'] : []),
    ...(endpoint.body ? ['413'] : []),
    '422',
    '429',
  ]
  return Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description: ERROR_RESPONSES[code],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  )
}

function describeAccess(endpoint: EndpointDef): string {
  const access = accessOf(endpoint)
  const who =
    access === 'public'
      ? 'Public: no sign-in needed.'
      : access === 'user'
        ? 'Any signed-in user, even of a vendor awaiting approval.'
        : 'Signed-in user of an approved vendor.'
  const required = permissionsOf(endpoint)
  const permission = required.length ? ` Requires permission${required.length > 1 ? 's' : ''} ${required.join(' and ')}.` : ''
  const idempotent = endpoint.idempotent ? ' Send an Idempotency-Key header; a replay returns the first answer.' : ''
  return who + permission + idempotent
}

/**
 * A multipart body's text fields carry JSON (see EndpointDef.bodyType); saying so per structured field lets
 * generated clients encode lists and objects the way the server decodes them.
 */
function requestContent(endpoint: EndpointDef, body: v.GenericSchema): Json {
  const schema = schemaOf(body, 'input') as { properties?: Record<string, Json> }
  if (endpoint.bodyType !== 'multipart') return { 'application/json': { schema } }
  const isFiles = (property: Json) => (property.items as Json | undefined)?.format === 'binary'
  const encoding = Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, property]) => !isFiles(property) && property.type !== 'string')
      .map(([name]) => [name, { contentType: 'application/json' }]),
  )
  return { 'multipart/form-data': { schema, encoding } }
}

/** The envelope around `response`, or for a file endpoint the file itself, streamed as a download. */
function success(endpoint: EndpointDef): Json {
  if (isFileEndpoint(endpoint)) {
    return {
      description: 'The file, written as it is read (a download: `Content-Disposition: attachment` with its name)',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: { [endpoint.produces]: { schema: schemaOf(endpoint.response, 'output') } },
    }
  }
  return {
    description: successStatusOf(endpoint) === 201 ? 'Created' : 'Success',
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

function operation(name: string, endpoint: EndpointDef): Json {
  const parameters = endpoint.query ? queryParameters(endpoint.query) : []
  if (endpoint.idempotent) {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 100 } })
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    description: describeAccess(endpoint),
    tags: [endpoint.path.split('/')[1] ?? 'api'],
    'x-access': accessOf(endpoint),
    ...(endpoint.permission ? { 'x-permission': endpoint.permission } : {}),
    ...(endpoint.idempotent ? { 'x-idempotent': true } : {}),
    ...(accessOf(endpoint) === 'public' ? { security: [] } : { security: [{ bearerAuth: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: requestContent(endpoint, endpoint.body) } } : {}),
    responses: { [successStatusOf(endpoint)]: success(endpoint), ...errorResponses(endpoint) },
  }
}

/**
 * OpenAPI 3.1 document of the whole API, made from the contract's endpoint table, plus `extraPaths` served outside
 * the contract (the load balancer's probes, http/probes.ts).
 */
export function buildOpenApi(endpoints: Record<string, EndpointDef>, extraPaths: Record<string, Json> = {}): Json {
  const paths: Record<string, Json> = { ...extraPaths }
  for (const [name, endpoint] of Object.entries(endpoints)) {
    paths[endpoint.path] ??= {}
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operation(name, endpoint)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vendor back-office API',
      version: '1',
      description:
        'Every answer is JSON but a file download (`text/csv`, said per operation). Success: `{ message, data }`. Failure: `{ message, code, issues? }` with a real HTTP status, including what the server refuses before routing (431 headers over 16 KB, 400 not HTTP, 408 too slow), which also say `Connection: close`. Money is integer kobo; timestamps are ISO strings.',
    },
    servers: [{ url: '/api' }],
    paths,
    webhooks: openApiWebhooks(),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /auth/vendor/login' } },
      schemas: { Error: schemaOf(ErrorBody, 'output') },
    },
  }
}
