import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { users } from '#server/db/schema'
import { MemoryEventBus, PostgresEventBus } from '#server/events/bus'
import { LiveEvents } from '#server/events/live-events'

import { call, callRaw, captureLogger, type TestApp } from '../harness'
import { tokenFor } from '../money/helpers'
import { order, payer, transferIn } from '../orders/helpers'
import { makeOutlet, outletsApp, owner, staff } from '../outlets/helpers'
import { type OpenStream, openStream, refusal } from './sse'

/* GET /api/events (issue 22, decision 107): live credits to whoever may see the wallet, and nobody else. */

let t: TestApp
beforeAll(async () => {
  // A short heartbeat, so a revoked session's stream ends within the test.
  t = await outletsApp({ events: new LiveEvents({ bus: new MemoryEventBus(), heartbeatMs: 50 }) })
})

async function credit(accountNumber: string, amount: number, name = 'Chioma Okeke') {
  const res = await transferIn(t, accountNumber, amount, 'Counter payment', payer({ name }))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.transactionId as string
}

describe('GET /api/events', () => {
  it('refuses without a session, and a member who may see no wallet', async () => {
    expect(await refusal(t.app)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } })
    const o = await owner(t)
    const member = await staff(t, o, ['VENDOR_ORDERS'])
    expect(await refusal(t.app, member.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
  })

  it("streams a credit to the main wallet with who sent it, uncached, and not another vendor's", async () => {
    const o = await owner(t)
    const other = await owner(t)
    const stream = await openStream(t.app, o.token)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(stream.headers.get('cache-control')).toBe('no-store')
    await credit(other.wallets.main.accountNumber!, 1_000_00, 'Someone Else')
    const id = await credit(o.wallets.main.accountNumber!, 5_000_00)
    const event = await stream.next()
    expect(event).toMatchObject({
      event: 'payment',
      data: {
        outletId: null,
        transaction: { id, type: 'credit', amount: 5_000_00, originatorAccountName: 'Chioma Okeke', originatorBankName: 'Access Bank' },
      },
    })
    expect(event!.id).toMatch(/^\d+$/)
    await stream.close()
  })

  it("sends an outlet's credits to those who may see that outlet, and main-wallet credits only to those who may see it", async () => {
    const o = await owner(t)
    const lekki = await makeOutlet(t, o.token)
    const ikeja = await makeOutlet(t, o.token)
    const cashier = await staff(t, o, ['VENDOR_OUTLETS'], [lekki.id])
    const ownerStream = await openStream(t.app, o.token)
    const cashierStream = await openStream(t.app, cashier.token)
    await credit(o.wallets.main.accountNumber!, 2_000_00)
    await credit(ikeja.accountNumber, 3_000_00)
    const lekkiCredit = await credit(lekki.accountNumber, 4_000_00)
    // The cashier's first event is Lekki's: neither the main wallet's nor Ikeja's reached them.
    expect((await cashierStream.next())?.data).toMatchObject({ outletId: lekki.id, transaction: { id: lekkiCredit, amount: 4_000_00 } })
    const ownerHeard = [await ownerStream.next(), await ownerStream.next(), await ownerStream.next()]
    expect(ownerHeard.map((event) => event?.data.transaction.amount)).toEqual([2_000_00, 3_000_00, 4_000_00])
    await Promise.all([ownerStream.close(), cashierStream.close()])
  })

  it('names the order a credit paid and its status, live and replayed (issue 35)', async () => {
    const o = await owner(t)
    const tray = { items: [{ name: 'Tray', amount: 3_000_00, quantity: 1 }] }
    const full = await order(t, o.token, tray)
    const part = await order(t, o.token, tray)
    const stream = await openStream(t.app, o.token)
    await credit(o.wallets.main.accountNumber!, 1_000_00, 'Someone Else')
    expect((await stream.next())?.data.order).toBeNull()
    const res = await transferIn(t, o.wallets.main.accountNumber!, 3_000_00, `Payment for ${full.reference}`, payer())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const paid = await stream.next()
    expect(paid?.data).toMatchObject({
      transaction: { id: res.body.data.transactionId, orderReference: full.reference },
      order: { reference: full.reference, status: 'paid' },
    })
    await stream.close()
    await transferIn(t, o.wallets.main.accountNumber!, 1_000_00, `Payment for ${part.reference}`, payer())
    const again = await openStream(t.app, o.token, paid!.id)
    expect((await again.next())?.data.order).toEqual({ reference: part.reference, status: 'partially-paid' })
    await again.close()
  })

  it('sends a reconnecting client the credits after its Last-Event-ID', async () => {
    const o = await owner(t)
    const first = await openStream(t.app, o.token)
    await credit(o.wallets.main.accountNumber!, 1_500_00)
    const seen = await first.next()
    await first.close()
    const missed = await credit(o.wallets.main.accountNumber!, 2_500_00, 'Tunde Bakare')
    const again = await openStream(t.app, o.token, seen!.id)
    expect((await again.next())?.data.transaction).toMatchObject({ id: missed, amount: 2_500_00, originatorAccountName: 'Tunde Bakare' })
    await again.close()
  })

  it('sends a client that connects a moment after opening the app the credits of that moment (?replay=ms)', async () => {
    const o = await owner(t)
    const before = await credit(o.wallets.main.accountNumber!, 1_200_00)
    const late = await openStream(t.app, o.token, undefined, 60_000)
    expect((await late.next())?.data.transaction).toMatchObject({ id: before, amount: 1_200_00 })
    await late.close()
    // Without it, only what comes next.
    const plain = await openStream(t.app, o.token)
    const after = await credit(o.wallets.main.accountNumber!, 1_300_00)
    expect((await plain.next())?.data.transaction).toMatchObject({ id: after, amount: 1_300_00 })
    await plain.close()
  })

  it('ends the stream of a session that signed out', async () => {
    const o = await owner(t)
    const stream = await openStream(t.app, o.token)
    expect(stream.status).toBe(200)
    expect((await call(t.app, endpoints.logout, { token: o.token })).status).toBe(200)
    expect(await stream.next()).toBeNull()
  })

  it('ends the stream of a member who is deactivated', async () => {
    const o = await owner(t)
    const member = await staff(t, o, ['VENDOR_TRANSACTIONS'])
    const stream = await openStream(t.app, member.token)
    const res = await call(t.app, endpoints.setMemberStatus, { token: o.token, body: { memberId: member.id, status: 'inactive' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await stream.next()).toBeNull()
  })

  it('stops main-wallet credits to a member whose permission is taken away, at the next heartbeat', async () => {
    const o = await owner(t)
    const lekki = await makeOutlet(t, o.token)
    const member = await staff(t, o, ['VENDOR_TRANSACTIONS', 'VENDOR_OUTLETS'], [lekki.id])
    const stream = await openStream(t.app, member.token)
    await t.db
      .update(users)
      .set({ permissions: ['VENDOR_OUTLETS'] })
      .where(eq(users.id, member.id))
    // The second ping comes from a heartbeat that began after the change, so it read the permissions anew.
    await stream.untilPing()
    await stream.untilPing()
    await credit(o.wallets.main.accountNumber!, 6_000_00)
    const outletCredit = await credit(lekki.accountNumber, 6_100_00)
    expect((await stream.next())?.data.transaction).toMatchObject({ id: outletCredit })
    await stream.close()
  })

  it('is described in the OpenAPI document', async () => {
    const spec = await callRaw(t.app, 'GET', '/openapi.json')
    expect(spec.body.paths['/events'].get).toMatchObject({ operationId: 'events', security: [{ bearerAuth: [] }] })
  })

  it('ends every open stream when the process closes them, and opens no new one', async () => {
    const events = new LiveEvents({ bus: new MemoryEventBus() })
    const closing = await outletsApp({ events })
    const o = await owner(closing)
    const stream = await openStream(closing.app, o.token)
    expect(events.size).toBe(1)
    await events.close()
    expect(await stream.next()).toBeNull()
    expect(events.size).toBe(0)
    expect(await refusal(closing.app, o.token)).toMatchObject({ status: 503, body: { code: 'SHUTTING_DOWN' } })
  })
})

/** The stream's end, or a failure if it is still open after `ms`: a session's end must not wait for a heartbeat. */
async function endsWithin(stream: OpenStream, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms)),
  )
  expect(await Promise.race([stream.next(), late]).finally(() => clearTimeout(timer))).toBeNull()
}

