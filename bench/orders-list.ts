import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { sql } from 'drizzle-orm'

import type { Db } from '#server/db/client'

import { listBenchFigures } from './list-timings'

/*
 * `ordersListFigures()`: GET /order for one vendor with 10,000 orders and invoices on in-memory PGlite, through the
 * real app in-process (validation, queries, serialisation; no network). Prints p50 and p95 of repeated calls;
 * nothing is asserted. `npx tsx bench/orders-list.ts` runs it alone.
 */

export const ORDERS = 10_000
const CUSTOMERS = 500

const STATUSES = ['pending', 'paid', 'fulfilled', 'partially-paid', 'abandoned', 'refunded', 'overpayment', 'failed']

/** Customers, then orders (one in ten an invoice) a minute apart, written set-based in seconds. */
export async function seedOrders(db: Db, vendorId: string, count = ORDERS): Promise<{ customerId: string }> {
  await db.execute(sql`
    insert into customers (id, vendor_id, name, email, created_at, updated_at)
    select 'bench-c-' || c, ${vendorId}, 'Customer ' || c, 'customer' || c || '@bench.test',
      now() - make_interval(days => 30), now() - make_interval(days => 30)
    from generate_series(1, ${CUSTOMERS}) as c`)
  await db.execute(sql`
    insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount,
      amount_paid, item_count, created_at, updated_at)
    select 'bench-o-' || i, ${vendorId},
      case when i % 10 = 0 then 'INV-' else 'ORD-' end || upper(lpad(to_hex(i * 7919), 8, '0')),
      case when i % 10 = 0 then 'invoice' else 'order' end,
      (${sql.raw(`array['${STATUSES.join("','")}']`)})[1 + i % ${STATUSES.length}],
      'bench-c-' || (1 + i % ${CUSTOMERS}), 'Customer ' || (1 + i % ${CUSTOMERS}),
      100000 + (i * 104729) % 5000000, 100000 + (i * 104729) % 5000000,
      case when i % 8 in (1, 2, 6) then 100000 + (i * 104729) % 5000000 else 0 end,
      1 + i % 4, now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60)
    from generate_series(1::bigint, ${count}) as i`)
  // Set-based inserts skip createOrder, so the counter (decision 078) is brought up to date the same way.
  await db.execute(sql`
    insert into order_counts (vendor_id, kind, count)
    select vendor_id, kind, count(*) from orders where vendor_id = ${vendorId} group by vendor_id, kind
    on conflict (vendor_id, kind) do update set count = excluded.count`)
  // What autovacuum would have done by now on a live database: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`)
  return { customerId: 'bench-c-7' }
}

export function ordersListFigures() {
  return listBenchFigures({
    name: 'orders',
    seeded: `${ORDERS.toLocaleString('en')} orders`,
    rows: ORDERS,
    seed: seedOrders,
    cases: ({ customerId }) => [
      ['orders page 1', '/order?kind=order&page=1&size=20'],
      ['orders page 400 (offset 7,980)', '/order?kind=order&page=400&size=20'],
      ['status paid', '/order?kind=order&status=paid'],
      ['customer', `/order?kind=order&customerId=${customerId}`],
      ['reference search "a1"', '/order?kind=order&reference=a1'],
      ['invoices page 1', '/order?kind=invoice'],
      ['all kinds page 1', '/order'],
    ],
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`\n## Orders list (${ORDERS.toLocaleString('en')} orders, PGlite in memory, in-process)`)
  console.table(await ordersListFigures())
}
