// autocannon ships no types; this covers the part bench/api-load.ts and bench/processes.ts use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface Histogram {
    average: number
    p50: number
    p97_5: number
    p99: number
    max: number
  }

  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface RawRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export interface Options {
    /** Several URLs: the connections are spread over them in turn. */
    url: string | string[]
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[]
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void
  }

  export default function autocannon(options: Options): Instance
}