describe('GET /api/events when the session ends (issue 35)', () => {
  // The real 20 s heartbeat: what ends these streams is the announcement on the bus, not a heartbeat's check.
  let quiet: TestApp
  beforeAll(async () => {
    quiet = await outletsApp({ events: new LiveEvents({ bus: new MemoryEventBus() }) })
  })
  const creditTo = async (app: TestApp, accountNumber: string, amount: number) => {
    const res = await transferIn(app, accountNumber, amount, 'Counter payment', payer())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data.transactionId as string
  }

  it("ends a signed-out session's stream within a second, and only that session's", async () => {
    const o = await owner(quiet)
    const otherDevice = await tokenFor(quiet, o.owner.row)
    const signedOut = await openStream(quiet.app, o.token)
    const stays = await openStream(quiet.app, otherDevice)
    expect((await call(quiet.app, endpoints.logout, { token: o.token })).status).toBe(200)
    await endsWithin(signedOut, 1_000)
    const after = await creditTo(quiet, o.wallets.main.accountNumber!, 7_000_00)
    expect((await stays.next())?.data.transaction).toMatchObject({ id: after })
    await stays.close()
  })

  it("ends a deactivated member's streams within a second", async () => {
    const o = await owner(quiet)
    const member = await staff(quiet, o, ['VENDOR_TRANSACTIONS'])
    const stream = await openStream(quiet.app, member.token)
    const res = await call(quiet.app, endpoints.setMemberStatus, { token: o.token, body: { memberId: member.id, status: 'inactive' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await endsWithin(stream, 1_000)
  })

  it("ends the user's other sessions' streams on a password change, and keeps the caller's", async () => {
    const o = await owner(quiet)
    const tablet = await openStream(quiet.app, await tokenFor(quiet, o.owner.row))
    const mine = await openStream(quiet.app, o.token)
    const res = await call(quiet.app, endpoints.changePassword, {
      token: o.token,
      body: { currentPassword: o.owner.password, newPassword: 'a-brand-new-password' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await endsWithin(tablet, 1_000)
    const after = await creditTo(quiet, o.wallets.main.accountNumber!, 7_100_00)
    expect((await mine.next())?.data.transaction).toMatchObject({ id: after })
    await mine.close()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('GET /api/events over PostgreSQL, two processes', () => {
  const channel = `test_credits_${randomUUID().slice(0, 8)}`
  const buses: PostgresEventBus[] = []
  afterAll(async () => {
    for (const bus of buses) await bus.close()
  })

  /** An app with a bus of its own: a LISTEN connection of its own, as each API process has. */
  async function apiProcess(): Promise<TestApp> {
    const base = await outletsApp()
    const bus = new PostgresEventBus({ connectionString: process.env.TEST_DATABASE_URL!, db: base.db, logger: captureLogger(), channel })
    buses.push(bus)
    await bus.ready
    return outletsApp({ events: new LiveEvents({ bus }) })
  }

  it('a credit recorded by one process reaches a stream connected to the other', async () => {
    const [one, two] = [await apiProcess(), await apiProcess()]
    const o = await owner(one)
    const stream = await openStream(two.app, o.token)
    const res = await transferIn(one, o.wallets.main.accountNumber!, 5_000_00, 'Counter payment', payer())
    expect(res.status).toBe(200)
    expect((await stream.next())?.data.transaction).toMatchObject({ id: res.body.data.transactionId, amount: 5_000_00 })
    await stream.close()
  })

  it('a sign-out on one process ends the stream open on the other within a second, and it hears no later credit', async () => {
    const [one, two] = [await apiProcess(), await apiProcess()]
    const o = await owner(one)
    const stream = await openStream(two.app, o.token)
    expect((await call(one.app, endpoints.logout, { token: o.token })).status).toBe(200)
    await endsWithin(stream, 1_000)
    const res = await transferIn(one, o.wallets.main.accountNumber!, 5_100_00, 'Counter payment', payer())
    expect(res.status).toBe(200)
    expect(await stream.next()).toBeNull()
  })
})
