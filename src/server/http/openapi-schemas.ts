import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'

import type { EndpointDef } from '#contract/endpoint'

export type Json = Record<string, unknown>

interface PipeItem {
  type: string
  requirement?: unknown
}

/**
 * A query-string integer (contract/common.ts `queryInt`, the page size) is a union of string and number piped
 * through a transform, which has no JSON Schema: described as what it accepts, an integer with its bounds, so the
 * page-size limit is in the document and a generated client types `size` as a number.
 */
function queryInteger(schema: v.GenericSchema): Json | undefined {
  const pipe = (schema as { pipe?: readonly PipeItem[] }).pipe
  if (!pipe?.some((item) => item.type === 'transform') || !pipe.some((item) => item.type === 'integer')) return undefined
  const minimum = pipe.findLast((item) => item.type === 'min_value')?.requirement
  const maximum = pipe.findLast((item) => item.type === 'max_value')?.requirement
  return {
    type: 'integer',
    ...(typeof minimum === 'number' ? { minimum } : {}),
    ...(typeof maximum === 'number' && maximum < Number.MAX_SAFE_INTEGER ? { maximum } : {}),
  }
}

/**
 * Transforms (e.g. query strings parsed to numbers) have no JSON Schema: 'ignore' keeps the part before them.
 * Files (multipart uploads) are binary strings, as OpenAPI describes a file part.
 */
export function schemaOf(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const json = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'file' ? { type: 'string', format: 'binary' } : undefined),
  }) as Json
  delete json.$schema
  return json as JsonSchema
}

/** A query field's own schema, an optional's with its default (the converter stops at the transform). */
function queryField(field: v.GenericSchema | undefined, converted: JsonSchema | undefined): JsonSchema | undefined {
  const optional = field?.type === 'optional' ? (field as unknown as { wrapped: v.GenericSchema; default: unknown }) : undefined
  const integer = queryInteger(optional?.wrapped ?? field ?? ({} as v.GenericSchema))
  if (!integer) return converted
  return { ...integer, ...(typeof optional?.default === 'number' ? { default: optional.default } : {}) } as JsonSchema
}

export function queryParameters(schema: v.GenericSchema): Json[] {
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  const fields = (schema as { entries?: Record<string, v.GenericSchema> }).entries ?? {}
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: queryField(fields[name], property),
  }))
}

/**
 * A multipart body's text fields carry JSON (see EndpointDef.bodyType); saying so per structured field lets
 * generated clients encode lists and objects the way the server decodes them.
 */
export function requestContent(endpoint: EndpointDef, body: v.GenericSchema): Json {
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
