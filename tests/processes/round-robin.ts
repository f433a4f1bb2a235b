import type { Cluster } from './cluster'

/*
 * The clients' way in: one round-robin over the cluster's processes, as a reverse proxy in front of them would be.
 * Like nginx with `proxy_next_upstream error`, a request whose connection is REFUSED (the process is not listening,
 * so nothing was sent) goes to the next process; any other network error (a reset, a socket closed before the
 * answer) is the client's to see, and is thrown as a NetworkError naming the process.
 */

export interface Answer {
  status: number
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any
  headers: Headers
  /** The process that answered. */
  via: number
}

export interface CallOptions {
  token?: string
  /** The client's address, which the proxy passes on in X-Forwarded-For (the processes run with TRUST_PROXY=1). */
  ip?: string
  json?: unknown
  /** A body sent byte for byte (a signed webhook notice). */
  raw?: string
  form?: FormData
  headers?: Record<string, string>
}

export class NetworkError extends Error {
  constructor(
    readonly via: number,
    readonly code: string,
  ) {
    super(`process ${via}: ${code}`)
  }
}

/** What undici's "fetch failed" was underneath: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET (closed), … */
export function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

let addresses = 0
/** A client address of its own (10.x.y.z), so per-address limits are each client's, as behind a real proxy. */
export function clientIp(): string {
  addresses += 1
  const spread = (process.pid % 200) * 65_536 + addresses
  return `10.${(spread >> 16) & 255}.${(spread >> 8) & 255}.${spread & 255}`
}

/** One request to one process; NetworkError when no HTTP answer came back. */
export async function callProcess(
  cluster: Cluster,
  index: number,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.ip) headers['x-forwarded-for'] = options.ip
  let body: string | FormData | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  if (options.raw !== undefined) body = options.raw
  if (options.form) body = options.form
  let response: Response
  try {
    response = await fetch(`${cluster.processes[index]!.url}${path}`, { method, headers, body })
  } catch (error) {
    throw new NetworkError(index, networkCode(error))
  }
  // Reading the body can fail too: a connection closed mid-answer is no answer.
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw new NetworkError(index, networkCode(error))
  }
  let parsed: unknown = text
  if (response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text)
  return { status: response.status, body: parsed, headers: response.headers, via: index }
}

export class RoundRobin {
  private turn = 0
  /** Requests refused at connect and sent to the next process instead. */
  refused = 0
  /** Processes the readiness checks took out of the rotation, in the order they were (watchReadiness). */
  readonly takenOut: number[] = []
  private readonly out = new Set<number>()

  constructor(private readonly cluster: Cluster) {}

  /**
   * The proxy's health checks, as docs/deploy/haproxy.cfg has them (faster, for a test): GET /api/ready on each
   * process every `intervalMs`; one answer other than 200 (or none) takes it out of the rotation, two 200s in a
   * row bring it back. Returns the function that stops the checks.
   */
  watchReadiness(intervalMs: number): () => Promise<void> {
    let watching = true
    const loops = this.cluster.processes.map(async (_, index) => {
      let okInARow = 0
      while (watching) {
        const status = await fetch(`${this.cluster.processes[index]!.url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        )
        okInARow = status === 200 ? okInARow + 1 : 0
        if (okInARow === 0 && !this.out.has(index)) {
          this.out.add(index)
          this.takenOut.push(index)
        }
        if (okInARow >= 2) this.out.delete(index)
        await new Promise((resolve) => setTimeout(resolve, intervalMs))
      }
    })
    return async () => {
      watching = false
      await Promise.all(loops)
    }
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const first = this.turn++
    // Processes out of the rotation are skipped while another is in it (when none is, all are tried: allbackups).
    const order = Array.from({ length: this.cluster.size }, (_, tries) => (first + tries) % this.cluster.size)
    const inRotation = order.filter((index) => !this.out.has(index))
    for (const index of inRotation.length > 0 ? inRotation : order) {
      try {
        return await callProcess(this.cluster, index, method, path, options)
      } catch (error) {
        if (!(error instanceof NetworkError) || error.code !== 'ECONNREFUSED') throw error
        this.refused += 1
      }
    }
    throw new Error(`every process refused ${method} ${path}`)
  }

  /** Which process each answer came from, as counts per process. */
  static spread(answers: Answer[], size: number): number[] {
    const counts = Array.from({ length: size }, () => 0)
    for (const answer of answers) counts[answer.via]! += 1
    return counts
  }
}
