import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

import type { Browser } from 'playwright-core'

import { DEMO } from '#server/seed/demo'

import { type BudgetId, budgetOf, BUDGETS } from './budgets'
import { signInInPage, withDemoBrowser } from './demo-browser'

/*
 * `bundleFigures()`: gzip sizes of the built PWA (level 9, as precompress writes them; a file's bytes, not its
 * transfer). `npx tsx bench/bundle.ts` runs it alone. What each figure counts:
 * - "JS loaded by /": every .js response a fresh Chromium tab gets opening `/` with no session (the prerendered
 *   login page, decision 099), until the network is idle. Goal ≤ 110 KiB (issue 20).
 * - "JS loaded by /forgot-password": the same for a signed-out screen of the app itself: its entry chunk, the
 *   entry's static imports and the route's chunks. What `/` loaded before decision 099.
 * - "app entry and its static imports": the files dist/index.html's script pulls in before any route chunk,
 *   followed through static `import` statements (what decisions 080–083 called "first-screen chunks").
 * - "login page on demand": the login page's chunks it loads only to show a toast or the held dialog.
 * - route and shared chunks: every other app chunk but the account card's PDF libraries.
 * - files before the first paint of a cold /home and /orders (`filesBeforeFirstPaint`).
 * `budgetFigures()` measures what `npm run check:bundle` holds to its budgets (bench/budgets.ts), with the same code.
 */

const ROOT = resolve(import.meta.dirname, '..')
const DIST = join(ROOT, 'dist')
const ASSETS = join(DIST, 'assets')
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** gzip bytes of the JS a fresh tab downloads opening `path`, until the network is idle and `ready` is shown. */
export async function jsLoadedBy(browser: Browser, url: string, ready: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    const bodies: Promise<number>[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) bodies.push(r.body().then((b) => gzipSync(b, { level: 9 }).length))
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: ready }).waitFor()
    return (await Promise.all(bodies)).reduce((a, b) => a + b, 0)
  } finally {
    await context.close()
  }
}

/**
 * The files a cold signed-in `path` asks for before its first contentful paint (the document and every script,
 * stylesheet and icon whose request started before it; /api calls counted apart), as decision 124 counts them: each
 * is a round trip on a phone's few connections. A fresh profile signed in from a page that runs no app code: no
 * service worker, no HTTP cache, no saved queries. Read from the page's own Paint and Resource Timing once the
 * network is idle. The paint's `paintTime`, not its `startTime` (presented 15–25 ms later): against that, what the
 * app starts once the screen is up (decision 124's after-first-screen work) counted in one load of seven.
 */
async function filesBeforeFirstPaintOnce(browser: Browser, url: string, path: string): Promise<{ files: number; api: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    await page.goto(`${url}/favicon.svg`)
    await page.evaluate(signInInPage, { email: DEMO.email, password: DEMO.password })
    const cold = await context.newPage()
    await cold.goto(`${url}${path}`, { waitUntil: 'networkidle' })
    await cold.locator('main h1').first().waitFor()
    if (new URL(cold.url()).pathname !== path) throw new Error(`${path} went to ${cold.url()}: the session was not taken`)
    const started = await cold.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0] as (PerformanceEntry & { paintTime?: number }) | undefined
      const painted = fcp ? (fcp.paintTime ?? fcp.startTime) : Infinity
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < painted)
        .map((entry) => new URL(entry.name).pathname)
    })
    if (started.length === 0) throw new Error(`${path}: no first contentful paint, or nothing requested before it`)
    const api = started.filter((p) => p.startsWith('/api/')).length
    // The document itself is the navigation's entry, not a resource's.
    return { files: 1 + started.length - api, api }
  } finally {
    await context.close()
  }
}

/** The fewer of two cold loads: a file the screen needs is asked for in both; one that raced the paint, in one. */
export async function filesBeforeFirstPaint(browser: Browser, url: string, path: string): Promise<{ files: number; api: number }> {
  const first = await filesBeforeFirstPaintOnce(browser, url, path)
  const second = await filesBeforeFirstPaintOnce(browser, url, path)
  return first.files <= second.files ? first : second
}

/** gzip bytes of the chunk a code-splitting group named (`signed-in`, `first-common`, `route-table`). */
function chunkNamed(name: string): number {
  const files = readdirSync(ASSETS).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.js'))
  if (files.length !== 1) throw new Error(`dist/assets: ${files.length} chunks named ${name} (${files.join(', ')})`)
  return gzip(join(ASSETS, files[0]!))
}

/** Bytes (uncompressed) of every file the service worker's precache manifest lists. */
function precacheBytes(): number {
  return [...readFileSync(join(DIST, 'sw.js'), 'utf8').matchAll(/"?url"?:\s*"([^"]+)"/g)]
    .map((m) => m[1]!)
    .reduce((total, url) => total + statSync(join(DIST, url)).size, 0)
}

