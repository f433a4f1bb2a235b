// `npm run check:bundle` (part of `npm run check`, so CI runs it): the built PWA against bench/budgets.ts. Builds
// dist/ when it is older than its sources (the e2e suite then reuses it), measures with bench/bundle.ts's code in
// a real server and Chromium, prints each figure beside its budget, and exits 1 naming every budget exceeded.
import { resolve } from 'node:path'

import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'

import { type BudgetId, budgetOf, BUDGETS } from './budgets'
import { budgetFigures } from './bundle'
import { withDemoBrowser } from './demo-browser'

const ROOT = resolve(import.meta.dirname, '..')
// Built here rather than in withDemoBrowser, so the time the measuring adds to CI is printed apart.
if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
const started = performance.now()
const figures = await withDemoBrowser((server, browser) => budgetFigures(server.url, browser), { inMemory: true })
const ids = Object.keys(BUDGETS) as BudgetId[]
const exceeded = ids.filter((id) => figures[id] > budgetOf(id))
const shown = (id: BudgetId, value: number) => (BUDGETS[id].unit === 'KiB' ? `${value.toFixed(1)} KiB` : `${value} files`)

console.table(
  ids.map((id) => ({
    budget: BUDGETS[id].figure,
    figure: shown(id, figures[id]),
    limit: shown(id, budgetOf(id)),
    '': figures[id] > budgetOf(id) ? 'OVER' : 'ok',
  })),
)
console.log(
  `check:bundle: measured in ${((performance.now() - started) / 1000).toFixed(1)} s (a server on in-memory PGlite with the demo vendor, Chromium, five loads)`,
)
if (exceeded.length > 0) {
  for (const id of exceeded) {
    const { figure, reason } = BUDGETS[id]
    console.error(`Over budget: ${figure} is ${shown(id, figures[id])}, budget ${shown(id, budgetOf(id))}. ${reason}`)
  }
  console.error('Earn the bytes or files (then raise `today` in bench/budgets.ts, saying why) or take them out.')
  process.exit(1)
}
