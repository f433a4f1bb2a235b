import { and, eq } from 'drizzle-orm'
import pg from 'pg'

import { jobs } from '#server/db/platform-schema'

import { testDb } from '../harness'

/*
 * The files whose workers run `send-message` jobs share that kind on a shared PostgreSQL database (TEST_DATABASE_URL),
 * and their test clocks differ: one file's worker would send, or expire, another file's waiting message. So on
 * PostgreSQL they take turns (an advisory lock held for the whole file), and no message is left waiting when a file
 * starts (an earlier run may have stopped half-way) or ends. On PGlite each file has its own database: nothing to do.
 */

const LOCK_KEY = 3_700_150

export async function takeMessageQueue(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return async () => {}
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('select pg_advisory_lock($1)', [LOCK_KEY])
  await finishWaitingMessages()
  return async () => {
    try {
      await finishWaitingMessages()
    } finally {
      await client.end()
    }
  }
}

async function finishWaitingMessages(): Promise<void> {
  const db = await testDb()
  await db
    .update(jobs)
    .set({ state: 'done', lastError: 'left waiting by a test file' })
    .where(and(eq(jobs.kind, 'send-message'), eq(jobs.state, 'pending')))
}
