import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'

import { WEBHOOK_ANSWER_KEPT_BYTES, WEBHOOK_TIMEOUT_MS } from '#contract/webhooks'

import { hostOf, publicAddressesOf, UnsafeAddress } from './address-guard'

/*
 * One POST of a webhook (decision 169): at most WEBHOOK_TIMEOUT_MS from the first byte sent to the last read,
 * redirects answered are not followed (a 3xx is a failed attempt, like any status outside 2xx), and at most
 * WEBHOOK_ANSWER_KEPT_BYTES of the answer are read: the rest is never downloaded. In production the socket connects
 * only to an address publicAddressesOf accepted, resolved for this very send.
 */

export interface SendOutcome {
  /** The answer's HTTP status, or null when there was none. */
  status: number | null
  /** The answer's first bytes, or why there was no answer. */
  body: string
  ok: boolean
}

export interface SendOptions {
  production: boolean
  timeoutMs?: number
}

/**
 * Text fit for a PostgreSQL text column: NUL (which text refuses) becomes U+FFFD, as invalid UTF-8 already did in
 * toString; other control characters but tab and newline are dropped, so a receiver cannot forge log lines.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(/[\u0001-\u0008\u000B-\u001F\u007F]/g, '')
}

/** Settles with `work`, or rejects with `message` once `ms` have passed: a DNS answer never waits on its own. */
export function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Node's socket lookup, answered from the addresses just checked (the product image job connects through it too). */
export function checkedLookup(host: string): LookupFunction {
  return (_hostname, options, callback) => {
    publicAddressesOf(host).then(
      (addresses) => {
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, ''),
    )
  }
}

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const outcome = await send(target, headers, body, options)
  return { ...outcome, body: storableText(outcome.body) }
}

async function send(target: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendOutcome> {
  const url = new URL(target)
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  // One budget for the address check and the request: a send never nears the job's 60 s lease.
  const deadline = Date.now() + timeoutMs
  if (options.production) {
    if (url.protocol !== 'https:') return { status: null, body: 'Refused: only https:// URLs are sent to', ok: false }
    try {
      // An address literal never reaches the socket's lookup: it is judged here.
      await within(publicAddressesOf(hostOf(url)), timeoutMs, `No address for ${hostOf(url)} within ${timeoutMs / 1000} s`)
    } catch (error) {
      const message = (error as Error).message
      return {
        status: null,
        body: error instanceof UnsafeAddress ? `Refused: ${message}` : `Could not reach the endpoint: ${message}`,
        ok: false,
      }
    }
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<SendOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'vendor-backoffice-webhooks/1',
      },
      ...(options.production ? { lookup: checkedLookup(hostOf(url)) } : {}),
      agent: false,
    })
    let answered: { status: number; done: () => void } | undefined
    const timer = setTimeout(
      () => {
        // A 2xx whose body trickles past the budget is still a 2xx: delivered with what was read, never retried.
        if (answered && answered.status >= 200 && answered.status < 300) answered.done()
        else finish({ status: null, body: `No answer within ${timeoutMs / 1000} s`, ok: false })
        request.destroy()
      },
      Math.max(0, deadline - Date.now()),
    )
    request.on('error', (error) => {
      const reason = error instanceof UnsafeAddress ? `Refused: ${error.message}` : `Could not reach the endpoint: ${error.message}`
      finish({ status: null, body: reason, ok: false })
    })
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      const chunks: Buffer[] = []
      let kept = 0
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const redirect = status >= 300 && status < 400 ? `Redirect to ${response.headers.location ?? '(no location)'} not followed. ` : ''
        finish({ status, body: redirect + text, ok: status >= 200 && status < 300 })
      }
      answered = { status, done }
      response.on('data', (chunk: Buffer) => {
        const room = WEBHOOK_ANSWER_KEPT_BYTES - kept
        if (room > 0) chunks.push(chunk.subarray(0, room))
        kept += Math.min(room, chunk.length)
        if (kept >= WEBHOOK_ANSWER_KEPT_BYTES) {
          // Enough kept: the rest of a large answer is not downloaded.
          done()
          response.destroy()
        }
      })
      response.on('end', done)
      response.on('error', done)
      response.on('close', done)
    })
    request.end(body)
  })
}
