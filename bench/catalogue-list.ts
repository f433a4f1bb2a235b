import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { sql } from 'drizzle-orm'

import type { Db } from '#server/db/client'

import { listBenchFigures } from './list-timings'

/*
 * `catalogueListFigures()`: GET /product (and GET /product/vendor/variants) for one vendor with 10,000 products on
 * in-memory PGlite, through the real app in-process (validation, queries, serialisation; no network). Prints p50
 * and p95 of repeated calls; nothing is asserted. `npx tsx bench/catalogue-list.ts` runs it alone.
 */

export const PRODUCTS = 10_000

const DISHES = ['Jollof rice', 'Fried rice', 'Egusi soup', 'Pepper soup', 'Zobo drink', 'Chapman', 'Puff-puff', 'Suya']

/**
 * Products with 1–3 variants each, written set-based (seconds, not minutes). The aggregates the API keeps through
 * variantsChanged are derived here in one statement with the same definitions.
 */
export async function seedBenchCatalogue(db: Db, vendorId: string, count = PRODUCTS): Promise<{ collectionId: string }> {
  await db.execute(sql`
    insert into collections (id, vendor_id, name, created_at)
    select 'bench-col-' || c, ${vendorId}, 'Collection ' || c, now() - make_interval(days => c)
    from generate_series(1, 5) as c`)
  await db.execute(sql`
    insert into products (id, vendor_id, collection_id, category_id, name, is_published, options, created_at, updated_at)
    select 'bench-p-' || i, ${vendorId}, 'bench-col-' || (1 + i % 5),
      case when i % 2 = 0 then 'food-and-drinks' else 'groceries' end,
      (${sql.raw(`array['${DISHES.join("','")}']`)})[1 + i % ${DISHES.length}] || ' ' || i,
      i % 4 <> 0, '[{"name":"Size","values":["Small","Medium","Large"]}]'::jsonb,
      now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60)
    from generate_series(1, ${count}) as i`)
  await db.execute(sql`
    insert into product_variants (id, vendor_id, product_id, options, price, available_units, threshold, created_at, updated_at)
    select 'bench-v-' || i || '-' || s, ${vendorId}, 'bench-p-' || i,
      jsonb_build_object('Size', (array['Small','Medium','Large'])[s]),
      50000 + ((i * 7919 + s * 104729) % 2000000), (i * s) % 60, case when s = 1 then 5 end,
      now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60)
    from generate_series(1, ${count}) as i, generate_series(1, 3) as s
    where s <= 1 + i % 3`)
  await db.execute(sql`
    update products p set min_price = a.min_price, max_price = a.max_price, variant_count = a.variant_count,
      total_units = a.total_units, low_stock_count = a.low_stock_count
    from (
      select product_id, min(price) as min_price, max(price) as max_price, count(*) as variant_count,
        sum(available_units) as total_units,
        count(*) filter (where threshold is not null and available_units <= threshold) as low_stock_count
      from product_variants where vendor_id = ${vendorId} group by product_id
    ) a
    where p.vendor_id = ${vendorId} and p.id = a.product_id`)
  // What autovacuum would have done by now on a live database: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`)
  return { collectionId: 'bench-col-3' }
}

export function catalogueListFigures() {
  return listBenchFigures({
    name: 'catalogue',
    seeded: `${PRODUCTS.toLocaleString('en')} products`,
    rows: PRODUCTS,
    seed: seedBenchCatalogue,
    cases: ({ collectionId }) => [
      ['page 1', '/product?page=1&size=20'],
      ['page 400 (offset 7,980)', '/product?page=400&size=20'],
      ['name search "suya"', '/product?name=suya'],
      [
        'published + collection + price ₦2,000–₦4,000',
        `/product?isPublished=true&collectionId=${collectionId}&priceRangeLow=200000&priceRangeHigh=400000`,
      ],
      ['low stock', '/product?lowStock=true'],
      ['variants page 1', '/product/vendor/variants'],
      ['variants search "large"', '/product/vendor/variants?name=large'],
    ],
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`\n## Catalogue lists (${PRODUCTS.toLocaleString('en')} products, PGlite in memory, in-process)`)
  console.table(await catalogueListFigures())
}
