import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

import { chromium } from 'playwright-core'

import { startServer } from '#server/main'
import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'

const ROOT = resolve(import.meta.dirname, '..')
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** gzip size of the JS the login page really downloads (measured in Chromium), and of every chunk. */
export async function bundleFigures() {
  if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
  const server = await startServer({ port: 0, dataDir: 'memory', logger: { info() {}, warn() {}, error: console.error } })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  let loginJs = 0
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    const bodies: Promise<number>[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) bodies.push(r.body().then((b) => gzipSync(b).length))
    })
    await page.goto(server.url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    loginJs = (await Promise.all(bodies)).reduce((a, b) => a + b, 0)
  } finally {
    await browser.close()
    await server.close()
  }

  const assets = join(ROOT, 'dist', 'assets')
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(assets, f))).length }))
    .sort((a, b) => b.gzip - a.gzip)
  const entryFile = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8'))?.[1]
  // The entry and every chunk it imports statically: what runs before the first screen (decision 080).
  const firstScreen = new Set<string>()
  const queue = entryFile ? [entryFile] : []
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (firstScreen.has(file)) continue
    firstScreen.add(file)
    const code = readFileSync(join(assets, file), 'utf8')
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]!)
  }
  const entryGzip = chunks.filter((c) => firstScreen.has(c.file)).reduce((sum, c) => sum + c.gzip, 0)
  // jsPDF and its helpers load only when someone downloads the account card; they are reported apart.
  const onDemand = (file: string) => /^(jspdf|html2canvas|purify|index\.es)/.test(file)
  const largestRoute = chunks.find((c) => !firstScreen.has(c.file) && !onDemand(c.file))
  const pdf = chunks.filter((c) => onDemand(c.file)).reduce((sum, c) => sum + c.gzip, 0)
  const precache = [...readFileSync(join(ROOT, 'dist', 'sw.js'), 'utf8').matchAll(/"?url"?:\s*"([^"]+)"/g)]
    .map((m) => m[1]!)
    .reduce((sum, url) => sum + statSync(join(ROOT, 'dist', url)).size, 0)

  const routes = chunks.filter((c) => !firstScreen.has(c.file) && !onDemand(c.file))
  const over = routes.filter((c) => c.gzip > 35 * 1024)
  const sizes = routes.map((c) => c.gzip).sort((a, b) => a - b)
  return [
    { figure: 'JS loaded by the login route', value: kib(loginJs), goal: '≤ 125 KiB' },
    {
      figure: `route and shared chunks (${routes.length})`,
      value: `median ${kib(sizes[Math.floor(sizes.length / 2)] ?? 0)}`,
      goal: '≤ 35 KiB each',
      note: over.length ? `over: ${over.map((c) => `${c.file} ${kib(c.gzip)}`).join(', ')}` : 'none over',
    },
    { figure: `first-screen chunks (the entry and its ${firstScreen.size - 1} static imports)`, value: kib(entryGzip), goal: '' },
    { figure: `largest other chunk (${largestRoute?.file})`, value: kib(largestRoute?.gzip ?? 0), goal: '≤ 35 KiB' },
    { figure: 'account card PDF libraries (on demand only)', value: kib(pdf), goal: '' },
    { figure: 'precache (uncompressed)', value: kib(precache), goal: '' },
  ]
}
