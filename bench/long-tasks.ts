import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import LighthouseTrace from 'lighthouse/core/gather/gatherers/trace.js'
import type { Browser } from 'playwright-core'

import { startServer } from '#server/start-server'

import { signInAsDemo, withDemoBrowser } from './demo-browser'

/*
 * `longTaskFigures()`: what Lighthouse's TBT is made of. Signed in once (so the service worker, the HTTP cache and
 * the saved queries are there: warm), each of PAGES is loaded at Lighthouse's 4× CPU slowdown with a Chromium trace
 * running, twice (the second with more of V8's code cache warm). Per load it gives the number of main-thread tasks
 * over 50 ms and the sum of their parts over 50 ms (what TBT counts, though TBT counts only after the first paint),
 * each beside issue 20's goal (TBT ≤ 50 ms). Lighthouse simulates its timings from such a trace, so its TBT
 * differs, but the tasks are the same.
 *
 * `npx tsx bench/long-tasks.ts` runs it alone and also lists every long task with the trace events that fill it.
 * SLOWDOWN=1 runs it unthrottled; LONG_TASKS_PAGES=/home,/orders picks pages; LONG_TASKS_RUNS=3 loads each page
 * three times. The machine is shared and one trace says little: LONG_TASKS_DISTS=<dir>,<dir> serves each build from
 * its own server and traces them turn about, page by page (a `build` column names each).
 *
 * LONG_TASKS_CLOCK=cpu (decision 106) loads the pages unthrottled and counts each task as 4× the main thread's CPU
 * time in it, which is how Lighthouse's simulated throttling scales a task. On a machine other sessions load, wall
 * time counts the moments the renderer waited for a core; its own CPU time does not, so two builds compare.
 *
 * LONG_TASKS_AS=lighthouse loads each page the way Lighthouse's gathering does (decision 116): its trace categories
 * (stack traces on timeline events, every script's source in the trace), function-level precise coverage (for its
 * unused-JavaScript audit) and the debugger (for its scripts audit) on while the page loads. Those make the page's
 * JavaScript about 1.4–1.7× as costly as a vendor's phone runs it, so this mode shows the tasks Lighthouse's TBT is
 * simulated from; without it, the tasks of the app as it runs.
 */

const CPU_CLOCK = process.env.LONG_TASKS_CLOCK === 'cpu'
/** Lighthouse's mobile CPU slowdown, applied to CPU time with LONG_TASKS_CLOCK=cpu. */
const CPU_SCALE = CPU_CLOCK ? 4 : 1
const SLOWDOWN = CPU_CLOCK ? 1 : Number(process.env.SLOWDOWN ?? 4)
const LONG_MS = 50
const GOAL_MS = 50
const PAGES = process.env.LONG_TASKS_PAGES?.split(',') ?? ['/home', '/orders', '/transactions']
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 2)
const DISTS = process.env.LONG_TASKS_DISTS?.split(',')
const AS_LIGHTHOUSE = process.env.LONG_TASKS_AS === 'lighthouse'
const CATEGORIES = AS_LIGHTHOUSE
  ? LighthouseTrace.getDefaultTraceCategories()
  : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing']

interface TraceEvent {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time in the event. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string } }
}

