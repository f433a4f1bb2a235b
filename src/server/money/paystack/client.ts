/*
 * Paystack's HTTP API as this provider uses it (tests/fixtures/paystack/paystack.yaml is the reference for every path,
 * parameter and body): bearer secret key, JSON in and out, every answer an envelope `{ status, message, data }`.
 * Nothing here knows about our ledger.
 */

export const DEFAULT_PAYSTACK_BASE_URL = 'https://api.paystack.co'

/** How long one call may take: a send waits at most transferTimeoutMs (20 s) anyway, and recovery asks again. */
const REQUEST_TIMEOUT_MS = 15_000

export interface PaystackConfig {
  secretKey: string
  /** PAYSTACK_BASE_URL: Paystack itself by default; tests point it at Prism. */
  baseUrl?: string
}

/** A call Paystack answered with an error status (4xx/5xx), or an envelope saying `status: false`. */
export class PaystackError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    /** Paystack's `code` for the error where it gives one (e.g. `duplicate_reference`). */
    readonly code: string | null = null,
  ) {
    super(message)
    this.name = 'PaystackError'
  }
}

type Query = Record<string, string | number | boolean | undefined>

interface Envelope<T> {
  status?: boolean
  message?: string
  code?: string
  data?: T
  meta?: { page?: number; pageCount?: number; total?: number; next?: string | null }
}

export class PaystackClient {
  private readonly baseUrl: string

  constructor(private readonly config: PaystackConfig) {
    this.baseUrl = (config.baseUrl?.trim() || DEFAULT_PAYSTACK_BASE_URL).replace(/\/+$/, '')
  }

  get<T>(path: string, query: Query = {}): Promise<Envelope<T>> {
    return this.call<T>('GET', path, query)
  }

  post<T>(path: string, body: Record<string, unknown>): Promise<Envelope<T>> {
    return this.call<T>('POST', path, {}, body)
  }

  private async call<T>(method: 'GET' | 'POST', path: string, query: Query, body?: Record<string, unknown>): Promise<Envelope<T>> {
    const url = new URL(`${this.baseUrl}${path}`)
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value))
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.config.secretKey}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    let envelope: Envelope<T>
    try {
      envelope = text ? (JSON.parse(text) as Envelope<T>) : {}
    } catch {
      throw new PaystackError(response.status, `Paystack answered ${method} ${path} with ${response.status} and a body that is not JSON`)
    }
    if (!response.ok || envelope.status === false) {
      // The key never appears in the message: only the path and Paystack's own words (decision 071).
      throw new PaystackError(
        response.status,
        `Paystack ${method} ${path}: ${response.status} ${envelope.message ?? ''}`.trim(),
        envelope.code ?? null,
      )
    }
    return envelope
  }
}
