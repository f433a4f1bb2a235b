import { randomBytes, randomUUID } from 'node:crypto'
import { inspect } from 'node:util'

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { setPinPepper } from '#server/auth/pin-hash'
import type { Db } from '#server/db/client'
import { vendors } from '#server/db/schema'
import type { Logger } from '#server/deps'
import { describeError } from '#server/errors'
import { DevNotifier, type Notification, type Notifier } from '#server/notifier'

import { call, type CallResult, createVendor, type EndpointCallOptions, makeApp, type TestApp } from '../harness'
import { enquiry } from '../money/helpers'
import { registration } from '../onboarding/helpers'
import { newPhone } from '../team/helpers'

/*
 * Issue 8, fault and abuse suite: bearer tokens, passwords, PINs, reset codes, OTPs, PIN session keys and
 * invitation codes never reach a log line. Logins, signed-in calls, refusals, 500s and every code-carrying flow
 * run through apps whose logger (AppDeps.logger) and console are captured. The DevNotifier's lines are the SMS
 * and e-mails themselves, so codes belong there: they are captured apart, and used to prove the detector works.
 */

/** A log line as an operator would read it: util.inspect shows an error's stack, own fields and cause. */
const render = (args: unknown[]) =>
  args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 10, breakLength: Infinity }))).join(' ')

const logLines: string[] = []
const capture =
  (level: string) =>
  (...args: unknown[]) => {
    logLines.push(`${level} ${render(args)}`)
  }
const logger: Logger = { info: capture('info'), warn: capture('warn'), error: capture('error') }
const notifierLines: string[] = []

/** Every secret a test handled, with how to find it in text: short numeric ones only as a whole number. */
const secrets = new Map<string, string>()
function secret(kind: string, value: string | null | undefined): string {
  expect(value, kind).toBeTruthy()
  secrets.set(value!, kind)
  return value!
}
function findSecrets(text: string): string[] {
  const found: string[] = []
  for (const [value, kind] of secrets) {
    const hit = /^\d+$/.test(value) ? new RegExp(`(?<![\\w-])${value}(?![\\w-])`).test(text) : text.includes(value)
    if (hit) found.push(`${kind} ${value}`)
  }
  return found
}

let t: TestApp
/** Its transactions fail, as a database under a serialization failure or a lost connection would. */
let failing: TestApp
/** Its database is gone altogether. */
let down: TestApp
let ipCount = 0
const ip = () => `10.88.${(ipCount >> 8) & 255}.${ipCount++ & 255}`

beforeAll(async () => {
  // Anything that logs around AppDeps.logger straight to the console is caught too.
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation(capture(`console.${level}`))
  }
  const notifier = new DevNotifier((line) => notifierLines.push(line))
  t = await makeApp({ logger, notifier })
  t.notifier = notifier
  const real = t.db
  const noTransactions = new Proxy(real, {
    get(target, prop, receiver) {
      // A send's database work is one function call (decision 110), made through execute, not a transaction.
      if (prop === 'transaction' || prop === 'execute') {
        return () => Promise.reject(new Error('could not serialize access due to concurrent update'))
      }
      return Reflect.get(target, prop, receiver)
    },
  })
  failing = await makeApp({ logger, notifier, db: noTransactions })
  const gone = new Proxy({} as Db, {
    get() {
      throw new Error('Connection terminated unexpectedly')
    },
  })
  down = await makeApp({ logger, notifier, db: gone })
})

afterAll(() => {
  vi.restoreAllMocks()
})

/** A call whose bearer token and Idempotency-Key the detector learns, answering what the client saw. */
async function send<E extends EndpointDef>(app: TestApp, endpoint: E, options: EndpointCallOptions<E> = {}): Promise<CallResult> {
  if (options.token) secret('bearer token', options.token)
  const res = await call(app.app, endpoint, { ip: ip(), ...options })
  // Any endpoint: a session token is in the answers of some (login, register, accept invite).
  const token = (res.body.data as { token?: unknown } | null)?.token
  if (typeof token === 'string') secret('bearer token', token)
  const key = res.headers.get('x-session-key')
  if (key) secret('PIN session key', key)
  return res
}

const newestCode = (to: string) => t.notifier.lastTo(to)?.code

