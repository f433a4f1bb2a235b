/* Prometheus' text format, read as a scraper would: one sample per line, `name{label="value",…} number`. */

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}
export type Samples = Sample[]

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

export function parseMetrics(text: string): Samples {
  const samples: Samples = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue
    const match = LINE.exec(line)
    if (!match) throw new Error(`Not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL))
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none, as a counter not yet moved). */
export function metricValue(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0)
}
