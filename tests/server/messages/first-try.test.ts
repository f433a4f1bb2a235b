import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { FIRST_ATTEMPT_WAIT_MS } from '#server/messages/durable-notifier'
import { notifierFor } from '#server/messages/transports'
import { MemoryRateLimiter } from '#server/rate-limit'

import { TermiiFake } from '../../support/termii-fake'
import { call, createVendor, login, makeApp, TestClock, testDb } from '../harness'
import { nextIp, registration } from '../onboarding/helpers'
import { newPhone } from '../team/helpers'
import { takeMessageQueue } from './queue-lock'

/*
 * Decision 150: the person is told "could not send" only when the first try definitely failed. A try still running
 * when the request stops waiting is queued and will arrive, so it counts as sent; and SMTP's connection and greeting
 * timeouts end within the request's wait (decision 149), so a dead server is a definite failure, not a slow one.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const SENDER_ID = 'VendorOffc'

/** An SMTP server that accepts the connection and never greets: a hung provider. */
let silent: Server
let silentUrl: string
const sockets = new Set<Socket>()
let termii: TermiiFake

let release: () => Promise<void> = async () => {}

// Other files' turns on PostgreSQL come first (queue-lock.ts).
beforeAll(async () => {
  release = await takeMessageQueue()
  silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`
  termii = await new TermiiFake({ apiKey: 'termii-test-key', senderIds: [SENDER_ID] }).start()
}, 180_000)

afterAll(async () => {
  await release()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent?.close(resolve))
  await termii?.stop()
})

async function hungMailApp(firstAttemptWaitMs?: number) {
  const db = await testDb()
  const clock = new TestClock()
  const messages = notifierFor(
    {
      email: { kind: 'smtp', url: silentUrl, from: 'Vendor Office <no-reply@vendor.test>' },
      sms: { kind: 'termii', apiKey: 'termii-test-key', senderId: SENDER_ID, baseUrl: termii.baseUrl },
    },
    { db, clock, logger: quiet, firstAttemptWaitMs },
  )
  const t = await makeApp({ notifier: messages, clock, rateLimiter: new MemoryRateLimiter(clock), logger: quiet })
  return { ...t, messages }
}

describe('a first try still running past the wait', () => {
  it('counts as sent: forgot-password answers 200, and registration says the code was sent', async () => {
    const t = await hungMailApp(300)
    try {
      const body = registration()
      termii.failNext(1)
      const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      // The SMS failed outright, the e-mail is still being tried: it may well arrive.
      expect(res.body.data.codeSent).toBe(true)
      expect(res.body.message).toMatch(/^Your account has been created\. We have sent a 6-digit code to /)
      const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
      expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    } finally {
      termii.failNext(0)
      await t.messages.close()
    }
  }, 30_000)

  it('an invitation still being tried is not answered "please use Resend invite"', async () => {
    const t = await hungMailApp(300)
    try {
      const v = await createVendor()
      const token = await login(t.app, v.owner.email, v.owner.password)
      const res = await call(t.app, endpoints.inviteMember, {
        token,
        body: { name: 'Chidi Okafor', phone: newPhone(), email: 'chidi@invitee.test', permissions: [] },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.message).toBe('Invitation sent to Chidi Okafor')
    } finally {
      await t.messages.close()
    }
  }, 30_000)
})

describe('an SMTP server that never greets', () => {
  it('is a definite failure within the request’s wait: forgot-password answers 503', async () => {
    const t = await hungMailApp()
    try {
      const body = registration()
      expect((await call(t.app, endpoints.register, { body, ip: nextIp() })).status).toBe(201)
      const started = performance.now()
      const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
      expect(asked.status, JSON.stringify(asked.body)).toBe(503)
      expect(asked.body).toMatchObject({ code: 'CODE_NOT_SENT', message: 'We could not send the code, try again.' })
      expect(performance.now() - started).toBeLessThan(FIRST_ATTEMPT_WAIT_MS)
    } finally {
      await t.messages.close()
    }
  }, 60_000)
})

describe('registration whose code went nowhere', () => {
  it('does not claim a code was sent', async () => {
    const t = await hungMailApp()
    try {
      const body = registration()
      termii.failNext(1)
      const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.data.codeSent).toBe(false)
      expect(res.body.message).toBe('Your account has been created, but we could not send the code. Tap Resend code to try again.')
    } finally {
      termii.failNext(0)
      await t.messages.close()
    }
  }, 60_000)
})
