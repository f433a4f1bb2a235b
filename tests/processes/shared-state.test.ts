import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { RECOVER_AFTER_MS } from '#server/money/transfers'
import { LIMITS } from '#server/rate-limit'

import { type Cluster, JOB_INTERVAL_MS, startCluster } from './cluster'
import {
  AMOUNT,
  credit,
  DEBIT,
  enquiries,
  ledgerOf,
  openShared,
  PIN,
  resolveAccount,
  send,
  type Shared,
  vendorWithPeople,
} from './fixtures'
import { type Answer, callProcess, clientIp, RoundRobin } from './round-robin'

/*
 * Issue 21: what one process knows, the others know. Each check spreads its clients over the three processes
 * round-robin and holds what a client sees: the money, the login lockout and an uploaded image are one, whichever
 * process answers; and the background job that settles pending transfers runs in one process at a time.
 */

const PENDING = 6

let cluster: Cluster
let shared: Shared

beforeAll(async () => {
  cluster = await startCluster()
  shared = await openShared(cluster)
})

afterAll(async () => {
  await shared?.close()
  await cluster?.stop()
})

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index]!, index)
      }
    }),
  )
  return results
}

describe('money across processes', () => {
  it('200 concurrent sends by 7 people against a balance for 10: exactly 10 succeed', async () => {
    const rr = new RoundRobin(cluster)
    const vendor = await vendorWithPeople(rr, shared, 7)
    await credit(rr, vendor, 10 * DEBIT)
    // Each send spends a name enquiry made through the API, most of them by another process than the send's.
    const planned = await inBatches(
      Array.from({ length: 200 }, (_, i) => vendor.people[i % vendor.people.length]!),
      20,
      async (person) => ({ person, requestId: await resolveAccount(rr, person, '123456789') }),
    )

    const answers = await Promise.all(planned.map(({ person, requestId }) => send(rr, person, requestId)))

    const sent = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status === 422 && answer.body.code === 'INSUFFICIENT_FUNDS')
    expect(Math.min(...RoundRobin.spread(answers, cluster.size)), 'sends the least busy process answered').toBe(66)
    expect(sent.map((answer) => answer.body.data.status)).toEqual(Array(10).fill('success'))
    expect(refused).toHaveLength(190)
    // Every process sees the wallet emptied and the same ten transfers.
    for (let index = 0; index < cluster.size; index++) {
      const owner = vendor.people[0]!
      const balance = await callProcess(cluster, index, 'GET', '/api/vendor/wallet/balance', { token: owner.token, ip: owner.ip })
      expect(balance.body.data.balance, `balance on process ${index}`).toBe(0)
      const list = await callProcess(cluster, index, 'GET', '/api/transaction?type=debit&size=50', { token: owner.token, ip: owner.ip })
      expect(list.body.data.items.map((item: { id: string }) => item.id).sort()).toEqual(sent.map((answer) => answer.body.data.id).sort())
    }
    expect(await ledgerOf(shared, vendor.id)).toHaveLength(10)
  })
})

