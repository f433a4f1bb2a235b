// `npm run bench`: prints the figures the issues ask for. Nothing here asserts: figures are read, not gated.
import { apiLoadFigures } from './api-load'
import { bundleFigures } from './bundle'
import { catalogueListFigures, PRODUCTS } from './catalogue-list'
import { ORDERS, ordersListFigures } from './orders-list'
import { serverStartFigures } from './server-start'

const sections = [
  ['PWA bundle (gzip)', bundleFigures],
  ['Server cold start and memory', serverStartFigures],
  ['API under load (100,000 transactions, 50 concurrent clients)', apiLoadFigures],
  [`Catalogue lists (${PRODUCTS.toLocaleString('en')} products, PGlite in memory, in-process)`, catalogueListFigures],
  [`Orders list (${ORDERS.toLocaleString('en')} orders, PGlite in memory, in-process)`, ordersListFigures],
] as const

for (const [title, run] of sections) {
  console.log(`\n## ${title}`)
  const rows = await run()
  console.table(rows)
}
