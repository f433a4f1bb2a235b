import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'

import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'

import { parseNairaToKobo } from '#contract/money'
import { DevNotifier } from '#server/notifier'
import { type RunningServer, startServer, type StartServerOptions } from '#server/start-server'

import { pgliteTemplate } from '../support/pglite-template'

/** Debian's Chromium, as root, with nothing reaching out to the (closed) network on its own; `extra` flags added. */
export async function launchBrowser(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extra,
    ],
  })
}

let workerBrowser: Promise<Browser> | undefined

/**
 * This worker's Chromium, launched by its first file and kept for the next ones, as its server is (decision 204):
 * a launch and a close cost 1.7 s of CPU, 39 times a run. Launched again if an earlier file lost it.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser && (await workerBrowser.catch(() => undefined))
  if (!current?.isConnected()) workerBrowser = launchBrowser()
  return workerBrowser!
}

/**
 * Closes every context a file opened in the worker's browser, which the next file shares: pages left open would go
 * on polling and streaming from a server that is gone, on the next file's CPU. Bounded, like the server's close.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return
  await settledWithin(
    Promise.all(browser.contexts().map((context) => context.close())).then(() => {}),
    'closing the file’s browser contexts',
  )
}

/** The browser for a test file (the worker's, decision 204), set before its tests; its contexts closed after them. */
export function suiteBrowser(): { browser: Browser } {
  const suite = {} as { browser: Browser }
  beforeAll(async () => {
    suite.browser = await sharedBrowser()
  })
  afterAll(async () => {
    await closeContexts(suite.browser)
  })
  return suite
}

/** A phone-sized page of its own, signed in as the demo owner on the shared server. */
export async function demoOnPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await logIn(page, demo().email, demo().password)
  return { context, page }
}

export const PHONE = { width: 390, height: 844 }

let phones = 0

/**
 * A phone: its own context, storage and (for the shared server, which trusts X-Forwarded-For) its own address, from
 * the documentation range 198.51.100.0/24: only ever a header value, never an address anything is sent to. Spread
 * by worker process and by phone, so no one address gathers the suite's sign-ins.
 */
