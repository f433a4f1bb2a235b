import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { and, eq, sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'

import { wallets } from '#server/db/schema'
import { DEMO } from '#server/seed/demo'

import { signInAsDemo, withDemoBrowser } from './demo-browser'
import { median } from './median'
import { offlineAnyAgeFigures } from './offline-any-age'
import { seedOrders } from './orders-list'

/*
 * `browserFigures()`: what a vendor's phone does, in Chromium at 390×844 against the built PWA and a real server
 * whose demo vendor has 10,000 more transactions and 10,000 orders.
 * - Offline warm start: with the network cut, time from navigation to the first cached order row (goal ≤ 600 ms).
 * - Offline at any age (issue 18, bench/offline-any-age.ts): the warm start to the first transaction row with the
 *   cache 25 h old, and a menu tap between two saved screens offline, each beside a control from the same run.
 * - Long lists: rows in the DOM while /transactions is scrolled through every loaded page, and while /orders at its
 *   largest page size is scrolled through page after page (goal ≤ 60).
 * `npx tsx bench/browser-figures.ts` runs it alone; `npx tsx bench/browser-figures.ts --offline` only its offline
 * figures (the long lists take minutes).
 */

const ROWS = 10_000
const WARM_STARTS = 5

async function seedTransactions(db: Parameters<typeof seedOrders>[0], vendorId: string): Promise<void> {
  const [main] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.vendorId, vendorId), eq(wallets.kind, 'main')))
  // Written around the ledger (a list is being measured, not money); balances are not read by this bench.
  await db.execute(sql`
    insert into transactions (id, vendor_id, wallet_id, type, status, amount, fee, currency, reference, session_id,
      narration, originator_account_name, originator_bank_name, originator_account_number, beneficiary_account_name,
      beneficiary_bank_name, beneficiary_account_number, is_offline, created_at, updated_at)
    select gen_random_uuid()::text, ${vendorId}, ${main!.id}, 'credit', 'success', 1000 + (i * 7919) % 5000000, 0,
      'NGN', 'BENCH-TRX-' || i, lpad((i * 104729)::text, 30, '0'), 'Bench transaction ' || i, 'Chioma Okeke',
      'Access Bank', '1111111111', ${DEMO.vendorName}, 'Providus Bank', ${main!.accountNumber}, true,
      now() - make_interval(days => 1, secs => i * 60), now() - make_interval(days => 1, secs => i * 60)
    from generate_series(1, ${ROWS}) as i`)
  await db.execute(sql`vacuum analyze transactions`)
}

/** Scrolls the window list to its end (or a time bound), sampling how many rows are in the DOM. */
async function scrollThrough(
  page: Page,
  selector: string,
  boundMs: number,
): Promise<{ footer: string; maxInDom: number; seconds: number }> {
  const started = performance.now()
  let maxInDom = 0
  let footer = ''
  while (performance.now() - started < boundMs) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 3))
    await page.waitForTimeout(50)
    maxInDom = Math.max(maxInDom, await page.locator(selector).count())
    // The list's footer: "Showing 1,200 of 10,021" while pages remain, "10,021 transactions" at the end.
    footer =
      (await page
        .getByText(/^(Showing [\d,]+ of [\d,]+|[\d,]+ transactions?)$/)
        .last()
        .textContent()
        .catch(() => '')) ?? ''
    if (footer && !footer.startsWith('Showing')) break
  }
  return { footer, maxInDom, seconds: (performance.now() - started) / 1000 }
}

export async function browserFigures({ offlineOnly = false } = {}) {
  return withDemoBrowser(async (server, browser) => {
    const db = server.database.db
    await seedTransactions(db, server.demoVendorId!)
    await seedOrders(db, server.demoVendorId!)
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' })
    const page = await context.newPage()
    await signInAsDemo(page, server.url)

    // Warm: the orders list once online, the service worker in control, the query cache persisted.
    await page.goto(`${server.url}/orders`)
    await page.getByTestId('order-row').first().waitFor()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.waitForTimeout(2_000)
    await context.setOffline(true)
    const starts: number[] = []
    for (let i = 0; i < WARM_STARTS; i++) {
      const cold = await context.newPage()
      await cold.goto(`${server.url}/orders`, { waitUntil: 'commit' })
      await cold.getByTestId('order-row').first().waitFor({ timeout: 15_000 })
      // performance.now() in the page counts from its navigation's start.
      starts.push(await cold.evaluate(() => performance.now()))
      await cold.close()
    }
    await context.setOffline(false)
    const offlineStart = {
      figure: `offline warm start to the first order row (median of ${WARM_STARTS})`,
      value: `${Math.round(median(starts))} ms`,
      goal: '≤ 600 ms',
      note: `all: ${starts.map((s) => Math.round(s)).join(', ')} ms`,
    }
    const anyAge = await offlineAnyAgeFigures(server, browser)
    if (offlineOnly) return [offlineStart, ...anyAge]

    // Long lists: every transaction page scrolled through (bounded at 90 s), then orders at 100 a page.
    await page.goto(`${server.url}/transactions?duration=CUSTOM&startDate=2020-01-01&endDate=2030-12-31`)
    await page.getByTestId('transaction-row').first().waitFor()
    const transactions = await scrollThrough(page, '[data-testid="transaction-row"]', 90_000)
    // Orders page through the server (20, 50 or 100 a page); each 100-row page is scrolled top to bottom.
    let orderRows = 0
    const orderPages = 20
    const ordersStarted = performance.now()
    for (let n = 1; n <= orderPages; n++) {
      await page.goto(`${server.url}/orders?size=100&page=${n}&duration=CUSTOM&startDate=2020-01-01&endDate=2030-12-31`)
      await page.getByTestId('order-row').first().waitFor()
      for (let y = 0; y < 12; y++) {
        orderRows = Math.max(orderRows, await page.getByTestId('order-row').count())
        await page.evaluate(() => window.scrollBy(0, window.innerHeight))
        await page.waitForTimeout(30)
      }
    }
    const ordersSeconds = (performance.now() - ordersStarted) / 1000

    return [
      offlineStart,
      ...anyAge,
      {
        figure: `transactions scrolled (${ROWS.toLocaleString('en')}+ rows): most rows in the DOM`,
        value: transactions.maxInDom,
        goal: '≤ 60',
        note: `${transactions.seconds.toFixed(1)} s of scrolling; list says "${transactions.footer}"`,
      },
      {
        figure: `orders at 100 a page, ${orderPages} pages scrolled: most rows in the DOM`,
        value: orderRows,
        goal: '≤ 60',
        note: `${ordersSeconds.toFixed(1)} s; pages over 60 rows are window-virtualised`,
      },
    ]
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await browserFigures({ offlineOnly: process.argv.includes('--offline') }))
}
