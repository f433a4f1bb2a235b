import { expect } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'

/** Makes a key as `token`'s person (201 expected) and answers the key and its one-time secret. */
export async function makeKey(t: TestApp, token: string, body: Partial<BodyInput<typeof endpoints.createApiKey>> = {}) {
  const made = await call(t.app, endpoints.createApiKey, { token, body: { name: 'Shop website', ...body } })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.data
}

/** Today's transactions by key: the read every key may make. */
export const readByKey = (t: TestApp, secret: string, ip?: string) => call(t.app, endpoints.listTransactions, { token: secret, ip })