export async function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  phones += 1
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${((process.pid * 7 + phones) % 254) + 1}` },
    ...options,
  })
  // Playwright waits forever by default; a missing element should fail the test, not time it out.
  context.setDefaultTimeout(15_000)
  return context
}

/*
 * The server the files of one e2e worker share (decision 200): the real built PWA and the real server, seeded, on a
 * throw-away database, on a free port. Two workers run files side by side, each on its own server, so a file never
 * sees another running file's changes to the demo vendor; the files of one worker follow each other on it, as every
 * file did when the run had one server. The e2e project keeps a worker's modules from file to file (isolate: false),
 * so the server starts once per worker (worker-server.ts asks before each file) and ends with the worker.
 */

let started: Promise<RunningServer> | undefined
let origin: string | undefined

/**
 * The PIN pepper of every server an e2e worker starts. A process holds one pepper (startServer sets it), and a worker
 * runs its shared server and the servers of the files that start their own side by side: each with a random one, the
 * last to start would make every PIN the others hashed unreadable.
 */
export const E2E_PIN_PEPPER = randomBytes(32)

export async function startSharedServer(): Promise<void> {
  // trustProxy: each browser context says it is its own phone on its own network (X-Forwarded-For, phoneContext),
  // as phones are. Every suite signing in from 127.0.0.1 shared one per-address login allowance (20 per 15 minutes),
  // and the 21st sign-in of a run was refused.
  started ??= startServer({
    port: 0,
    dataDir: 'memory',
    loadDataDir: pgliteTemplate(),
    trustProxy: true,
    pinPepper: E2E_PIN_PEPPER,
    logger: { info() {}, warn: console.warn, error: console.error },
  })
  origin = (await started).url
}

/** The origin of the server this worker's files share. */
export function baseURL(): string {
  if (!origin) throw new Error('No shared e2e server: tests/e2e/worker-server.ts is the e2e project’s setup file')
  return origin
}

export function demo(): { email: string; password: string; pin: string } {
  return inject('demo')
}

/** Signs in through the login page; `origin` is the shared e2e server unless a suite runs its own. */
export async function logIn(page: Page, email: string, password: string, origin = baseURL()): Promise<void> {
  await page.goto(origin)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  // Home for the owner; a member whose role leaves the wallet out goes on to their own first screen.
  await page.waitForURL((url) => url.pathname !== '/')
}

/** What our IndexedDB query-cache store holds, key → saved text (empty when the cache is wiped). */
export function persistedCache(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('vendor-back-office')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('query-cache')) return resolve({})
          const store = db.transaction('query-cache').objectStore('query-cache')
          const keys = store.getAllKeys()
          const values = store.getAll()
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((k, i) => [String(k), String(values.result[i])])))
          values.onerror = () => reject(values.error)
        }
      }),
  )
}

/**
 * The newest save time of the persisted query caches in IndexedDB (0 when none), in the page's clock. Only the
 * `queries:<user>` keys: the outbox of unsent changes (`outbox:<user>`) sits in the same store.
 */
export async function lastSaved(page: Page): Promise<number> {
  const saved = await persistedCache(page).catch(() => ({}) as Record<string, string>)
  const caches = Object.entries(saved).filter(([key]) => key.startsWith('queries:'))
  return Math.max(0, ...caches.map(([, text]) => (JSON.parse(text) as { timestamp: number }).timestamp))
}

/**
 * What the screen shows is on the device before the next step. Not a fixed sleep: on CI's two loaded cores a
 * write can take longer than any guess. Each try asks for a page-hide save (the cache as it is now, holding what
 * is on screen) and reads IndexedDB back; a throttled save still under way may land after it with its older
 * timestamp, so the next try asks again. (tests/app/lib/persister.test.tsx holds the 100 ms itself.)
 */
export async function savedOnDevice(page: Page): Promise<void> {
  const asked = await page.evaluate(() => Date.now())
  const saveAndRead = async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    return lastSaved(page)
  }
  await expect.poll(saveAndRead, { timeout: 10_000 }).toBeGreaterThanOrEqual(asked)
}

/** The wallet balance card on /home, in kobo, once it has loaded. */
export async function walletBalanceKobo(page: Page): Promise<number> {
  const card = page.getByTestId('wallet-balance')
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/^₦[\d,]+\.\d{2}$/)
  return parseNairaToKobo((await card.textContent())!)!
}

/** The value of one label/value row (ui/detail-list: <dt>label</dt><dd>value</dd>) inside `scope`. */
export function detailValue(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd')
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real (tiny) PNG, one colour, made in the test so it needs no fixture file: a square `size` pixels wide. */
export function pngImage(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))])
}

/** What a file adds to its own server: start options, and outside services that live as long as the server. */
export interface OwnServerSetup {
  start?: Pick<StartServerOptions, 'trustProxy'>
  /**
   * Starts what the server talks to (a provider's fake, say) before it. Returns the environment the server starts
   * under (set for the start only, then put back) and the stops, each bounded and run after the server's close.
   */
  outside?: () => Promise<{ env: Record<string, string>; stops: [what: string, stop: () => Promise<void>][] }>
}

export interface OwnServer {
  server: RunningServer
  outbox: DevNotifier
  origin: string
  browser: Browser
}

/**
 * A server of this suite's own, in the test worker, and the worker's browser: same startServer and built PWA as the
 * shared server, a throw-away database (the migrated template), and a DevNotifier whose outbox the test reads (SMS
 * codes and invitation links exist only in messages; docs/decisions/054). Call at the top of a test file: it starts
 * the server before the file's tests and closes it (and the file's browser contexts) after; the returned object's
 * fields are set once started.
 */
export function ownServerAndBrowser(setup: OwnServerSetup = {}): OwnServer {
  const own = {} as OwnServer
  let stops: [string, () => Promise<void>][] = []
  beforeAll(async () => {
    const outside = setup.outside ? await setup.outside() : { env: {}, stops: [] }
    stops = outside.stops
    const outbox = new DevNotifier(() => {})
    const quiet = { info() {}, warn: console.warn, error: console.error }
    const [server, browser] = await Promise.all([
      withEnv(outside.env, () =>
        startServer({
          port: 0,
          dataDir: 'memory',
          loadDataDir: pgliteTemplate(),
          notifier: outbox,
          pinPepper: E2E_PIN_PEPPER,
          logger: quiet,
          ...setup.start,
        }),
      ),
      sharedBrowser(),
    ])
    Object.assign(own, { server, outbox, origin: server.url, browser })
  })
  afterAll(async () => {
    // Once (CI, 28 November) this teardown outlasted the 180 s hook limit after every test had passed, and failed
    // the file; it did not happen again in runs of the file alone. Each step is bounded and says so when it runs
    // long, so a repeat names the part that hangs instead of failing tests that passed.
    await closeContexts(own.browser)
    await settledWithin(own.server?.close(), 'the server’s close (requests or streams still running)')
    for (const [what, stop] of stops) await settledWithin(stop(), what)
  })
  return own
}

/** Runs `start` with `env` set in process.env (the server reads its environment as it starts), then puts it back. */
async function withEnv<T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  try {
    return await start()
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

const TEARDOWN_MS = 30_000

/** Waits for a teardown step at most TEARDOWN_MS, then says which one is still running and goes on. */
export async function settledWithin(work: Promise<void> | undefined, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), TEARDOWN_MS)))
  if ((await Promise.race([work, late])) === 'late') console.warn(`[e2e teardown] ${what} still running after ${TEARDOWN_MS} ms; left`)
  clearTimeout(timer)
}

/**
 * Types a code or PIN into the focused box of a PinInput at 40 ms a key, a quick person's pace. Ark's own
 * select-on-focus once dropped digits when frames came late (the focus went back a box); PinInput now selects as it
 * takes focus, and tests/e2e/shell.test.ts types with every frame 80 ms late to hold it there.
 */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 40 })
}
