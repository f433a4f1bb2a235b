import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { Db } from '#server/db/client'
import type { Logger } from '#server/deps'
import { jsonLogger } from '#server/logging'

import { call, callRaw, makeApp, unchecked } from '../harness'

/*
 * Issue 21: every answer carries X-Request-Id (the caller's when sane, else a new one), and under LOG_FORMAT=json
 * each request leaves one JSON line (time, level, msg, pid, requestId, method, path, status, ms), as does whatever
 * is logged while it runs, under the same id. Without it nothing is logged per request, as before (decision 104).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function jsonCapture() {
  const lines: { line: string; level: string }[] = []
  const logger = jsonLogger({ write: (line, level) => void lines.push({ line, level }) })
  const records = () => lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>)
  return { logger, lines, records }
}

describe('X-Request-Id', () => {
  it('is made for a request without one and kept when the caller sent a sane one', async () => {
    const t = await makeApp()
    for (const path of ['/health', '/no-such-thing', '/bank']) {
      const res = await callRaw(t.app, 'GET', path)
      expect(res.headers.get('x-request-id'), path).toMatch(UUID)
    }
    for (const given of [
      '3f9c2a1e-77aa-4c1b-9d1e-0c8f2b1a6e55',
      'lb-0a1b2c3d',
      'Root=1-67891233-abcdef012345678912345678',
      'a'.repeat(128),
    ]) {
      const res = await callRaw(t.app, 'GET', '/health', { headers: { 'x-request-id': given } })
      expect(res.headers.get('x-request-id')).toBe(given)
    }
  })

  it('replaces one that is too long or holds characters a log line should not', async () => {
    const t = await makeApp()
    for (const given of ['a'.repeat(129), 'two words', '<script>', 'id"quote', 'tab\there', '']) {
      const res = await callRaw(t.app, 'GET', '/health', { headers: { 'x-request-id': given } })
      expect(res.headers.get('x-request-id'), JSON.stringify(given)).toMatch(UUID)
    }
  })

  it('writes no line per request with the default logger', async () => {
    const lines: unknown[][] = []
    const logger: Logger = { info: (...a) => lines.push(a), warn: (...a) => lines.push(a), error: (...a) => lines.push(a) }
    const t = await makeApp({ logger })
    await callRaw(t.app, 'GET', '/health')
    await call(t.app, endpoints.listBanks)
    await call(t.app, endpoints.login, { body: { email: 'nobody@test.ng', password: 'wrong-password' } })
    expect(lines).toEqual([])
  })
})

describe('LOG_FORMAT=json', () => {
  it('one line per request: its id, method, path without the query, status and time taken', async () => {
    const { logger, lines, records } = jsonCapture()
    const t = await makeApp({ logger })
    const token = `invite-${randomUUID()}`
    await call(t.app, endpoints.inviteDetails, { headers: { 'x-request-id': 'req-1' }, query: unchecked({ token }) })
    await call(t.app, endpoints.login, {
      body: { email: 'nobody@test.ng', password: 'wrong-password' },
      headers: { 'x-request-id': 'req-2' },
    })
    expect(lines.every(({ line }) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true)
    const [first, second] = records()
    expect(Object.keys(first!)).toEqual(['time', 'level', 'msg', 'pid', 'requestId', 'method', 'path', 'status', 'ms'])
    expect(first).toMatchObject({
      level: 'info',
      msg: 'request',
      pid: process.pid,
      requestId: 'req-1',
      method: 'GET',
      path: '/api/invite/details',
    })
    expect(second).toMatchObject({ requestId: 'req-2', method: 'POST', path: '/api/auth/vendor/login', status: 401 })
    expect(typeof first!.ms).toBe('number')
    expect(Date.parse(String(first!.time))).toBeGreaterThan(Date.now() - 60_000)
    const text = lines.map(({ line }) => line).join('')
    expect(text).not.toContain(token)
    expect(text).not.toContain('wrong-password')
  })

  it("a 500's error line carries the request's id, and both go to stderr", async () => {
    const { logger, lines, records } = jsonCapture()
    const gone = new Proxy({} as Db, {
      get() {
        throw new Error('the database is gone')
      },
    })
    const t = await makeApp({ logger, db: gone })
    const res = await call(t.app, endpoints.listBanks, { token: 'a'.repeat(43), headers: { 'x-request-id': 'req-500' } })
    expect(res.status).toBe(500)
    const mine = records().filter((record) => record.requestId === 'req-500')
    expect(mine).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: expect.stringMatching(/^\[api\] listBanks failed: Error: the database is gone\n {4}at /),
      }),
      expect.objectContaining({ level: 'error', msg: 'request', status: 500 }),
    ])
    expect(lines.map(({ level }) => level)).toEqual(['error', 'error'])
  })

  it('writes no line for a probe that answers 200, and one for a probe that fails', async () => {
    const { logger, records } = jsonCapture()
    const ok = await makeApp({ logger })
    await callRaw(ok.app, 'GET', '/health')
    await callRaw(ok.app, 'GET', '/ready')
    expect(records()).toEqual([])
    const stopping = await makeApp({ logger, readiness: { redisPing: null, phase: () => 'stopping' } })
    await callRaw(stopping.app, 'GET', '/ready')
    expect(records()).toEqual([expect.objectContaining({ msg: 'request', path: '/api/ready', status: 503 })])
  })
})
