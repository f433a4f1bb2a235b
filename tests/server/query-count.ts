import type { Logger } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'

import type { Db } from '#server/db/client'
import * as sales from '#server/db/sales-schema'
import * as core from '#server/db/schema'
import * as team from '#server/db/team-schema'

/**
 * The same database, through a second drizzle instance that counts the statements it sends: for tests that a
 * list costs a fixed number of queries whatever the page size (no query per row).
 */
export function countingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = []
  const logger: Logger = { logQuery: (query) => void statements.push(query) }
  const client = (db as unknown as { $client: unknown }).$client
  const schema = { ...core, ...sales, ...team }
  const counted = process.env.TEST_DATABASE_URL
    ? drizzleNodePg({ client: client as never, schema, logger })
    : drizzlePglite({ client: client as never, schema, logger })
  return { db: counted as unknown as Db, statements }
}