/** An approved vendor with money that may send to any account, and its owner signed in through the API. */
async function payingVendor() {
  const vendor = await createVendor({ balance: 50_000_00 })
  await t.db.update(vendors).set({ thirdPartyTransfers: true }).where(eq(vendors.id, vendor.vendor.id))
  secret('password', vendor.owner.password)
  const login = await send(t, endpoints.login, { body: { email: vendor.owner.email, password: vendor.owner.password } })
  expect(login.status).toBe(200)
  return { vendor, token: login.body.data.token as string, password: vendor.owner.password }
}

describe('logins, signed-in calls, refusals and code flows', () => {
  it('register and verify the phone, log in, fail to log in, change and reset the password', async () => {
    const body = registration({ password: `pw-reg-${randomUUID()}` })
    secret('password', body.password)
    const registered = await send(t, endpoints.register, { body })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    const token = registered.body.data.token
    const otp = secret('phone OTP', newestCode(`+234${body.phone.slice(1)}`))
    const wrongOtp = secret('wrong OTP', otp === '000000' ? '111111' : '000000')
    expect((await send(t, endpoints.verifyPhone, { token, body: { otp: wrongOtp } })).status).toBe(422)
    expect((await send(t, endpoints.verifyPhone, { token, body: { otp } })).status).toBe(200)

    const vendor = await createVendor()
    secret('password', vendor.owner.password)
    const login = await send(t, endpoints.login, { body: { email: vendor.owner.email, password: vendor.owner.password } })
    expect(login.status).toBe(200)
    const wrong = secret('wrong password', `pw-wrong-${randomUUID()}`)
    expect((await send(t, endpoints.login, { body: { email: vendor.owner.email, password: wrong } })).status).toBe(401)
    expect((await send(t, endpoints.me, { token: login.body.data.token })).status).toBe(200)
    const forged = secret('forged bearer token', randomUUID().replaceAll('-', ''))
    expect((await send(t, endpoints.me, { token: forged })).status).toBe(401)

    const changed = secret('password', `pw-new-${randomUUID()}`)
    const badCurrent = await send(t, endpoints.changePassword, {
      token: login.body.data.token,
      body: { currentPassword: wrong, newPassword: changed },
    })
    expect(badCurrent.status).toBe(422)
    const change = await send(t, endpoints.changePassword, {
      token: login.body.data.token,
      body: { currentPassword: vendor.owner.password, newPassword: changed },
    })
    expect(change.status).toBe(200)

    expect((await send(t, endpoints.forgotPassword, { body: { email: vendor.owner.email } })).status).toBe(200)
    const code = secret('reset code', newestCode(vendor.owner.email))
    const reset = secret('password', `pw-reset-${randomUUID()}`)
    const wrongCode = secret('wrong reset code', code === '999999' ? '888888' : '999999')
    expect((await send(t, endpoints.resetPassword, { body: { email: vendor.owner.email, otp: wrongCode, password: reset } })).status).toBe(
      422,
    )
    expect((await send(t, endpoints.resetPassword, { body: { email: vendor.owner.email, otp: code, password: reset } })).status).toBe(200)
    const again = await send(t, endpoints.login, { body: { email: vendor.owner.email, password: reset } })
    expect(again.status).toBe(200)
    expect((await send(t, endpoints.logout, { token: again.body.data.token })).status).toBe(200)
  })

  it('set a PIN, send money with a wrong and a right PIN, change the PIN by OTP and session key', async () => {
    const { vendor, token, password } = await payingVendor()
    const pin = secret('PIN', '7395')
    const newPin = secret('PIN', '8642')
    const wrongPin = secret('wrong PIN', '5173')
    expect((await send(t, endpoints.createPin, { token, body: { pin, password } })).status).toBe(200)
    const requestId = await enquiry(t, vendor)
    const key = randomUUID()
    const refused = await send(t, endpoints.sendMoney, {
      token,
      body: { amount: 100_00, requestId, pin: wrongPin },
      headers: { 'idempotency-key': key },
    })
    expect(refused.status).toBe(422)
    const sent = await send(t, endpoints.sendMoney, {
      token,
      body: { amount: 100_00, requestId, pin },
      headers: { 'idempotency-key': key },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)

    expect((await send(t, endpoints.initiatePinChange, { token, body: { pin: wrongPin } })).status).toBe(422)
    expect((await send(t, endpoints.initiatePinChange, { token, body: { pin } })).status).toBe(200)
    const otp = secret('PIN change OTP', t.notifier.outbox.at(-1)?.code)
    const verified = await send(t, endpoints.verifyPinOtp, { token, body: { otp } })
    expect(verified.status).toBe(200)
    const sessionKey = verified.headers.get('x-session-key')!
    expect((await send(t, endpoints.resetPin, { token, body: { pin: newPin }, headers: { 'x-session-key': sessionKey } })).status).toBe(200)
  })

  it('invite a member, read the invitation and accept it with a password', async () => {
    const vendor = await createVendor()
    const token = (await send(t, endpoints.login, { body: { email: vendor.owner.email, password: vendor.owner.password } })).body.data.token
    const phone = newPhone()
    const invited = await send(t, endpoints.inviteMember, { token, body: { name: 'Chidi Okafor', phone, email: null, permissions: [] } })
    expect(invited.status, JSON.stringify(invited.body)).toBe(201)
    const inviteCode = secret('invitation code', newestCode(`+234${phone.slice(1)}`))
    expect((await send(t, endpoints.inviteDetails, { query: { inviteCode } })).status).toBe(200)
    const password = secret('password', `pw-member-${randomUUID()}`)
    const accepted = await send(t, endpoints.acceptInvite, {
      body: { inviteCode, password, email: `m-${randomUUID().slice(0, 8)}@test.ng` },
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  })
})

describe('500s with secrets in the request', () => {
  it('a failed transaction after the secret was checked: password reset, password change, PIN reset, send, accept', async () => {
    const before = logLines.length
    const { vendor, token } = await payingVendor()
    const pin = secret('PIN', '6047')
    expect((await send(t, endpoints.createPin, { token, body: { pin, password: vendor.owner.password } })).status).toBe(200)

    expect((await send(t, endpoints.forgotPassword, { body: { email: vendor.owner.email } })).status).toBe(200)
    const code = secret('reset code', newestCode(vendor.owner.email))
    const password = secret('password', `pw-fail-${randomUUID()}`)
    const results = [
      await send(failing, endpoints.resetPassword, { body: { email: vendor.owner.email, otp: code, password } }),
      await send(failing, endpoints.changePassword, { token, body: { currentPassword: vendor.owner.password, newPassword: password } }),
      await send(failing, endpoints.sendMoney, {
        token,
        body: { amount: 100_00, requestId: await enquiry(t, vendor), pin },
        headers: { 'idempotency-key': randomUUID() },
      }),
    ]
    expect((await send(t, endpoints.initiatePinChange, { token, body: { pin } })).status).toBe(200)
    secret('PIN change OTP', t.notifier.outbox.at(-1)?.code)
    const verified = await send(t, endpoints.verifyPinOtp, { token, body: { otp: t.notifier.outbox.at(-1)!.code! } })
    const newPin = secret('PIN', '3816')
    results.push(
      await send(failing, endpoints.resetPin, {
        token,
        body: { pin: newPin },
        headers: { 'x-session-key': verified.headers.get('x-session-key')! },
      }),
    )
    const phone = newPhone()
    await send(t, endpoints.inviteMember, { token, body: { name: 'Ngozi Eze', phone, email: null, permissions: [] } })
    const inviteCode = secret('invitation code', newestCode(`+234${phone.slice(1)}`))
    results.push(
      await send(failing, endpoints.acceptInvite, { body: { inviteCode, password, email: `m-${randomUUID().slice(0, 8)}@test.ng` } }),
    )

    expect(results.map((res) => res.status)).toEqual([500, 500, 500, 500, 500])
    for (const res of results) expect(res.body.code).toBe('INTERNAL')
    const logged = logLines.slice(before).filter((line) => line.includes('could not serialize access'))
    expect(logged).toHaveLength(5)
  })

  it('a PIN hashed under another PIN pepper: neither pepper is logged', async () => {
    const before = logLines.length
    const peppers = [randomBytes(32), randomBytes(32)]
    for (const pepper of peppers) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const) secret('PIN pepper', pepper.toString(encoding))
    }
    setPinPepper(peppers[0]!)
    const { vendor, token, password } = await payingVendor()
    const pin = secret('PIN', '5173')
    expect((await send(t, endpoints.createPin, { token, body: { pin, password } })).status).toBe(200)
    setPinPepper(peppers[1]!)
    const res = await send(t, endpoints.sendMoney, {
      token,
      body: { amount: 100_00, requestId: await enquiry(t, vendor), pin },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(res.status).toBe(500)
    expect(logLines.slice(before).filter((line) => line.includes('another PIN pepper'))).toHaveLength(1)
  })

  it('the database gone: login, a signed-in call, forgot password', async () => {
    const before = logLines.length
    const password = secret('password', `pw-down-${randomUUID()}`)
    const token = secret('bearer token', `tok${randomUUID().replaceAll('-', '')}`)
    const results = [
      await send(down, endpoints.login, { body: { email: 'down@test.ng', password } }),
      await send(down, endpoints.me, { token }),
      await send(down, endpoints.forgotPassword, { body: { email: 'down@test.ng' } }),
    ]
    expect(results.map((res) => res.status)).toEqual([500, 500, 500])
    expect(logLines.slice(before).filter((line) => line.includes('Connection terminated'))).toHaveLength(3)
  })
})

describe('what was logged', () => {
  it('the messages held every code (the detector finds them there)', () => {
    const kinds = new Set([...secrets.values()])
    for (const kind of ['phone OTP', 'reset code', 'PIN change OTP', 'invitation code']) expect(kinds).toContain(kind)
    const inMessages = findSecrets(notifierLines.join('\n'))
    for (const kind of ['phone OTP', 'reset code', 'PIN change OTP', 'invitation code']) {
      expect(
        inMessages.some((hit) => hit.startsWith(kind)),
        kind,
      ).toBe(true)
    }
  })

  it('no log line holds a token, password, PIN, code or key', () => {
    expect(logLines.length).toBeGreaterThanOrEqual(8)
    expect(secrets.size).toBeGreaterThan(20)
    const leaks = logLines.flatMap((line) => findSecrets(line).map((hit) => `${hit} in: ${line.slice(0, 300)}`))
    expect(leaks).toEqual([])
  })
})

/** A provider whose client reports failures the way axios does: the request it made rides on the error. */
class ProviderError extends Error {
  readonly config: { url: string; method: string; data: string }
  readonly response = { status: 400, data: { error: 'Invalid sender id' } }
  constructor(message: Notification) {
    super('Request failed with status code 400')
    this.name = 'AxiosError'
    this.config = { url: 'https://sms-provider.invalid/send', method: 'post', data: JSON.stringify({ to: message.to, body: message.text }) }
  }
}

describe('a query that fails', () => {
  // drizzle writes a failed query's parameters into its error message; a send's are a PIN hash and a narration.
  it('is logged with its SQL and the database error, not its parameters', async () => {
    const failed = await t.db.execute(sql`select ${'hmac-sha256$key$salt$mac'}::text as pin_hash, 1 / 0 as boom`).catch((error) => error)
    const logged = describeError(failed)
    expect(logged).toContain('Failed query: select $1::text as pin_hash, 1 / 0 as boom')
    expect(logged).toContain('division by zero')
    expect(logged).not.toContain('hmac-sha256$key$salt$mac')
  })
})

describe('a messaging provider that fails', () => {
  // A provider's error object carries its request (and so the code): the log gets describeError's name, message
  // and stack only (docs/decisions/071).
  it('its errors are logged without the message they failed to send', async () => {
    const lines: string[] = []
    const providerLog = (...args: unknown[]) => {
      lines.push(render(args))
    }
    const sent: Notification[] = []
    const provider: Notifier = {
      async send(message) {
        sent.push(message)
        throw new ProviderError(message)
      },
    }
    const p = await makeApp({ notifier: provider, logger: { info: providerLog, warn: providerLog, error: providerLog } })
    const vendor = await createVendor()
    const token = (await call(p.app, endpoints.login, { body: { email: vendor.owner.email, password: vendor.owner.password }, ip: ip() }))
      .body.data.token
    await call(p.app, endpoints.forgotPassword, { body: { email: vendor.owner.email }, ip: ip() })
    await call(p.app, endpoints.register, { body: registration(), ip: ip() })
    await call(p.app, endpoints.inviteMember, { token, body: { name: 'Ada Obi', phone: newPhone(), email: null, permissions: [] } })
    await call(p.app, endpoints.createPin, { token, body: { pin: '2468', password: vendor.owner.password } })
    await call(p.app, endpoints.initiatePinChange, { token, body: { pin: '2468' } })
    // The sign-in's new-device notices carry no code; registration's phone code goes by SMS and e-mail (decision 150).
    const codes = sent.flatMap((message) => (message.code ? [message.code] : []))
    expect(codes).toHaveLength(5)
    expect(lines.length).toBeGreaterThanOrEqual(4)
    for (const code of codes) expect(lines.join('\n')).not.toContain(code)
  })
})
