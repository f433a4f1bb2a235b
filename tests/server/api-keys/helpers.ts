import { expect } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'

/** Who makes a key: a session and that person's account password (a session alone cannot, decision 168). */
export type Maker = { token: string; password: string } | { token: string; owner: { password: string } }

export const passwordOf = (maker: Maker) => ('password' in maker ? maker.password : maker.owner.password)

/** Makes a key as `maker` (201 expected) and answers the key and its one-time secret. */
export async function makeKey(t: TestApp, maker: Maker, body: Partial<BodyInput<typeof endpoints.createApiKey>> = {}) {
  const made = await call(t.app, endpoints.createApiKey, {
    token: maker.token,
    body: { name: 'Shop website', password: passwordOf(maker), ...body },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.data
}

/** Rotates a key as `maker`, with the password. */
export const rotateKey = (t: TestApp, maker: Maker, id: string, pin?: string) =>
  call(t.app, endpoints.rotateApiKey, { token: maker.token, body: { id, password: passwordOf(maker), pin } })

/** Today's transactions by key: the read every key may make. */
export const readByKey = (t: TestApp, secret: string, ip?: string) => call(t.app, endpoints.listTransactions, { token: secret, ip })
