// `npm run bench`: prints the figures the issues ask for. Nothing here asserts: figures are read, not gated.
import { apiLoadFigures } from './api-load'
import { browserFigures } from './browser-figures'
import { bundleFigures } from './bundle'
import { catalogueListFigures, PRODUCTS } from './catalogue-list'
import { concurrentSendFigures } from './concurrent-sends'
import { HISTORY_TITLE, historyFigures } from './history'
import { lighthouseFigures } from './lighthouse'
import { longTaskFigures } from './long-tasks'
import { ORDERS, ordersListFigures } from './orders-list'
import { processFigures } from './processes'
import { serverStartFigures } from './server-start'

const sections = [
  ['PWA bundle (gzip)', bundleFigures],
  ['Server cold start and memory', serverStartFigures],
  ['200 concurrent sends by 7 users, a wallet that covers 10 (real server process, production settings)', concurrentSendFigures],
  ['API under load (100,000 transactions and orders, 10,000 products, 50 concurrent clients, PGlite and PostgreSQL)', apiLoadFigures],
  ['1 and 3 API processes on one PostgreSQL (same data and clients as above, spread over the processes in turn)', processFigures],
  ['In the browser (Chromium 390×844, built PWA, 10,000 more transactions and orders)', browserFigures],
  ['Lighthouse (mobile preset, simulated throttling, Debian Chromium)', lighthouseFigures],
  ['Long main-thread tasks behind TBT (signed-in /home, /orders, /transactions, 4× CPU slowdown, Chromium trace)', longTaskFigures],
  [`Catalogue lists (${PRODUCTS.toLocaleString('en')} products, PGlite in memory, in-process)`, catalogueListFigures],
  [`Orders list (${ORDERS.toLocaleString('en')} orders, PGlite in memory, in-process)`, ordersListFigures],
  [HISTORY_TITLE, historyFigures],
] as const

for (const [title, run] of sections) {
  console.log(`\n## ${title}`)
  const rows = await run()
  console.table(rows)
}
