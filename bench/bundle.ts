import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

import { type Browser, chromium } from 'playwright-core'

import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'
import { startServer } from '#server/start-server'

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
 */

const ROOT = resolve(import.meta.dirname, '..')
const DIST = join(ROOT, 'dist')
const ASSETS = join(DIST, 'assets')
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** gzip bytes of the JS a fresh tab downloads opening `path`, until the network is idle and `ready` is shown. */
async function jsLoadedBy(browser: Browser, url: string, ready: string): Promise<number> {
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
  if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
  const server = await startServer({ port: 0, dataDir: 'memory', logger: { info() {}, warn() {}, error: console.error } })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  let loginJs = 0
  let appJs = 0
  try {
    loginJs = await jsLoadedBy(browser, server.url, 'Log in')
    appJs = await jsLoadedBy(browser, `${server.url}/forgot-password`, 'Send reset code')
  } finally {
    await browser.close()
    await server.close()
  }

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
  const precache = [...readFileSync(join(DIST, 'sw.js'), 'utf8').matchAll(/"?url"?:\s*"([^"]+)"/g)]
    .map((m) => m[1]!)
    .reduce((total, url) => total + statSync(join(DIST, url)).size, 0)
  return [
    { figure: 'JS loaded by / (prerendered login page, no session, to network idle)', value: kib(loginJs), goal: '≤ 110 KiB' },
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
    { figure: 'precache (uncompressed)', value: kib(precache), goal: '' },
  ]
}

function existsIn(dir: string, file: string): boolean {
  return readdirSync(dir).includes(file)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await bundleFigures())
}
