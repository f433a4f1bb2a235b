import { randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEMO } from '#server/seed/demo'
import { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS } from '#server/seed/outlets'
import { startServer } from '#server/start-server'

import { type MainProcess, type Place, preparePlace, startMain, stopAll } from './main-process'

/*
 * Issue 21: `npm start` behind a load balancer is restarted with SIGTERM, one process at a time. What its clients
 * see: every request it had already received is answered (not cut off), keep-alive connections are told to close,
 * new connections are refused, and the process exits 0. Its log, under LOG_FORMAT=json, is one JSON object per
 * line, a line per request with its X-Request-Id.
 */

let place: Place
const children: MainProcess[] = []
beforeAll(async () => {
  place = await preparePlace('sigterm')
})
afterAll(async () => {
  await stopAll(children)
  await place?.cleanup()
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  at: number
}

/** One request on `agent`; `socket` hands over the connection it went out on. */
function send(
  url: string,
  options: { method?: string; path: string; body?: unknown; agent?: Agent; headers?: Record<string, string> },
  socket?: (socket: Socket) => void,
): { written: Promise<void>; answer: Promise<Answer> } {
  let written!: () => void
  const writtenPromise = new Promise<void>((resolve) => (written = resolve))
  const answer = new Promise<Answer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const req = request(
      `${url}/api${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, at: Date.now() }))
      },
    )
    req.on('socket', (s) => socket?.(s))
    req.on('finish', () => written())
    req.on('error', reject)
    req.end(body)
  })
  return { written: writtenPromise, answer }
}

describe(`SIGTERM under load (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers every request in flight and on idle keep-alive connections, refuses new ones after the delay and exits 0', async () => {
    const server = await startMain({ ...place.env, LOG_FORMAT: 'json', JOB_INTERVAL_MS: '200', SHUTDOWN_DELAY_MS: '1000' })
    children.push(server)
    // Three accounts: each allows 5 sign-ins from an unknown device per 15 minutes (decision 084).
    const accounts = [
      { email: DEMO.email, password: DEMO.password },
      ...DEMO_MEMBERS.map(({ email }) => ({ email, password: DEMO_MEMBER_PASSWORD })),
    ]
    const login = (i: number) => ({ method: 'POST', path: '/auth/vendor/login', body: accounts[i % accounts.length] })

    // Logins hash the password at full cost (~0.1-0.3 s each, four at a time on libuv's threads): several are still
    // running when the signal arrives. Each on a keep-alive connection of its own.
    const busyAgent = new Agent({ keepAlive: true, maxSockets: 10 })
    const logins = Array.from({ length: 10 }, (_, i) =>
      send(server.url, { ...login(i), agent: busyAgent, headers: { 'x-request-id': `sigterm-login-${i}` } }),
    )
    await Promise.all(logins.map((l) => l.written))
    // The first answer says the server is well into the logins; the others are still hashing.
    await Promise.race(logins.map((l) => l.answer))
    // A keep-alive connection left idle just before the signal: its client may send on it until the keep-alive
    // timeout the server announced (5 s), so the drain must not cut it under a request. Made last, so that timeout
    // outlasts SHUTDOWN_DELAY_MS on a loaded machine.
    const idleAgent = new Agent({ keepAlive: true })
    let idleSocket!: Socket
    const warm = await send(server.url, { path: '/health', agent: idleAgent }, (s) => (idleSocket = s)).answer
    expect(warm.status).toBe(200)
    const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()))
    server.process.kill('SIGTERM')
    await server.waitFor(/SIGTERM: shutting down/)
    // For SHUTDOWN_DELAY_MS a new connection is still answered: the proxy's readiness check learns to send no more,
    // and a request it sent before it knew is served, not reset.
    const probe = await fetch(`${server.url}/api/ready`)
    expect(probe.status).toBe(503)
    expect(await probe.json()).toEqual({ status: 'shutting_down' })
    expect(probe.headers.get('connection')).toBe('close')
    // Once the listener is closed (a new connection is refused), a request sent on the idle connection is still
    // answered, and told that the connection ends.
    await vi.waitUntil(
      () =>
        fetch(`${server.url}/api/health`).then(
          () => false,
          () => true,
        ),
      { timeout: 5_000, interval: 20 },
    )
    let reused: Socket | undefined
    const onIdle = await send(server.url, { path: '/health', agent: idleAgent }, (s) => (reused = s)).answer
    expect(reused).toBe(idleSocket)
    expect(onIdle.status).toBe(200)
    expect(onIdle.headers.connection).toBe('close')
    await idleClosed

    const answers = await Promise.all(logins.map((l) => l.answer))
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200)
      expect(JSON.parse(answer.body).data.token).toBeTruthy()
    }
    expect(await server.exited).toBe(0)
    idleAgent.destroy()
    busyAgent.destroy()

    // Every line on stdout and stderr is one JSON object with time, level, msg and pid.
    const lines = `${server.stdout()}${server.stderr()}`.split('\n').filter(Boolean)
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)

    // The test means something only if logins were answered after the server took the signal (by its own clock: the
    // signal reaches it a moment after kill()); each of those answers says the connection ends.
    const shutdownAt = Date.parse(String(records.find((record) => record.msg === '[server] SIGTERM: shutting down')?.time))
    const lateIds = records
      .filter((record) => record.msg === 'request' && Date.parse(String(record.time)) > shutdownAt)
      .map((record) => String(record.requestId))
    expect(lateIds.length).toBeGreaterThan(0)
    const late = answers.filter((_, i) => lateIds.includes(`sigterm-login-${i}`))
    for (const answer of late) expect(answer.headers.connection).toBe('close')
    for (const record of records) {
      expect(record).toMatchObject({ level: expect.stringMatching(/^(info|warn|error)$/), msg: expect.any(String) })
      expect(record.pid).toBe(server.process.pid)
      expect(Number.isNaN(Date.parse(String(record.time)))).toBe(false)
    }
    // One line per login, under the id its client gave, without the body (the password) or headers.
    for (let i = 0; i < 10; i++) {
      // The sign-in's new-device notices are logged under its id too (the console notifier): the request line is one.
      const line = records.filter((record) => record.requestId === `sigterm-login-${i}` && record.msg === 'request')
      expect(line).toEqual([
        expect.objectContaining({ msg: 'request', method: 'POST', path: '/api/auth/vendor/login', status: 200, ms: expect.any(Number) }),
      ])
    }
    // (The start-up banner prints the demo's password on purpose; the request lines never hold what was sent.)
    const requestLines = JSON.stringify(records.filter((record) => record.msg === 'request'))
    for (const account of accounts) expect(requestLines).not.toContain(account.password)
  }, 120_000)
})

