import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A real HTTP server standing in for a vendor's webhook endpoint: it records each request as received and answers
 * what the test scripted, one answer per request (the last one repeats).
 */

export interface Received {
  headers: IncomingHttpHeaders
  body: string
  path: string
}

export type Answer = (response: ServerResponse) => void

export const status =
  (code: number, body = '') =>
  (response: ServerResponse) => {
    response.writeHead(code, { 'content-type': 'text/plain' })
    response.end(body)
  }

export interface Receiver {
  url: string
  received: Received[]
  answers: Answer[]
  close: () => Promise<void>
}

export async function startReceiver(...answers: Answer[]): Promise<Receiver> {
  const received: Received[] = []
  const state = { answers: answers.length ? answers : [status(200, 'ok')] }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' })
      const answer = state.answers.length > 1 ? state.answers.shift()! : state.answers[0]!
      answer(response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    get answers() {
      return state.answers
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
