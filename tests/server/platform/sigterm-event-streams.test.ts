import { request } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { type MainProcess, type Place, preparePlace, startMain, stopAll } from './main-process'

/*
 * Issue 22 with issue 21's restarts: an open GET /api/events never ends by itself, so a SIGTERM must end it, or the
 * process would wait for it until SHUTDOWN_TIMEOUT_MS and exit 1. The client sees its stream end (and reconnects
 * elsewhere), the process exits 0.
 */

let place: Place
const children: MainProcess[] = []
beforeAll(async () => {
  place = await preparePlace('sse_sigterm')
})
afterAll(async () => {
  await stopAll(children)
  await place?.cleanup()
})

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/vendor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** Opens the stream; resolves once its first bytes arrived, with a promise of its end. */
function openStream(url: string, token: string): Promise<{ status: number; headers: Record<string, unknown>; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const ended = new Promise<void>((done) => res.once('end', done).once('close', done))
      res.once('data', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, ended }))
      res.resume()
    })
    req.once('error', reject)
    req.end()
  })
}

describe(`SIGTERM with open event streams (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('ends every open stream and exits 0', async () => {
    const server = await startMain({ ...place.env, SHUTDOWN_TIMEOUT_MS: '60000' })
    children.push(server)
    const token = await signIn(server.url)
    const streams = await Promise.all([openStream(server.url, token), openStream(server.url, token)])
    for (const stream of streams) {
      expect(stream.status).toBe(200)
      expect(stream.headers.connection).toBe('close')
    }
    server.process.kill('SIGTERM')
    await Promise.all(streams.map((stream) => stream.ended))
    expect(await server.exited).toBe(0)
  })
})
