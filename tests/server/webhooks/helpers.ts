import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { expect } from 'vitest'

import { endpoints } from '#contract/index'
import type { WebhookEventType } from '#contract/webhooks'
import { jobs } from '#server/db/platform-schema'
import { appJobHandlers } from '#server/jobs/app-jobs'
import { JobWorker } from '#server/jobs/worker'

import { call, captureLogger, type TestApp, testDb } from '../harness'

/** A worker of the app's `deliver-webhook` jobs alone, on the test's clock. */
export function deliveryWorker(t: TestApp, id?: string) {
  return new JobWorker({ db: t.db, handlers: appJobHandlers(t.deps).only('deliver-webhook'), clock: t.clock, logger: captureLogger(), id })
}

/**
 * The files whose workers run `deliver-webhook` jobs take turns on a shared PostgreSQL (TEST_DATABASE_URL): their test
 * clocks differ, so one file's worker would send another's deliveries at the wrong time. Deliveries an earlier run
 * left pending are ended first and last. On PGlite each file has its own database: nothing to do.
 */
export async function takeDeliveryQueue(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return async () => {}
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('select pg_advisory_lock($1)', [LOCK_KEY])
  await finishLeftDeliveries()
  return async () => {
    try {
      await finishLeftDeliveries()
    } finally {
      await client.end()
    }
  }
}

const LOCK_KEY = 4_000_169

async function finishLeftDeliveries(): Promise<void> {
  const db = await testDb()
  await db
    .update(jobs)
    .set({ state: 'done', lastError: 'left waiting by a test run' })
    .where(and(eq(jobs.kind, 'deliver-webhook'), eq(jobs.state, 'pending')))
}

export async function register(t: TestApp, token: string, url: string, events: WebhookEventType[] = ['payment.received']) {
  const res = await call(t.app, endpoints.createWebhookEndpoint, { token, body: { url, events } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

export async function deliveries(t: TestApp, token: string, endpointId?: string) {
  const res = await call(t.app, endpoints.listWebhookDeliveries, { token, query: { endpointId, size: 100 } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.items
}