/** What bench/budgets.ts holds to a budget: KiB and file counts, measured on the built dist/ in a real server. */
export async function budgetFigures(url: string, browser: Browser): Promise<Record<BudgetId, number>> {
  const home = await filesBeforeFirstPaint(browser, url, '/home')
  const orders = await filesBeforeFirstPaint(browser, url, '/orders')
  return {
    loginJs: (await jsLoadedBy(browser, url, 'Log in')) / 1024,
    routeTable: chunkNamed('route-table') / 1024,
    signedIn: chunkNamed('signed-in') / 1024,
    firstCommon: chunkNamed('first-common') / 1024,
    homeFiles: home.files,
    ordersFiles: orders.files,
    precache: precacheBytes() / 1024,
  }
}

/** The entry script of an HTML file and every chunk it imports statically. */
function staticGraph(html: string): Set<string> {
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(DIST, html), 'utf8'))?.[1]
  const files = new Set<string>()
  const queue = entry ? [entry] : []
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue
    files.add(file)
    const code = readFileSync(join(ASSETS, file), 'utf8')
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]!)
  }
  return files
}

export async function bundleFigures() {
  const { figures, appJs } = await withDemoBrowser(
    async (server, browser) => ({
      figures: await budgetFigures(server.url, browser),
      appJs: await jsLoadedBy(browser, `${server.url}/forgot-password`, 'Send reset code'),
    }),
    { inMemory: true },
  )
  const budgeted = (id: BudgetId) => `${BUDGETS[id].unit === 'KiB' ? kib(figures[id] * 1024) : figures[id]}`
  const budget = (id: BudgetId) => `budget ≤ ${budgetOf(id)} ${BUDGETS[id].unit}`

  const chunks = readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, gzip: gzip(join(ASSETS, f)) }))
    .sort((a, b) => b.gzip - a.gzip)
  const sum = (list: { gzip: number }[]) => list.reduce((total, c) => total + c.gzip, 0)
  const appEntry = staticGraph('index.html')
  const loginEntry = existsIn(DIST, 'login.html') ? staticGraph('login.html') : new Set<string>()
  const isLogin = (file: string) => file.startsWith('login-')
  // jsPDF and its helpers load only when someone downloads the account card; they are reported apart.
  const onDemand = (file: string) => /^(jspdf|html2canvas|purify|index\.es)/.test(file)
  const routes = chunks.filter((c) => !appEntry.has(c.file) && !onDemand(c.file) && !isLogin(c.file))
  const over = routes.filter((c) => c.gzip > 35 * 1024)
  const sizes = routes.map((c) => c.gzip).sort((a, b) => a - b)
  return [
    {
      figure: 'JS loaded by / (prerendered login page, no session, to network idle)',
      value: budgeted('loginJs'),
      goal: `≤ 110 KiB; ${budget('loginJs')}`,
    },
    {
      figure: `login page HTML with its inline CSS; its script and ${loginEntry.size - 1} static imports`,
      value: `${kib(existsIn(DIST, 'login.html') ? gzip(join(DIST, 'login.html')) : 0)}; ${kib(sum(chunks.filter((c) => loginEntry.has(c.file))))}`,
      goal: '',
    },
    {
      figure: 'login page on demand (toasts and held dialog: React and Ark; onboarding contract)',
      value: kib(sum(chunks.filter((c) => isLogin(c.file) && !loginEntry.has(c.file)))),
      goal: '',
    },
    { figure: 'JS loaded by /forgot-password (the app signed out, to network idle)', value: kib(appJs), goal: '' },
    { figure: 'route table chunk', value: budgeted('routeTable'), goal: budget('routeTable') },
    {
      figure: '`signed-in` chunk (what /home, /orders and the shell run, login does not)',
      value: budgeted('signedIn'),
      goal: budget('signedIn'),
    },
    { figure: '`first-common` chunk (what they share with login)', value: budgeted('firstCommon'), goal: budget('firstCommon') },
    {
      figure: 'files before the first paint of a cold /home; /orders',
      value: `${budgeted('homeFiles')}; ${budgeted('ordersFiles')}`,
      goal: `${budgetOf('homeFiles')}; ${budgetOf('ordersFiles')}`,
    },
    {
      figure: `app entry and its ${appEntry.size - 1} static imports (no route chunk)`,
      value: kib(sum(chunks.filter((c) => appEntry.has(c.file)))),
      goal: '',
    },
    {
      figure: `route and shared chunks (${routes.length})`,
      value: `median ${kib(sizes[Math.floor(sizes.length / 2)] ?? 0)}, largest ${routes[0]?.file} ${kib(routes[0]?.gzip ?? 0)}`,
      goal: '≤ 35 KiB each',
      note: over.length ? `over: ${over.map((c) => `${c.file} ${kib(c.gzip)}`).join(', ')}` : 'none over',
    },
    { figure: 'account card PDF libraries (on demand only)', value: kib(sum(chunks.filter((c) => onDemand(c.file)))), goal: '' },
    { figure: 'precache (uncompressed)', value: budgeted('precache'), goal: budget('precache') },
  ]
}

function existsIn(dir: string, file: string): boolean {
  return readdirSync(dir).includes(file)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await bundleFigures())
}
