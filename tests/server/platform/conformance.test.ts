import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { conforming } from '../conformance'

/*
 * The check every harness app runs (tests/server/conformance.ts, decision 170) fails what the document does not
 * say: shown here with a stand-in server answering the login's path.
 */

const { path } = endpoints.login
let logTo: string | undefined

beforeEach(() => {
  // In a logging run (OPENAPI_CONFORMANCE_LOG) the check records instead of throwing; these tests need the throw.
  logTo = process.env.OPENAPI_CONFORMANCE_LOG
  delete process.env.OPENAPI_CONFORMANCE_LOG
})
afterEach(() => {
  if (logTo) process.env.OPENAPI_CONFORMANCE_LOG = logTo
})

function serverAnswering(status: number, body: unknown): Hono {
  const app = new Hono()
  app.post(`/api${path}`, (c) => c.json(body, status as 200))
  app.get('/api/not-an-operation', (c) => c.text('anything', 418 as 200))
  return conforming(app)
}

const login = (app: Hono) => app.request(`/api${path}`, { method: 'POST', body: '{}' })

describe('the conformance check', () => {
  it('passes an answer the document declares', async () => {
    const invalid = serverAnswering(401, { message: 'Email or password is wrong', code: 'INVALID_CREDENTIALS' })
    expect((await login(invalid)).status).toBe(401)
    // Not an operation: nothing to hold it to.
    expect((await serverAnswering(200, {}).request('/api/not-an-operation')).status).toBe(418)
  })

  it('fails a status the operation does not declare', async () => {
    await expect(login(serverAnswering(402, { message: 'Pay', code: 'INTERNAL' }))).rejects.toThrow(/status 402 is not declared/)
  })

  it("fails a code the operation does not answer under that status, and a body that breaks the status's schema", async () => {
    await expect(login(serverAnswering(401, { message: 'No', code: 'SHOP_NOT_FOUND' }))).rejects.toThrow(/allowed values/)
    await expect(login(serverAnswering(200, { message: 'Success' }))).rejects.toThrow(/must have required property 'data'/)
  })
})
