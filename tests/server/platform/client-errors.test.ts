import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type RunningServer, startServer } from '#server/start-server'

/*
 * Issue 35 item 21: headers over Node's limit were answered 431 with no body, and a 413 said "keep-alive" and then
 * the connection was cut. Over a real TCP socket to the started server, as any HTTP client meets them: every error
 * is the JSON envelope, and an answer after which the connection closes says `Connection: close`.
 */

interface Answer {
  status: number
  headers: Record<string, string>
  body: any
}

/** One keep-alive connection, read answer by answer (each framed by its Content-Length). */
class Connection {
  private readonly socket: Socket
  private buffer = Buffer.alloc(0)
  private waiting: (() => void) | undefined
  readonly closed: Promise<void>
  isClosed = false

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1')
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      this.waiting?.()
    })
    // A reset after the answer was read is still a close: what matters is whether the answer warned of it.
    this.socket.on('error', () => {})
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.isClosed = true
        this.waiting?.()
        resolve()
      }),
    )
  }

  send(data: string | Buffer): void {
    this.socket.write(data)
  }

  /** The next whole answer on the connection. */
  async answer(): Promise<Answer> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n')
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n')
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        )
        const length = Number(headers['content-length'] ?? 0)
        if (this.buffer.length >= end + 4 + length) {
          const text = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8')
          this.buffer = this.buffer.subarray(end + 4 + length)
          return { status: Number(statusLine!.split(' ')[1]), headers, body: text ? JSON.parse(text) : null }
        }
      }
      if (this.isClosed) throw new Error(`connection closed before a whole answer: ${JSON.stringify(this.buffer.toString('latin1'))}`)
      await new Promise<void>((resolve) => (this.waiting = resolve))
    }
  }

  destroy(): void {
    this.socket.destroy()
  }
}

/** Whether the server closes the connection within `ms`. */
const closesWithin = (connection: Connection, ms: number) =>
  Promise.race([connection.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`

let server: RunningServer
beforeAll(async () => {
  // The HTTP layer does not depend on the database: PGlite in memory on either suite.
  server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    dataDir: 'memory',
    pinPepper: randomBytes(32),
    distDir: null,
    seed: false,
    logger: { info: () => {}, warn: () => {}, error: console.error },
  })
})
afterAll(async () => {
  await server?.close()
})

describe('errors Node or the adapter answer, over a real socket', () => {
  it('oversized headers on a keep-alive connection: 431 JSON envelope saying Connection: close, then closed', async () => {
    const connection = new Connection(server.port)
    try {
      connection.send(get('/api/no-such-thing'))
      const first = await connection.answer()
      expect(first.status).toBe(404)
      expect(first.headers.connection).toBe('keep-alive')

      connection.send(get('/api/user/me', `X-Padding: ${'x'.repeat(20_000)}\r\n`))
      const refused = await connection.answer()
      expect(refused.status).toBe(431)
      expect(refused.headers['content-type']).toMatch(/^application\/json/)
      expect(refused.body).toEqual({ message: 'The request headers are larger than 16 KB', code: 'HEADERS_TOO_LARGE' })
      expect(refused.headers.connection).toBe('close')
      expect(await closesWithin(connection, 2000)).toBe(true)
    } finally {
      connection.destroy()
    }
  })

  it('a body over the limit: 413 JSON envelope, and the connection closes only after saying so', async () => {
    const body = 'x'.repeat(1024 * 1024 + 1)
    const post = (headers: string) =>
      `POST /api/auth/vendor/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}\r\n`
    // Declared up front (refused before a byte is read), sent in chunks (refused part way), and declared but never sent.
    const cases = [
      { name: 'content-length', head: post(`Content-Length: ${body.length}\r\n`), rest: body },
      {
        name: 'chunked',
        head: post('Transfer-Encoding: chunked\r\n'),
        rest: `${(512 * 1024).toString(16)}\r\n${body.slice(0, 512 * 1024)}\r\n`.repeat(3) + '0\r\n\r\n',
      },
      { name: 'body never sent', head: post(`Content-Length: ${body.length}\r\n`), rest: '' },
    ]
    for (const { name, head, rest } of cases) {
      const connection = new Connection(server.port)
      try {
        connection.send(head + rest)
        const refused = await connection.answer()
        expect(refused.status, name).toBe(413)
        expect(refused.body, name).toEqual({ message: 'The request body is larger than 1 MB', code: 'PAYLOAD_TOO_LARGE' })
        const closed = await closesWithin(connection, 2000)
        if (closed) expect(refused.headers.connection, `${name}: closed after an answer saying`).toBe('close')
        expect(closed, `${name}: an answer saying close is followed by the close`).toBe(refused.headers.connection === 'close')
      } finally {
        connection.destroy()
      }
    }
  })

  it('a request that is not HTTP: 400 JSON envelope saying Connection: close', async () => {
    const connection = new Connection(server.port)
    try {
      connection.send('HELLO THERE\r\n\r\n')
      const refused = await connection.answer()
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ message: 'The request is not valid HTTP', code: 'BAD_REQUEST' })
      expect(refused.headers.connection).toBe('close')
      expect(await closesWithin(connection, 2000)).toBe(true)
    } finally {
      connection.destroy()
    }
  })

  it('a request target the adapter refuses (a backslash in the path): 400 JSON envelope, the connection kept', async () => {
    const connection = new Connection(server.port)
    try {
      connection.send(get('/api\\user/me'))
      const refused = await connection.answer()
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ message: 'The request target or Host header is not valid', code: 'BAD_REQUEST' })
      expect(refused.headers.connection).toBe('keep-alive')
      connection.send(get('/api/no-such-thing'))
      expect((await connection.answer()).status).toBe(404)
    } finally {
      connection.destroy()
    }
  })
})
