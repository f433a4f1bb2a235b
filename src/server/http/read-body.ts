import type { Context } from 'hono'

import { ApiError } from '../errors'

/* A request's body as register() reads it before validation: JSON, or multipart (EndpointDef.bodyType). */

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  // No body at all is treated as {}, so the client learns which fields are required rather than "body: ...".
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'BAD_JSON', 'The request body is not valid JSON')
  }
}

const MULTIPART_MESSAGE = 'The request body must be multipart/form-data'

/** A multipart field's text: JSON when it parses (numbers, booleans, lists), else the plain string (curl -F name=Jollof). */
function decodeField(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The decoded object of a multipart body (see EndpointDef.bodyType): a field holding files becomes the list of
 * them, even for one file, so the schema sees one shape; text fields are decoded by decodeField.
 */
export async function readMultipart(c: Context): Promise<Record<string, unknown>> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'multipart/form-data') throw new ApiError(400, 'BAD_MULTIPART', MULTIPART_MESSAGE)
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch {
    throw new ApiError(400, 'BAD_MULTIPART', MULTIPART_MESSAGE)
  }
  // fromEntries defines own fields: a field named __proto__ stays a field instead of becoming the body's prototype.
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => {
      const values = Array.isArray(value) ? value : [value]
      const decoded = values.map((part) => (typeof part === 'string' ? decodeField(part) : part))
      return [key, values.every((part) => part instanceof File) || decoded.length > 1 ? decoded : decoded[0]]
    }),
  )
}
