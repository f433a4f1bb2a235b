import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { lagosMinuteText } from '#contract/lagos-time'
import { hashSecret } from '#server/auth/secrets'
import { users, vendorAuditEvents } from '#server/db/schema'
import { MessageNotSent } from '#server/messages/durable-notifier'
import { bankByCode } from '#server/money/banks'
import { DevNotifier, type Notifier } from '#server/notifier'

import { call, captureLogger, createMember, makeApp, type TestApp, unchecked } from '../harness'
import { account, enquiry, PIN, pinAttempts, randomSerial, type Sender, sender, tokenFor } from './helpers'

/*
 * Where money goes (decision 087): changing the settlement account or turning third-party transfers on needs the
 * caller's PIN, leaves an audit row naming who did it, and tells the owner by SMS and e-mail.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const OWNER_SMS = '+2348030000000'
/** The harness's owner: a settlement account must be in the owner's or the business's name (decision 143). */
const OWNER_NAME = 'Owner Person'

const settlement = (token: string) => call(t.app, endpoints.settlementAccount, { token })
const change = (token: string, body: BodyInput<typeof endpoints.setSettlementAccount>) =>
  call(t.app, endpoints.setSettlementAccount, { token, body })
const thirdParty = (token: string, body: BodyInput<typeof endpoints.setThirdPartyTransfers>) =>
  call(t.app, endpoints.setThirdPartyTransfers, { token, body })
const audit = (s: Sender) => t.db.select().from(vendorAuditEvents).where(eq(vendorAuditEvents.vendorId, s.vendor.id))
const messagesTo = (to: string) => t.notifier.outbox.filter((message) => message.to === to)

/** A member of the vendor with a PIN of their own, holding the permissions a settlement change needs. */
async function payoutMember(s: Sender, name = 'Team Member') {
  const member = await createMember(s, { permissions: ['VENDOR_SETTINGS', 'VENDOR_TRANSFERS'] })
  const [row] = await t.db
    .update(users)
    .set({ pinHash: await hashSecret('4321'), name })
    .where(and(eq(users.id, member.id)))
    .returning()
  return { id: member.id, token: await tokenFor(t, row!) }
}

describe('POST /bank/settlement-account', () => {
  it('is refused without the PIN or with a wrong one, and nothing changes', async () => {
    const s = await sender(t)
    const requestId = await enquiry(t, s, { bankCode: '044', accountName: OWNER_NAME })
    const none = await change(s.token, unchecked({ requestId }))
    expect(none.status).toBe(422)
    expect(none.body.message).toBe('pin: is required')
    const wrong = await change(s.token, { requestId, pin: '0000' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'INVALID_PIN', message: 'Incorrect PIN. 4 attempts remaining.' })
    expect((await settlement(s.token)).body.data).toBeNull()
    expect(await audit(s)).toEqual([])
    expect(messagesTo(s.owner.email)).toEqual([])
    // The requestId was not spent by the refusal: the right PIN then goes through with it.
    expect((await change(s.token, { requestId, pin: PIN })).status).toBe(200)
  })

  it('shares the PIN lockout with Send Money: locked after 5 wrong tries, even with the right PIN', async () => {
    const s = await sender(t)
    for (let i = 0; i < 5; i++) await change(s.token, { requestId: await enquiry(t, s, { accountName: OWNER_NAME }), pin: '0000' })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(5)
    const locked = await change(s.token, { requestId: await enquiry(t, s, { accountName: OWNER_NAME }), pin: PIN })
    expect(locked.status).toBe(403)
    expect(locked.body.code).toBe('PIN_LOCKED')
    expect((await settlement(s.token)).body.data).toBeNull()
  })

  it('a stale requestId is refused before the PIN, so it costs no try', async () => {
    const s = await sender(t)
    const stale = await enquiry(t, s, { expiresInMs: 5 })
    t.clock.advance(10)
    expect((await change(s.token, { requestId: stale, pin: '0000' })).body.message).toBe(
      'requestId: has expired; resolve the account again',
    )
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })

  it("with a member's PIN: changes it, records who and what, and tells the owner by SMS and e-mail", async () => {
    const s = await sender(t)
    expect((await change(s.token, { requestId: await enquiry(t, s, { bankCode: '044', accountName: OWNER_NAME }), pin: PIN })).status).toBe(
      200,
    )
    const member = await payoutMember(s, 'Musa Bello')
    const serial = randomSerial()
    const number = account('058', serial)
    const name = 'OWNER PERSON'
    const res = await change(member.token, { requestId: await enquiry(t, s, { bankCode: '058', serial, accountName: name }), pin: '4321' })
    expect(res.status).toBe(200)
    const usableFrom = new Date(t.clock.now().getTime() + t.deps.settlementCoolingMs)
    expect(res.body.data).toEqual({
      accountNumber: number,
      accountName: name,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      usableFrom: usableFrom.toISOString(),
    })
    expect((await settlement(s.token)).body.data!.accountNumber).toBe(number)

    const rows = (await audit(s)).filter((row) => row.userId === member.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.kind).toBe('settlement_account_changed')
    expect(rows[0]!.createdAt).toEqual(t.clock.now())
    const before = (await audit(s)).find((row) => row.userId === s.owner.id)!
    expect(rows[0]!.detail).toEqual({
      from: (before.detail as { to: unknown }).to,
      to: { accountNumber: number, bankCode: '058', accountName: name },
    })

    const text = `The ${s.vendor.name} settlement account was changed to ${bankByCode('058')!.name} ${number} (${name}) by Musa Bello. It can receive payouts from ${lagosMinuteText(usableFrom)} (Lagos time). If you did not make this change, cancel it before then in the app: Settings → Payout settings → Cancel change.`
    expect(messagesTo(OWNER_SMS).at(-1)).toMatchObject({ channel: 'sms', text })
    expect(messagesTo(s.owner.email).at(-1)).toMatchObject({
      channel: 'email',
      subject: `${s.vendor.name}: your settlement account was changed`,
      text,
    })
  })
})

