import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Browser } from 'playwright-core'

import { signInAsDemo, withDemoBrowser } from './demo-browser'

/*
 * `longTaskFigures()`: what Lighthouse's TBT is made of. The signed-in /home is loaded at Lighthouse's 4× CPU
 * slowdown with a Chromium trace running, twice (the second with more of V8's code cache warm). Each main-thread
 * task over 50 ms is listed with the trace events that fill it; the part over 50 ms is what TBT counts.
 * Lighthouse simulates its timings from such a trace, so its TBT differs, but the tasks are the same.
 * `npx tsx bench/long-tasks.ts` runs it alone; SLOWDOWN=1 runs it unthrottled.
 */

const SLOWDOWN = Number(process.env.SLOWDOWN ?? 4)
const LONG_MS = 50

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
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
  return tasks
    .filter((task) => (task.dur ?? 0) / 1000 > LONG_MS)
    .map((task) => {
      const end = task.ts + task.dur!
      const inside = own.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
      // Top-level events only: those no other event inside the task contains.
      const top = inside.filter((e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!))
      const byName = new Map<string, number>()
      for (const e of top) {
        const file = e.args?.data?.url?.split('/').pop()
        const key = file ? `${e.name} ${file.replace(/-[\w-]{8}\.js$/, '.js')}` : e.name
        byName.set(key, (byName.get(key) ?? 0) + e.dur! / 1000)
      }
      const parts = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3)
      return {
        at: `${Math.round((task.ts - start) / 1000)} ms`,
        'task (ms)': Math.round(task.dur! / 1000),
        'counts to TBT (ms)': Math.round(task.dur! / 1000 - LONG_MS),
        mostly: parts.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', '),
      }
    })
}

async function traceHome(browser: Browser, url: string): Promise<Record<string, string | number>[]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const page = await context.newPage()
    await signInAsDemo(page, url)
    await page.waitForLoadState('networkidle')
    const rows: Record<string, string | number>[] = []
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
    for (const load of ['first /home after signing in', 'second /home']) {
      await page.goto('about:blank')
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] })
      await page.goto(`${url}/home`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(1_000)
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      const tasks = longTasks(trace.traceEvents)
      rows.push(...tasks.map((task) => ({ load, ...task })))
      rows.push({ load, at: 'total', 'counts to TBT (ms)': tasks.reduce((sum, t) => sum + t['counts to TBT (ms)'], 0) })
    }
    return rows
  } finally {
    await context.close()
  }
}

export async function longTaskFigures() {
  return withDemoBrowser((server, browser) => traceHome(browser, server.url))
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await longTaskFigures())
}