/** Tasks over LONG_MS on the busiest renderer main thread, each with its largest top-level events. */
function longTasks(events: TraceEvent[]) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const onThread = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X')
  const busy = (t: TraceEvent) =>
    onThread(t)
      .filter((e) => e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0)
  const main = threads.sort((a, b) => busy(b) - busy(a))[0]
  if (!main) return []
  const own = onThread(main)
  const tasks = own.filter((e) => e.name === 'RunTask')
  const start = Math.min(...tasks.map((e) => e.ts))
  // The start's steps as first-screen/boot.tsx marks them (`boot:<step>`), in order.
  const marks = events
    .filter((e) => e.cat?.includes('blink.user_timing') && e.name.startsWith('boot:'))
    .map((e) => ({ ts: e.ts, step: e.name.slice('boot:'.length) }))
    .sort((a, b) => a.ts - b.ts)
  /** The steps marked inside a task, or the last one marked before it. */
  const bootSteps = (from: number, to: number) => {
    const inside = marks.filter((m) => m.ts >= from && m.ts <= to)
    if (inside.length > 0) return inside.map((m) => m.step).join(', ')
    const before = marks.filter((m) => m.ts < from).at(-1)
    return before ? `after ${before.step}` : ''
  }
  /** An event's length in ms as counted: wall time, or with LONG_TASKS_CLOCK=cpu its CPU time scaled. */
  const length = (e: TraceEvent) => (((CPU_CLOCK ? (e.tdur ?? e.dur) : e.dur) ?? 0) / 1000) * CPU_SCALE
  return tasks
    .filter((task) => length(task) > LONG_MS)
    .map((task) => {
      const end = task.ts + task.dur!
      const inside = own.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
      // Top-level events only: those no other event inside the task contains.
      const top = inside.filter((e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!))
      const byName = new Map<string, number>()
      for (const e of top) {
        const file = e.args?.data?.url?.split('/').pop()
        const key = file ? `${e.name} ${file.replace(/-[\w-]{8}\.js$/, '.js')}` : e.name
        byName.set(key, (byName.get(key) ?? 0) + length(e))
      }
      const parts = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3)
      return {
        at: `${Math.round((task.ts - start) / 1000)} ms`,
        'task (ms)': Math.round(length(task)),
        'counts to TBT (ms)': Math.round(length(task) - LONG_MS),
        mostly: parts.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', '),
        'boot steps': bootSteps(task.ts, end),
      }
    })
}

type Row = Record<string, string | number>

/** A signed-in browser context on one server, its CPU throttled, that traces a page load. */
async function signedInTracer(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await signInAsDemo(page, url)
  await page.waitForLoadState('networkidle')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
  return {
    async trace(path: string) {
      await page.goto('about:blank')
      if (AS_LIGHTHOUSE) {
        // As Lighthouse's js-usage and scripts gatherers do, for the length of the load.
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.startPreciseCoverage', { detailed: false })
        await cdp.send('Debugger.enable')
      }
      await browser.startTracing(page, { categories: CATEGORIES })
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(1_000)
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      if (AS_LIGHTHOUSE) {
        await cdp.send('Profiler.stopPreciseCoverage')
        await cdp.send('Debugger.disable')
      }
      return longTasks(trace.traceEvents)
    },
    close: () => context.close(),
  }
}

/** A figure beside its goal: "143 (≤ 50 ✗)". */
const against = (value: number, goal: number) => `${value} (≤ ${goal} ${value <= goal ? '✓' : '✗'})`

async function traceAll(browser: Browser, urls: string[]) {
  const summary: Row[] = []
  const detail: Row[] = []
  const tracers = []
  try {
    for (const url of urls) tracers.push(await signedInTracer(browser, url))
    for (const path of PAGES) {
      for (let run = 1; run <= RUNS; run++) {
        for (const [i, tracer] of tracers.entries()) {
          const tasks = await tracer.trace(path)
          const head = { page: path, ...(urls.length > 1 ? { build: DISTS![i]! } : {}), load: run }
          const over = tasks.reduce((sum, t) => sum + t['counts to TBT (ms)'], 0)
          summary.push({
            ...head,
            'tasks > 50 ms': tasks.length,
            'sum over 50 ms': against(over, GOAL_MS),
            longest: tasks.length ? Math.max(...tasks.map((t) => t['task (ms)'])) : 0,
          })
          detail.push(...tasks.map((task) => ({ ...head, ...task })))
        }
      }
    }
  } finally {
    for (const tracer of tracers) await tracer.close()
  }
  return { summary, detail }
}

/** The demo server over a given build, in a throw-away data directory removed on close. */
async function startDemoServer(distDir: string) {
  const dir = mkdtempSync(join(tmpdir(), 'vbo-bench-'))
  const server = await startServer({ port: 0, dataDir: dir, distDir, logger: { info() {}, warn() {}, error: console.error } })
  return {
    url: server.url,
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Per page, build and load: the long tasks and every one of them. */
export function longTaskTraces() {
  return withDemoBrowser(async (server, browser) => {
    if (!DISTS) return traceAll(browser, [server.url])
    const servers = await Promise.all(DISTS.map((distDir) => startDemoServer(distDir)))
    try {
      return await traceAll(
        browser,
        servers.map((s) => s.url),
      )
    } finally {
      for (const s of servers) await s.close()
    }
  })
}

export async function longTaskFigures() {
  return (await longTaskTraces()).summary
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { summary, detail } = await longTaskTraces()
  console.table(detail)
  console.table(summary)
}
