import pg from 'pg'

/** A query on the lock's connection that takes longer than this counts as a broken connection. */
const QUERY_TIMEOUT_MS = 5_000

/**
 * A connection of its own for a session-level advisory lock (a process's lease, db/process-lease.ts): not from the
 * pool, since the lock lives as long as the connection does. Not yet connected.
 */
export function lockConnection(connectionString: string, applicationName: string): pg.Client {
  return new pg.Client({
    connectionString,
    application_name: applicationName,
    // TCP keepalive, so a connection whose far end vanished without a word is noticed by both sides.
    keepAlive: true,
    connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  })
}
