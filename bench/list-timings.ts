import type { Hono } from 'hono'

/** Timed runs per query, after warm-up runs that fill caches and plans. */
const RUNS = 40
const WARM_UP = 5

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

export interface ListTiming {
  query: string
  matches: number
  'p50 (ms)': number
  'p95 (ms)': number
}

/**
 * Times GET list calls in process (no network), each answered through the real app: auth, validation, SQL and
 * JSON. Answers one row per case with the list's total and the p50/p95 latency.
 */
export async function timeListCalls(app: Hono, token: string, cases: readonly [string, string][]): Promise<ListTiming[]> {
  const rows: ListTiming[] = []
  for (const [label, path] of cases) {
    const times: number[] = []
    let total = 0
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const started = performance.now()
      const res = await app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } })
      const body = (await res.json()) as { data?: { total: number } }
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`)
      if (run >= WARM_UP) times.push(performance.now() - started)
      total = body.data!.total
    }
    times.sort((a, b) => a - b)
    rows.push({
      query: label,
      matches: total,
      'p50 (ms)': Number(percentile(times, 0.5).toFixed(1)),
      'p95 (ms)': Number(percentile(times, 0.95).toFixed(1)),
    })
  }
  return rows
}
