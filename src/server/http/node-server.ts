import { createServer, maxHeaderSize, type Server } from 'node:http'
import type { Socket } from 'node:net'

import { getRequestListener, RequestError } from '@hono/node-server'

import { FALLBACK_MESSAGE } from '#contract/messages'

import { errorBody } from '../errors'

/*
 * The Node HTTP server the app runs on: @hono/node-server's request listener (what its `serve` uses), plus answers
 * for the requests that never reach the app. Left to Node, headers over its limit (16 KB), a request line or
 * headers that are not HTTP, or a request that takes too long to arrive get a status line and no body; and a
 * request target @hono/node-server refuses (a backslash in the path, a forged Host) gets an empty 400. Every error
 * is the API's JSON envelope `{ message, code }` (issue 35), and an answer after which the socket is closed says
 * `Connection: close`.
 */

interface Refusal {
  status: number
  reason: string
  body: ReturnType<typeof errorBody>
}

/** What Node's parser or timers reported (`clientError`): the answer Node itself would give, with words. */
function refusalFor(error: NodeJS.ErrnoException): Refusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        body: errorBody('HEADERS_TOO_LARGE', `The request headers are larger than ${maxHeaderSize / 1024} KB`),
      }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        reason: 'Payload Too Large',
        body: errorBody('PAYLOAD_TOO_LARGE', 'The request body’s chunk extensions are too large'),
      }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', body: errorBody('REQUEST_TIMEOUT', 'The request took too long to arrive') }
    default:
      return { status: 400, reason: 'Bad Request', body: errorBody('BAD_REQUEST', 'The request is not valid HTTP') }
  }
}

/** A whole HTTP/1.1 answer, written on the socket by hand: the parser has given up on it, so no ServerResponse exists. */
function rawAnswer({ status, reason, body }: Refusal): string {
  const json = JSON.stringify(body)
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    json,
  ].join('\r\n')
}

/** Node's part of it is an internal: the answer the socket is sending now, if any. */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null }

/**
 * Node's own `clientError` default, with a JSON body: answer only when nothing of an answer has gone out on this
 * socket yet (bytes after a half-sent answer would corrupt it for the client), then close.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: HttpSocket): void {
  // The peer is gone (ECONNRESET) or the socket cannot be written: nothing can be said.
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  socket.end(rawAnswer(refusalFor(error)))
  // Whatever the client still sends is not read; the socket goes once the answer is out.
  socket.once('finish', () => socket.destroy())
}

/** The HTTP server for `fetch` (the app), not yet listening. */
export function createNodeServer(fetch: (request: Request) => Response | Promise<Response>, hostname?: string): Server {
  const listener = getRequestListener(fetch, {
    hostname,
    // A request target @hono/node-server cannot turn into a URL (the body, if any, is dumped by Node as usual); or
    // `fetch` threw before answering, which the app's own error handling makes a bug: logged by the caller's fetch.
    errorHandler: (error) =>
      error instanceof RequestError
        ? Response.json(errorBody('BAD_REQUEST', 'The request target or Host header is not valid'), { status: 400 })
        : Response.json(errorBody('INTERNAL', FALLBACK_MESSAGE), { status: 500 }),
  })
  const server = createServer(listener)
  server.on('clientError', answerClientError)
  return server
}