/** A raw HTTP/1.1 request: resolves `sent` once its bytes are with the kernel, `reply` with all the server wrote. */
function rawRequest(port: number, path: string): { sent: Promise<void>; reply: Promise<string> } {
  let sent!: () => void
  const sentPromise = new Promise<void>((resolve) => (sent = resolve))
  const reply = new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, () => sent()))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (text += chunk))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
  return { sent: sentPromise, reply }
}

describe('connections the kernel already holds when a shutdown begins', () => {
  it('are accepted and answered with Connection: close, not reset', async () => {
    const quiet = { info: () => {}, warn: () => {}, error: console.error }
    const running = await startServer({
      port: 0,
      hostname: '127.0.0.1',
      dataDir: 'memory',
      distDir: null,
      seed: false,
      pinPepper: randomBytes(32),
      logger: quiet,
    })
    // Sent together: Node accepts one connection per turn of its event loop, so most still wait in the kernel's
    // queue when close() is called, in the same turn as the last write's callback.
    const requests = Array.from({ length: 20 }, () => rawRequest(running.port, '/api/health'))
    await Promise.all(requests.map((r) => r.sent))
    const closing = running.close()
    const replies = await Promise.all(requests.map((r) => r.reply))
    for (const reply of replies) {
      expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(reply).toMatch(/\r\nConnection: close\r\n/i)
      expect(reply).toMatch(/\r\n\r\n\{"status":"ok"\}$/)
    }
    await closing
  })
})
