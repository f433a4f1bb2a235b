import { describe, expect, it } from 'vitest'

import { MAX_PAGE_SIZE } from '#contract/common'
import { accessOf, permissionsOf } from '#contract/endpoint'
import { ERROR_CODES, type ErrorCode } from '#contract/error-codes'
import { CODES_WITH_STATUS, statusesOf } from '#contract/error-statuses'
import { endpoints } from '#contract/index'
import { apiDocument } from '#server/http/openapi-document'

/*
 * The served document declares what the server answers (decision 170): the statuses and codes each operation's
 * declaration implies, its own `errors`, the page-size limit, idempotency and the security schemes. That the server
 * answers nothing else is the conformance check every server test runs (tests/server/conformance.ts).
 */

type Response = { content?: Record<string, { schema: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }> }
type Operation = {
  security: Record<string, string[]>[]
  description: string
  parameters?: { name: string; in: string; description?: string; schema: { maximum?: number } }[]
  responses: Record<string, Response>
}

const document = apiDocument() as {
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; name?: string; bearerFormat?: string }> }
}
const operationOf = (name: keyof typeof endpoints) => {
  const e = endpoints[name]
  return document.paths[e.path]![e.method.toLowerCase()]!
}
const codesUnder = (op: Operation, status: number) =>
  op.responses[String(status)]?.content?.['application/json']?.schema.allOf?.[1]?.properties?.code?.enum ?? []

describe('the OpenAPI document', () => {
  it('gives every error code a status, and lists each code only under a status it is answered with', () => {
    expect(Object.keys(ERROR_CODES).filter((code) => !CODES_WITH_STATUS.includes(code as ErrorCode))).toEqual([])
    for (const [name, e] of Object.entries(endpoints)) {
      const op = document.paths[e.path]![e.method.toLowerCase()]!
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) continue
        const codes = codesUnder(op, Number(status)) as ErrorCode[]
        expect(codes.length, `${name} ${status}`).toBeGreaterThan(0)
        for (const code of codes) expect(statusesOf(code), `${name} ${status} ${code}`).toContain(Number(status))
        expect(response.content?.['application/json']?.schema.allOf?.[0]).toEqual({ $ref: '#/components/schemas/Error' })
      }
      // What the pipeline answers follows from the declaration.
      const access = accessOf(e)
      expect(codesUnder(op, 401).includes('UNAUTHENTICATED'), name).toBe(access !== 'public')
      expect(codesUnder(op, 403).includes('VENDOR_NOT_APPROVED'), name).toBe(access === 'vendor')
      expect(codesUnder(op, 403).includes('FORBIDDEN'), name).toBe(permissionsOf(e).length > 0)
      expect(codesUnder(op, 422).includes('VALIDATION_FAILED'), name).toBe(Boolean('query' in e || 'body' in e))
      expect(codesUnder(op, 413).includes('PAYLOAD_TOO_LARGE'), name).toBe(e.method !== 'GET')
      expect(codesUnder(op, 500), name).toEqual(['INTERNAL'])
      for (const code of 'errors' in e ? e.errors : []) {
        for (const status of statusesOf(code)) expect(codesUnder(op, status), `${name} ${code}`).toContain(code)
      }
    }
  })

  it('says which calls take an Idempotency-Key, how long it is kept, and their 409s', () => {
    const send = operationOf('sendMoney')
    const key = send.parameters?.find((parameter) => parameter.name === 'Idempotency-Key')
    expect(key).toMatchObject({ in: 'header', required: true })
    expect(key?.description).toContain('Kept 24 hours')
    expect(codesUnder(send, 409)).toEqual(
      expect.arrayContaining(['IDEMPOTENCY_MISMATCH', 'IDEMPOTENCY_KEY_OTHER_USER', 'IDEMPOTENCY_IN_PROGRESS']),
    )
    expect(codesUnder(send, 400)).toEqual(expect.arrayContaining(['IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_INVALID']))
    expect(operationOf('listTransactions').parameters?.some((parameter) => parameter.name === 'Idempotency-Key')).toBe(false)
  })

  it('documents the page-size limit of every list', () => {
    const lists = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).filter((op) => op.parameters?.some((parameter) => parameter.name === 'size')),
    )
    expect(lists.length).toBeGreaterThan(10)
    for (const op of lists) {
      expect(op.parameters?.find((parameter) => parameter.name === 'size')?.schema).toMatchObject({
        type: 'integer',
        maximum: MAX_PAGE_SIZE,
      })
      expect(op.description).toContain(`\`size\` 1 to ${MAX_PAGE_SIZE}; a larger \`size\` is refused (422 naming \`size\`)`)
    }
  })

  it('declares the security schemes: sessions, API keys, the operator key, signatures', () => {
    const schemes = document.components.securitySchemes
    expect(schemes.bearerAuth).toMatchObject({ type: 'http' })
    expect(schemes.apiKey).toMatchObject({ type: 'http', bearerFormat: 'vbo_sk_…' })
    expect(schemes.operatorKey).toMatchObject({ type: 'apiKey', name: 'X-Operator-Key' })
    expect(schemes.webhookSignature).toMatchObject({ type: 'apiKey', name: 'webhook-signature' })
    expect(operationOf('operatorVendors').security).toEqual([{ operatorKey: [] }])
    expect(codesUnder(operationOf('operatorVendors'), 401)).toEqual(['INVALID_OPERATOR_KEY'])
    expect(operationOf('bankInbound').security).toEqual([{ providerSignature: [] }])
    expect(codesUnder(operationOf('paystackWebhook'), 401)).toEqual(['INVALID_SIGNATURE'])
    expect(operationOf('login').security).toEqual([])
    for (const op of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
      for (const requirement of op.security ?? []) for (const scheme of Object.keys(requirement)) expect(schemes[scheme]).toBeDefined()
    }
  })
})