describe('the PIN lock across processes', () => {
  it('20 concurrent wrong PINs over the three: five counted, then locked on every process, the right PIN included', async () => {
    const rr = new RoundRobin(cluster)
    const vendor = await vendorWithPeople(rr, shared, 1)
    await credit(rr, vendor, DEBIT)
    const person = vendor.people[0]!
    const requestIds = await enquiries(shared, vendor, 20)
    const answers = await Promise.all(
      requestIds.map((requestId, i) =>
        rr.call('POST', '/api/transfer/send', {
          token: person.token,
          ip: person.ip,
          headers: { 'idempotency-key': randomUUID() },
          json: { amount: AMOUNT, requestId, pin: String(5000 + i) },
        }),
      ),
    )

    // Each try takes effect through one conditional update of the user's row (decision 105): four answered with
    // the tries left, each count once, and the fifth and every later one locked, whichever process took them.
    expect(Math.min(...RoundRobin.spread(answers, cluster.size)), 'tries the least busy process answered').toBe(6)
    const counted = answers.filter((answer) => answer.status === 422 && answer.body.code === 'INVALID_PIN')
    expect(counted.map((answer) => answer.body.message).sort()).toEqual([
      'Incorrect PIN. 1 attempt remaining.',
      'Incorrect PIN. 2 attempts remaining.',
      'Incorrect PIN. 3 attempts remaining.',
      'Incorrect PIN. 4 attempts remaining.',
    ])
    expect(answers.filter((answer) => answer.status === 403 && answer.body.code === 'PIN_LOCKED')).toHaveLength(16)
    const { rows } = await shared.pool.query('select pin_attempts from users where id = $1', [person.id])
    expect(rows[0].pin_attempts, 'wrong tries counted').toBe(5)
    for (let index = 0; index < cluster.size; index++) {
      const right = await callProcess(cluster, index, 'POST', '/api/transfer/send', {
        token: person.token,
        ip: person.ip,
        headers: { 'idempotency-key': randomUUID() },
        json: { amount: AMOUNT, requestId: requestIds[0], pin: PIN },
      })
      expect(right.body.code, `right PIN on process ${index}`).toBe('PIN_LOCKED')
    }
    expect(await ledgerOf(shared, vendor.id)).toHaveLength(0)
  })
})

describe('the login lockout across processes', () => {
  it('50 concurrent wrong passwords for one account: at most 5 are evaluated, the rest refused', async () => {
    const rr = new RoundRobin(cluster)
    // A fresh account: its lockout counter starts at zero whatever earlier runs left in Redis.
    const vendor = await vendorWithPeople(rr, shared, 1)
    const { email } = vendor.people[0]!
    // Fifty strangers, each from an address of its own, so only the account's counter can stop them.
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 50 }, () =>
        rr.call('POST', '/api/auth/vendor/login', { ip: clientIp(), json: { email, password: 'not-the-password' } }),
      ),
    )

    const evaluated = answers.filter((answer) => answer.status === 401 && answer.body.code === 'INVALID_CREDENTIALS')
    const limited = answers.filter((answer) => answer.status === 429)
    const limit = LIMITS.loginFailuresPerAccount.limit
    expect(Math.min(...RoundRobin.spread(answers, cluster.size)), 'guesses the least busy process answered').toBe(16)
    expect(evaluated.length, `answered "wrong password" (limit ${limit} for all processes together)`).toBeLessThanOrEqual(limit)
    expect(evaluated.length, 'at least one guess was evaluated').toBeGreaterThan(0)
    expect(limited).toHaveLength(50 - evaluated.length)
    // The account is locked for strangers on every process, the right password included (decision 084).
    for (let index = 0; index < cluster.size; index++) {
      const right = await callProcess(cluster, index, 'POST', '/api/auth/vendor/login', {
        ip: clientIp(),
        json: { email, password: 'procs-pass-2026' },
      })
      expect(right.status, `right password on process ${index}`).toBe(429)
    }
  })
})

describe('uploads across processes', () => {
  it('an image uploaded through one process is served by the others', async () => {
    const rr = new RoundRobin(cluster)
    const owner = (await vendorWithPeople(rr, shared, 1)).people[0]!
    const bytes = readFileSync(new URL('../../src/server/seed/images/zobo.webp', import.meta.url))
    const form = new FormData()
    const fields = { name: 'Zobo', isPublished: true, options: [], variants: [{ options: {}, price: 500_00, availableUnits: 5 }] }
    for (const [name, value] of Object.entries(fields)) form.append(name, JSON.stringify(value))
    form.append('images', new File([bytes], 'zobo.webp', { type: 'image/webp' }))

    const created = await callProcess(cluster, 0, 'POST', '/api/product', { token: owner.token, ip: owner.ip, form })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { pathname } = new URL(created.body.data.images[0].url, 'http://any.host')

    for (let index = 0; index < cluster.size; index++) {
      const response = await fetch(`${cluster.processes[index]!.url}${pathname}`)
      expect(response.status, `GET ${pathname} on process ${index}`).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes), `same bytes from process ${index}`).toBe(true)
    }
  })
})