describe('PATCH /vendor/third-party-transfers', () => {
  it('turning them on: refused with a wrong PIN; with the PIN audited and the owner told', async () => {
    const s = await sender(t, { thirdParty: false })
    const member = await payoutMember(s, 'Ngozi Eze')
    const wrong = await thirdParty(member.token, { isEnabled: true, pin: '0000' })
    expect(wrong.body.message).toBe('Incorrect PIN. 4 attempts remaining.')
    expect((await thirdParty(s.token, { isEnabled: false, pin: PIN })).status).toBe(200)
    expect(await audit(s)).toEqual([])
    expect(messagesTo(s.owner.email)).toEqual([])

    expect((await thirdParty(member.token, { isEnabled: true, pin: '4321' })).body.data).toEqual({ isEnabled: true })
    const rows = await audit(s)
    expect(rows.map((row) => [row.kind, row.userId, row.detail])).toEqual([
      ['third_party_transfers_enabled', member.id, { from: false, to: true }],
    ])
    const text = `Third-party transfers were turned on for ${s.vendor.name} by Ngozi Eze: money can now be sent to any account, not only your settlement account.`
    expect(messagesTo(s.owner.email).map((message) => message.text)).toEqual([text])
    expect(messagesTo(OWNER_SMS).at(-1)!.text).toBe(text)

    // Already on: nothing changed, nobody told twice.
    expect((await thirdParty(s.token, { isEnabled: true, pin: PIN })).status).toBe(200)
    expect(await audit(s)).toHaveLength(1)
    expect(messagesTo(s.owner.email)).toHaveLength(1)
  })
})

describe("the owner's notice when the SMS gateway is slow", () => {
  it('goes by e-mail without waiting for the SMS, and a queued SMS is logged as queued, not as a failure', async () => {
    const mail = new DevNotifier(() => {})
    let answerSms: () => void = () => {}
    const smsAnswered = new Promise<void>((resolve) => (answerSms = resolve))
    const notifier: Notifier = {
      send: async (message) => {
        if (message.channel === 'email') return mail.send(message)
        await smsAnswered
        throw new MessageNotSent('job-1', 'the provider has not answered yet')
      },
    }
    const logger = captureLogger()
    const slow = await makeApp({ notifier, logger })
    const s = await sender(slow, { thirdParty: false })
    const answer = call(slow.app, endpoints.setThirdPartyTransfers, { token: s.token, body: { isEnabled: true, pin: PIN } })
    for (let waited = 0; mail.outbox.length === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mail.outbox.map((message) => message.to)).toEqual([s.owner.email])
    answerSms()
    expect((await answer).status).toBe(200)
    expect(logger.lines.filter((line) => line.startsWith('error'))).toEqual([])
    expect(logger.lines.join('\n')).toContain('[banking] the third-party transfers notice by sms is queued for retries')
  })
})

describe('who may read and route', () => {
  it('a member without VENDOR_TRANSFERS gets 403 for the name enquiry and the settlement account', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_SETTINGS', 'VENDOR_WALLET', 'VENDOR_ORDERS'] })
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id))
    const token = await tokenFor(t, row!)
    const forbidden = { message: 'You do not have permission to do this', code: 'FORBIDDEN' }
    expect((await settlement(token)).body).toEqual(forbidden)
    const enquiryRes = await call(t.app, endpoints.resolveAccount, {
      token,
      query: { accountNumber: account('058', randomSerial()), bankCode: '058' },
    })
    expect(enquiryRes.status).toBe(403)
    expect(enquiryRes.body).toEqual(forbidden)
    expect((await change(token, { requestId: await enquiry(t, s), pin: PIN })).status).toBe(403)
  })

  it('turning third-party transfers on needs VENDOR_TRANSFERS too, as the settlement account does', async () => {
    const s = await sender(t, { thirdParty: false })
    const settingsOnly = await createMember(s, { permissions: ['VENDOR_SETTINGS', 'VENDOR_WALLET'] })
    const [row] = await t.db.select().from(users).where(eq(users.id, settingsOnly.id))
    await t.db
      .update(users)
      .set({ pinHash: await hashSecret(PIN) })
      .where(eq(users.id, settingsOnly.id))
    const token = await tokenFor(t, row!)
    const turnOn = await call(t.app, endpoints.setThirdPartyTransfers, { token, body: { isEnabled: true, pin: PIN } })
    expect(turnOn.status).toBe(403)
    expect(turnOn.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    expect((await call(t.app, endpoints.thirdPartyTransfers, { token: s.token })).body.data).toEqual({ isEnabled: false })
    const audit = await t.db.select().from(vendorAuditEvents).where(eq(vendorAuditEvents.vendorId, s.vendor.id))
    expect(audit).toEqual([])
  })
})

describe('POST /transfer/send, what is known before the PIN', () => {
  it('too little balance is refused before the PIN is checked, so a wrong PIN costs no try', async () => {
    const s = await sender(t, { balance: 1_000_00 })
    const res = await call(t.app, endpoints.sendMoney, {
      token: s.token,
      body: { amount: 995_00, requestId: await enquiry(t, s), pin: '0000' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })
})
