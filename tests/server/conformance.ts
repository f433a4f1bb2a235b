import { appendFileSync } from 'node:fs'

import type { ErrorObject, ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Hono } from 'hono'
import { expect } from 'vitest'

import { apiDocument } from '#server/http/openapi-document'

/*
 * The conformance check of the served OpenAPI document (decision 170): every answer an app made by the harness
 * gives (through `call`, `callRaw` or a test's own `app.request`) is held to the document's operation for its
 * method and path. A status the operation does not declare, or a JSON body that breaks the schema declared for
 * that status (the error envelope with this operation's codes, or `{ message, data }`), fails the test there.
 * The document and Ajv are built once per worker; each (operation, status) schema is compiled on first use.
 *
 * OPENAPI_CONFORMANCE_LOG=<file> records every checked answer as a line of JSON instead of throwing, so one run of
 * the suite lists every mismatch at once (and counts the answers checked).
 */

type Json = Record<string, unknown>
interface Operation {
  operationId: string
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

let document: { paths: Record<string, Record<string, Operation>> } | undefined
let ajv: Ajv2020 | undefined
const validators = new Map<string, ValidateFunction>()

function setUp(): { paths: Record<string, Record<string, Operation>> } {
  if (document && ajv) return document
  document = apiDocument() as typeof document & Json
  ajv = new Ajv2020({ strict: false, allErrors: false })
  addFormats.default(ajv)
  ajv.addFormat('binary', true)
  ajv.addSchema(document as Json, 'openapi')
  return document!
}

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

function validatorFor(path: string, method: string, status: string, mediaType: string): ValidateFunction {
  const ref = `openapi#/${pointer('paths', path, method, 'responses', status, 'content', mediaType, 'schema')}`
  let validate = validators.get(ref)
  if (!validate) {
    validate = ajv!.compile({ $ref: ref })
    validators.set(ref, validate)
  }
  return validate
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`)
    .join('; ')

/** What is wrong with one answer, or null when it is what the document says. Undefined: not an operation. */
async function problemOf(method: string, url: URL, response: Response): Promise<string | null | undefined> {
  const doc = setUp()
  const path = url.pathname.replace(/^\/api(?=\/)/, '')
  const verb = method.toLowerCase()
  const operation = doc.paths[path]?.[verb]
  if (!operation || !url.pathname.startsWith('/api/')) return undefined
  const status = String(response.status)
  const declared = operation.responses[status]
  if (!declared) return `status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`
  const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
  if (!declared.content?.[mediaType]) return `status ${status} answered ${mediaType || 'no content type'}, not declared`
  // A stream (the event stream, a file) is checked by its media type only: reading it here would wait for its end.
  if (mediaType !== 'application/json') return null
  const text = await response.clone().text()
  const body: unknown = text === '' ? undefined : JSON.parse(text)
  const validate = validatorFor(path, verb, status, mediaType)
  return validate(body) ? null : `status ${status} body breaks its schema: ${describeErrors(validate.errors)} — ${text.slice(0, 300)}`
}

async function check(method: string, url: URL, response: Response): Promise<void> {
  const problem = await problemOf(method, url, response)
  // Not an operation of the document (/docs, /files/…, a 404 probe, a test's own route): nothing to hold it to.
  if (problem === undefined) return
  const log = process.env.OPENAPI_CONFORMANCE_LOG
  const operation = `${method.toUpperCase()} ${url.pathname.replace(/^\/api/, '')}`
  if (log) {
    const code = problem ? await codeOf(response) : undefined
    appendFileSync(log, `${JSON.stringify({ operation, status: response.status, code, problem, test: expectState() })}\n`)
    return
  }
  if (problem) throw new Error(`The answer to ${operation} is not what /api/openapi.json says: ${problem}`)
}

async function codeOf(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { code?: unknown }).code
  } catch {
    return undefined
  }
}

function expectState(): string | undefined {
  const { testPath, currentTestName } = expect.getState()
  return currentTestName ? `${testPath?.replace(/.*\/tests\//, 'tests/')} > ${currentTestName}` : undefined
}

/**
 * The app with its `request` checked against the document: what `makeApp` returns. Tests that build an app with
 * createApp themselves pass it through here.
 */
export function conforming<A extends Hono>(app: A): A {
  const request = app.request.bind(app)
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const response = await (request as (...args: unknown[]) => Response | Promise<Response>)(input, init, ...rest)
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    await check(method, url, response)
    return response
  }) as A['request']
  return app
}