interface Round {
  checked: number
  succeeded: number
  failed: number
  stillPending: number
}

/** The recovery rounds process `index` logged from line `from` on. */
function roundsOf(index: number, from: number): Round[] {
  return cluster
    .messages(index)
    .slice(from)
    .flatMap((message) => {
      const match = /\[jobs\] pending transfers:?\s*(\{.*\})/.exec(message)
      return match ? [JSON.parse(match[1]!) as Round] : []
    })
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${cluster.tail()}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

describe('pending transfers with three processes', () => {
  it('are recovered once: each checked by one process, one time', async () => {
    const rr = new RoundRobin(cluster)
    const vendor = await vendorWithPeople(rr, shared, 1)
    const owner = vendor.people[0]!
    await credit(rr, vendor, PENDING * DEBIT)
    // The sandbox bank answers "pending" for this account and "success" when asked again: each send stays pending.
    const sends = []
    for (let i = 0; i < PENDING; i++) sends.push(await send(rr, owner, await resolveAccount(rr, owner, SANDBOX_SERIALS.pendingThenSuccess)))
    expect(sends.map((answer) => [answer.status, answer.body.data?.status])).toEqual(Array(PENDING).fill([201, 'pending']))
    expect(new Set(sends.map((answer) => answer.via)).size, 'sends made by every process').toBe(cluster.size)
    const { rows: others } = await shared.pool.query(`select id from transactions where status = 'pending' and vendor_id <> $1`, [
      vendor.id,
    ])
    expect(others, 'no other pending transfer in the database').toEqual([])

    // Recovery leaves a transfer to its own process for RECOVER_AFTER_MS; making them older hands them to the job.
    const from = cluster.processes.map((server) => server.lines.length)
    const aged = await shared.pool.query(
      `update transactions set created_at = created_at - make_interval(secs => $2::int)
         where vendor_id = $1 and status = 'pending'`,
      [vendor.id, (RECOVER_AFTER_MS + 10 * 60_000) / 1000],
    )
    expect(aged.rowCount).toBe(PENDING)

    const ids = sends.map((answer) => answer.body.data.id as string)
    const statuses = async () =>
      Promise.all(
        ids.map(
          async (id) => (await rr.call('GET', `/api/transaction/single?id=${id}`, { token: owner.token, ip: owner.ip })).body.data.status,
        ),
      )
    await until('every pending transfer settled', async () => (await statuses()).every((status) => status === 'success'), 45_000)
    // A few more rounds on every process: a second recovery of the same transfers would show up now.
    await new Promise((done) => setTimeout(done, 4 * JOB_INTERVAL_MS))

    const rounds = cluster.processes.flatMap((server) => roundsOf(server.index, from[server.index]!))
    const total = (field: keyof Round) => rounds.reduce((sum, round) => sum + round[field], 0)
    expect(
      { checked: total('checked'), succeeded: total('succeeded'), rounds },
      `recovery rounds logged by the processes:\n${cluster.tail()}`,
    ).toMatchObject({ checked: PENDING, succeeded: PENDING })
    expect(await statuses()).toEqual(Array(PENDING).fill('success'))
    for (let index = 0; index < cluster.size; index++) {
      const balance = await callProcess(cluster, index, 'GET', '/api/vendor/wallet/balance', { token: owner.token, ip: owner.ip })
      expect(balance.body.data.balance, `balance on process ${index}`).toBe(0)
    }
    const debits = await ledgerOf(shared, vendor.id)
    expect(debits.map((debit) => [debit.status, debit.debit])).toEqual(Array(PENDING).fill(['success', DEBIT]))
  })
})
