import { randomInt, randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server'
import { TermiiFake } from '../support/termii-fake'
import { type Cluster, startCluster } from './cluster'

/*
 * Issue 37 (decision 150): a message whose send failed survives a restart and is sent once with two processes
 * running. Two API processes on one PostgreSQL, their e-mail through a real SMTP server and their SMS through the
 * Termii fake, both down at registration; every process is then stopped and started again, the providers come back,
 * and the code arrives exactly once by each channel, from whichever process's worker claimed it, and verifies.
 */

const API_KEY = `termii-${randomUUID()}`
const SENDER_ID = 'VendorOffc'

let smtp: TestSmtpServer
let termii: TermiiFake
let cluster: Cluster

beforeAll(async () => {
  smtp = await startSmtpServer()
  termii = await new TermiiFake({ apiKey: API_KEY, senderIds: [SENDER_ID] }).start()
  // The processes inherit the environment (cluster.ts), as an operator would set it.
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vendor Office <no-reply@vendor.test>',
    SMS_PROVIDER: 'termii',
    TERMII_API_KEY: API_KEY,
    TERMII_SENDER_ID: SENDER_ID,
    TERMII_BASE_URL: termii.baseUrl,
  })
  cluster = await startCluster(2)
}, 120_000)

afterAll(async () => {
  await cluster?.stop()
  await smtp?.stop()
  await termii?.stop()
})

async function stopProcess(index: number): Promise<void> {
  const server = cluster.processes[index]!
  server.child.kill('SIGTERM')
  await server.exited
}

describe('a code whose send failed', () => {
  it('is retried after a restart and delivered once with two processes running', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@test.ng`
    const phone = `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
    await smtp.stop()
    termii.failNext(1_000)
    const res = await fetch(`${cluster.processes[0]!.url}/api/auth/vendor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}` },
      body: JSON.stringify({ businessName: 'Mama Put', ownerName: 'Ada Obi', email, phone, password: 'correct-horse-1' }),
    })
    const body = (await res.json()) as { data: { token: string; codeSent: boolean } }
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.data.codeSent).toBe(false)

    // Every process stops: only the database remembers the message.
    await Promise.all([stopProcess(0), stopProcess(1)])
    await smtp.start()
    termii.failNext(0)
    await Promise.all([cluster.start(0), cluster.start(1)])

    const mail = await smtp.waitFor(email, 40_000)
    const international = `234${phone.slice(1)}`
    const deadline = Date.now() + 20_000
    while (!termii.lastTo(international) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100))
    // Both workers keep polling a while longer: neither sends it a second time.
    await new Promise((done) => setTimeout(done, 3_000))
    expect(smtp.allTo(email)).toHaveLength(1)
    expect(termii.received.filter((sms) => sms.to === international)).toHaveLength(1)
    expect(termii.lastTo(international)).toMatchObject({ channel: 'dnd', from: SENDER_ID })
    expect(termii.lastTo(international)!.sms).toContain(mail.code!)

    const verified = await fetch(`${cluster.processes[1]!.url}/api/auth/vendor/verify`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${body.data.token}` },
      body: JSON.stringify({ otp: mail.code }),
    })
    expect(verified.status, await verified.clone().text()).toBe(200)
  }, 120_000)
})
