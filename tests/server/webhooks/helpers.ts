import { and, eq } from 'drizzle-orm'
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

/** On a shared PostgreSQL, deliveries an earlier run left pending would be tried by this file's workers: ended first. */
export async function finishLeftDeliveries(): Promise<void> {
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
