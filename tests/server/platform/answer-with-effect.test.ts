import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { Db } from '#server/db/client'
import { payoutBatches } from '#server/db/payout-batches-schema'
import { idempotencyKeys, productVariants } from '#server/db/schema'
import { saveAnswerWithEffect } from '#server/http/answer-with-effect'
import { claimIdempotencyKey, requestHash, STALE_CLAIM_MS } from '#server/http/idempotency'

import { makeProduct } from '../catalogue/helpers'
import { call, captureLogger, makeApp, type TestApp } from '../harness'
import { sender } from '../money/helpers'
import { review, rowsOf } from '../money/payout-batch-helpers'

/*
 * Decision 196: a call whose effect leaves no row a stale claim's recovery could find it by (a batch review, a bulk
 * price change) stores its answer in its effect's own transaction. Here the request goes to a process that dies the
 * moment its effect's transaction commits: every database call it makes after that fails, as a SIGKILL would have
 * stopped it, so register() never stores an answer after the handler. Once the claim is stale, the retry with the
 * same key (to a live process) must answer what the first run did and do nothing more: before 196 it ran again,
 * leaving a second batch under review, or raising the prices twice.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ logger: captureLogger() })
})

/** An app over the same database and clock whose every database call fails once a transaction has committed. */
async function processDyingAfterCommit(): Promise<TestApp['app']> {
  let dead = false
  const db = new Proxy(t.db, {
    get(target, property) {
      if (dead) throw new Error('the process died after its commit')
      if (property === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args)
          dead = true
          return result
        }
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return (await makeApp({ db, clock: t.clock, logger: captureLogger() })).app
}

describe('a call retried after its process died between the commit and the answer', () => {
  it('POST /transfer/batches: the retry answers the first batch and makes no second', async () => {
    const s = await sender(t)
    const rows = rowsOf(3)
    const key = randomUUID()
    const dying = { ...t, app: await processDyingAfterCommit() }
    expect((await review(dying, s.token, rows, key)).status).toBe(500)
    const made = await t.db.select().from(payoutBatches).where(eq(payoutBatches.vendorId, s.vendor.id))
    expect(made).toHaveLength(1)

    t.clock.advance(STALE_CLAIM_MS)
    const retry = await review(t, s.token, rows, key)
    expect(retry.status, JSON.stringify(retry.body)).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body.message).toBe('3 of 3 rows ready to send.')
    expect(retry.body.data).toMatchObject({ id: made[0]!.id, rowCount: 3, status: 'review' })
    expect(await t.db.select().from(payoutBatches).where(eq(payoutBatches.vendorId, s.vendor.id))).toHaveLength(1)
  })

  it('PATCH /product/bulk: the retry answers the first change and raises the prices once', async () => {
    const s = await sender(t)
    const product = await makeProduct(t, s.token, { name: 'Rice' })
    const body = { ids: [product.id], pricePercent: 10 }
    const key = randomUUID()
    const edit = (app: TestApp['app']) =>
      call(app, endpoints.bulkEditProducts, { token: s.token, body, headers: { 'idempotency-key': key } })
    expect((await edit(await processDyingAfterCommit())).status).toBe(500)

    t.clock.advance(STALE_CLAIM_MS)
    const retry = await edit(t.app)
    expect(retry.status, JSON.stringify(retry.body)).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body).toEqual({ message: '1 product updated', data: { updated: 1 } })
    const prices = await t.db
      .select({ price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
    expect(prices.map((row) => row.price).sort()).toEqual([1_100_00, 1_650_00])
  })
})

describe('two runs of one key (a replay took over a claim it judged stale while the first still ran)', () => {
  it('the run that commits second rolls its effect back with 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const s = await sender(t)
    const product = await makeProduct(t, s.token, { name: 'Beans' })
    const hash = requestHash('bulkEditProducts', undefined, { ids: [product.id], pricePercent: 10 })
    const claim = { vendorId: s.vendor.id, key: randomUUID(), userId: s.owner.id, endpoint: 'bulkEditProducts', hash }
    await claimIdempotencyKey(t.db, { ...claim, now: t.clock.now(), origin: 'http://localhost' })
    const raise = (status: 200, message: string) =>
      t.db.transaction(async (tx) => {
        await tx.update(productVariants).set({ price: 9_99 }).where(eq(productVariants.productId, product.id))
        await saveAnswerWithEffect(tx, claim, { status, body: { message, data: { updated: 1 } } })
      })
    await raise(200, 'first')
    await t.db.update(productVariants).set({ price: 5_00 }).where(eq(productVariants.productId, product.id))
    await expect(raise(200, 'second')).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' })
    const prices = await t.db
      .select({ price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
    expect(prices.map((row) => row.price)).toEqual([5_00, 5_00])
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, claim.key))
    expect(stored).toMatchObject({ statusCode: 200, response: { message: 'first', data: { updated: 1 } } })
  })
})
