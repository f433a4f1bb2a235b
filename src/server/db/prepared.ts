import type { Db } from './client'

/**
 * A statement of a hot path, built once per database and prepared by name (`.prepare('name')` in `build`) on each
 * connection that runs it: no query building per call in the API, no parsing or planning per call in PostgreSQL
 * (decisions 098 and 110). Placeholders (`sql.placeholder`) carry the values. In `where` a placeholder's value
 * reaches the driver as it is (a timestamp as ISO text); in `values` and `set` the column maps it (a Date).
 * A prepared statement runs on the pool, never inside a transaction: build it on the database, not on a `tx`.
 */
export function preparedOnce<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>()
  return (db) => {
    let statement = built.get(db)
    if (!statement) built.set(db, (statement = build(db)))
    return statement
  }
}
