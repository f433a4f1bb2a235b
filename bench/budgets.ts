/*
 * The budgets `npm run check:bundle` holds the built PWA to (decision 162). Each is the figure measured when it was
 * set (`today`) plus a small `margin`, and says why it is watched. A change that goes over either earns its bytes or
 * files (then raise `today` here, with the new figure, in the same commit, and say why in its decision) or is undone.
 * KiB are gzip level 9 of a file's bytes (as bench/bundle.ts and precompress measure them), except the precache's.
 */

export interface Budget {
  figure: string
  unit: 'KiB' | 'files'
  /** What was measured when the budget was set (2026-12-05, main at e1bc138). */
  today: number
  margin: number
  reason: string
}

export const BUDGETS = {
  loginJs: {
    figure: 'JS loaded by / (prerendered login page, no session)',
    unit: 'KiB',
    today: 7.2,
    margin: 0.5,
    reason: "Every stranger's first screen: the login page's one script (decision 099); React or the app here is 100+ KiB.",
  },
  routeTable: {
    figure: 'route-table chunk',
    unit: 'KiB',
    // +2.4 (37.5 → 39.9): the route table's style calls run as written since decision 184 (38.28 → 40.72 measured).
    // +1.6 (39.9 → 41.5, 40.7 → 41.5 measured): issue 42's routes (/home/bulk-payout, decision 192; the attach sheet's
    // and the business details' route entries) and issue 41's pay-link location, each a route entry and its search.
    today: 41.5,
    margin: 1.5,
    reason: 'Preloaded by index.html beside the entry on every start (decision 113); a screen imported statically lands here.',
  },
  signedIn: {
    figure: 'signed-in chunk',
    unit: 'KiB',
    // −2.0 (48.5 → 46.5): the same change made this chunk smaller (49.10 → 47.08 measured, decision 184).
    // +2.0 (46.5 → 48.5, 47.1 → 49.1 measured): issue 41's order form and list (where an order is sold, the code
    // search, cost fields) in the orders contract area /orders loads; Home's profit and net cards are lazy.
    today: 48.5,
    margin: 2,
    reason: 'The first signed-in screen (shell, /home, /orders) waits for all of it on a cold start (decisions 100, 124).',
  },
  firstCommon: {
    figure: 'first-common chunk',
    unit: 'KiB',
    today: 19.8,
    margin: 1,
    reason: 'Loaded by the first signed-in screen and by the app\u2019s login and sign-up screens (decision 124).',
  },
  homeFiles: {
    figure: 'files before first paint, cold /home',
    unit: 'files',
    today: 11,
    margin: 1,
    reason: "Cold LCP is round trips, not bytes (decision 124: 36 files made /home's 2.97 s, 27 made 2.48 s).",
  },
  ordersFiles: {
    figure: 'files before first paint, cold /orders',
    unit: 'files',
    today: 11,
    margin: 1,
    reason: 'As /home: each file is a round trip on six HTTP/1.1 connections before the list paints (decision 124).',
  },
  precache: {
    figure: 'precache (uncompressed)',
    unit: 'KiB',
    // +20.2 (1867.6 → 1887.8): style calls as written and Panda's whole sheet since decision 184 (1902.8 → 1923.0 measured).
    // +105.4 (1887.8 → 1993.2, 1923.0 → 1993.2 measured after decision 184): issues 41 and 42's screens, precached so
    // they work offline: stock per location, barcodes and labels' UI (the decoder and the drawing library stay out),
    // the catalogue CSV and bulk edit, the storefront cart, statements and net figures.
    // +46.8 (1993.2 → 2040.0 measured): issue 42's payouts in bulk (review, PIN, outcome screens and the CSV reader),
    // Attach to order, the business details form and the invoice's business block; issue 41's pay-link location.
    today: 2040.0,
    margin: 60,
    reason: 'What every install downloads before it works offline; the PDF libraries stay out of it (src/app/first-screen/build/pwa.ts).',
  },
} as const satisfies Record<string, Budget>

export type BudgetId = keyof typeof BUDGETS

/** The budget: today's figure plus its margin. */
export function budgetOf(id: BudgetId): number {
  const { today, margin } = BUDGETS[id]
  return Math.round((today + margin) * 10) / 10
}
