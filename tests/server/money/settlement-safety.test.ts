import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { HOUR_MS } from '#server/clock'
import { users, vendorAuditEvents, vendors } from '#server/db/schema'
import { settlementCoolingFromEnv } from '#server/deps'
import { namesMatch } from '#server/money/name-match'

import { call, makeApp, type TestApp } from '../harness'
import { account, enquiry, PIN, pinAttempts, randomSerial, send, type Sender, sender } from './helpers'

/*
 * Settlement safety (decision 143): the account must be in the business's or the owner's name, a new one takes
 * payouts only after SETTLEMENT_COOLING_HOURS (24 h by default), the owner is told and may cancel back meanwhile.
 */

let t: TestApp
beforeAll(async () => {
  // The clock moves a day at a time here: sessions must outlive it (they end after 12 idle hours by default).
  t = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS })
})

const OWNER_SMS = '+2348030000000'
const BUSINESS = 'Mama Put Foods Ltd'
const OWNER = 'Adaeze Okafor'

const settlement = (token: string) => call(t.app, endpoints.settlementAccount, { token })
const change = (token: string, requestId: string, pin = PIN) =>
  call(t.app, endpoints.setSettlementAccount, { token, body: { requestId, pin } })
const cancel = (token: string, accountNumber: string) => call(t.app, endpoints.cancelSettlementChange, { token, body: { accountNumber } })
const messagesTo = (to: string) => t.notifier.outbox.filter((message) => message.to === to)

/** A vendor registered as Mama Put Foods Ltd whose owner is Adaeze Okafor, with third-party transfers off. */
async function namedSender(options: { balance?: number } = {}): Promise<Sender> {
  const s = await sender(t, { thirdParty: false, balance: options.balance ?? 1_000_000_00 })
  await t.db.update(vendors).set({ name: BUSINESS }).where(eq(vendors.id, s.vendor.id))
  await t.db.update(users).set({ name: OWNER }).where(eq(users.id, s.owner.id))
  return s
}

/** Sets an account in `name` as the settlement account and returns its number. */
async function setAccount(s: Sender, name: string, bankCode = '058') {
  const serial = randomSerial()
  const res = await change(s.token, await enquiry(t, s, { bankCode, serial, accountName: name }))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { number: account(bankCode, serial), bankCode, res }
}

describe('the name match', () => {
  it('reads names as sets of words: case, punctuation, order, middle names and company suffixes do not count', () => {
    expect(namesMatch('OKAFOR ADAEZE CHIOMA', 'Adaeze Okafor')).toBe(true)
    expect(namesMatch('okafor, adaeze', 'Adaeze Okafor')).toBe(true)
    expect(namesMatch('MRS ADAEZE OKAFOR', 'Adaeze Okafor')).toBe(true)
    expect(namesMatch('MAMA PUT FOODS LIMITED', 'Mama Put Foods Ltd')).toBe(true)
    expect(namesMatch('Mama-Put Foods Enterprises', 'Mama Put Foods Ltd')).toBe(true)
    expect(namesMatch('Adéolá Bakare', 'ADEOLA BAKARE')).toBe(true)
    // Strangers: another person sharing one name, a surname alone, another business.
    expect(namesMatch('ADAEZE EZE', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('OKAFOR', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('OKAFOR ENTERPRISES', 'Adaeze Okafor')).toBe(false)
    expect(namesMatch('MAMA CASS FOODS LTD', 'Mama Put Foods Ltd')).toBe(false)
    expect(namesMatch('LTD', 'Ltd')).toBe(false)
  })

  it("a stranger's account is refused (422 naming the field, both names shown) before the PIN; nothing changes", async () => {
    const s = await namedSender()
    const requestId = await enquiry(t, s, { accountName: 'CHINEDU EMEKA NWOSU' })
    const res = await change(s.token, requestId, '0000')
    expect(res.status).toBe(422)
    const message =
      'The bank gives this account\'s name as "CHINEDU EMEKA NWOSU", which matches neither the business\'s registered name ' +
      '"Mama Put Foods Ltd" nor the owner\'s name "Adaeze Okafor". Payouts can only go to an account in one of these names.'
    expect(res.body).toEqual({ code: 'SETTLEMENT_NAME_MISMATCH', message, issues: [{ path: 'requestId', message }] })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect((await settlement(s.token)).body.data).toBeNull()
    expect(messagesTo(s.owner.email)).toEqual([])
  })

  it("the owner's name (extra middle name, other order) and the business's name (LIMITED for Ltd) are accepted", async () => {
    const s = await namedSender()
    expect((await setAccount(s, 'OKAFOR ADAEZE CHIOMA')).res.body.data.accountName).toBe('OKAFOR ADAEZE CHIOMA')
    expect((await setAccount(s, 'MAMA PUT FOODS LIMITED', '044')).res.body.data.accountName).toBe('MAMA PUT FOODS LIMITED')
  })
})

describe('the cooling-off period', () => {
  it('SETTLEMENT_COOLING_HOURS: 24 by default, checked at start', () => {
    expect(settlementCoolingFromEnv(undefined)).toBe(24 * HOUR_MS)
    expect(settlementCoolingFromEnv('2')).toBe(2 * HOUR_MS)
    expect(settlementCoolingFromEnv('0')).toBe(0)
    expect(() => settlementCoolingFromEnv('-1')).toThrow(
      'SETTLEMENT_COOLING_HOURS must be a number of hours from 0 to 720 such as 24, got -1',
    )
    expect(() => settlementCoolingFromEnv('a day')).toThrow(/SETTLEMENT_COOLING_HOURS/)
  })

  it('a new account (the first one too) refuses sends until the period ends, then takes them', async () => {
    const s = await namedSender()
    const { number, res } = await setAccount(s, 'ADAEZE OKAFOR')
    const usableFrom = new Date(t.clock.now().getTime() + 24 * HOUR_MS)
    expect(res.body.data.usableFrom).toBe(usableFrom.toISOString())
    expect((await settlement(s.token)).body.data).toMatchObject({ accountNumber: number, usableFrom: usableFrom.toISOString() })

    const serial = number.slice(0, 9)
    const refused = await send(t, s.token, {
      amount: 1_000_00,
      requestId: await enquiry(t, s, { serial, accountName: 'ADAEZE OKAFOR' }),
      pin: '0000',
    })
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('SETTLEMENT_COOLING_OFF')
    const lagos = new Date(usableFrom.getTime() + HOUR_MS).toISOString()
    expect(refused.body.message).toContain(`can receive payouts from `)
    expect(refused.body.message).toContain(`${lagos.slice(11, 16)} (Lagos time)`)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)

    t.clock.advance(24 * HOUR_MS - 1)
    expect((await send(t, s.token, { amount: 1_000_00, requestId: await enquiry(t, s, { serial }) })).body.code).toBe(
      'SETTLEMENT_COOLING_OFF',
    )
    t.clock.advance(1)
    const sent = await send(t, s.token, { amount: 1_000_00, requestId: await enquiry(t, s, { serial }) })
    expect(sent.status).toBe(201)
    expect((await settlement(s.token)).body.data!.usableFrom).toBeNull()
  })

  it('is refused with third-party transfers on as well', async () => {
    const s = await namedSender()
    await t.db.update(vendors).set({ thirdPartyTransfers: true }).where(eq(vendors.id, s.vendor.id))
    const { number } = await setAccount(s, 'ADAEZE OKAFOR')
    const res = await send(t, s.token, { amount: 1_000_00, requestId: await enquiry(t, s, { serial: number.slice(0, 9) }) })
    expect(res.body.code).toBe('SETTLEMENT_COOLING_OFF')
    // Other accounts are paid as before.
    expect((await send(t, s.token, { amount: 1_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
  })

  it('the owner is told by SMS and e-mail when it becomes usable and how to cancel', async () => {
    const s = await namedSender()
    await setAccount(s, 'ADAEZE OKAFOR')
    const [sms] = messagesTo(OWNER_SMS).slice(-1)
    const [email] = messagesTo(s.owner.email)
    expect(email!.subject).toBe(`${BUSINESS}: your settlement account was changed`)
    expect(email!.text).toMatch(/It can receive payouts from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(Lagos time\)\./)
    expect(email!.text).toContain('cancel it before then in the app: Settings → Payout settings → Cancel change.')
    expect(sms!.text).toBe(email!.text)
  })

  it('meanwhile the previous account still takes payouts; cancel restores it and tells the owner', async () => {
    const s = await namedSender()
    const first = await setAccount(s, 'ADAEZE OKAFOR')
    t.clock.advance(24 * HOUR_MS)
    const second = await setAccount(s, 'MAMA PUT FOODS LTD', '044')
    // A member-less owner's third change during the cooling keeps the first as the one to go back to.
    const third = await setAccount(s, 'OKAFOR ADAEZE', '057')
    expect(third.number).not.toBe(second.number)

    const toFirst = await send(t, s.token, { amount: 1_000_00, requestId: await enquiry(t, s, { serial: first.number.slice(0, 9) }) })
    expect(toFirst.status).toBe(201)

    // Only the change the screen showed: an older number is not cancelled.
    expect((await cancel(s.token, second.number)).body.code).toBe('NO_SETTLEMENT_CHANGE')
    const res = await cancel(s.token, third.number)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ accountNumber: first.number, accountName: 'ADAEZE OKAFOR', usableFrom: null })
    expect((await settlement(s.token)).body.data!.accountNumber).toBe(first.number)
    const text = `The ${BUSINESS} settlement account change was cancelled by ${OWNER}. Payouts go to ${first.number} (ADAEZE OKAFOR) as before.`
    expect(messagesTo(s.owner.email).at(-1)).toMatchObject({ subject: `${BUSINESS}: settlement account change cancelled`, text })
    expect(messagesTo(OWNER_SMS).at(-1)!.text).toBe(text)
    const kinds = (await t.db.select().from(vendorAuditEvents).where(eq(vendorAuditEvents.vendorId, s.vendor.id))).map((row) => row.kind)
    expect(kinds.filter((kind) => kind === 'settlement_change_cancelled')).toHaveLength(1)

    // Nothing left to cancel.
    expect((await cancel(s.token, third.number)).body).toEqual({
      code: 'NO_SETTLEMENT_CHANGE',
      message: 'There is no settlement account change waiting to be cancelled',
    })
  })

  it('cancelling the first account leaves none', async () => {
    const s = await namedSender()
    const { number } = await setAccount(s, 'ADAEZE OKAFOR')
    const res = await cancel(s.token, number)
    expect(res.status).toBe(200)
    expect(res.body.data).toBeNull()
    expect((await settlement(s.token)).body.data).toBeNull()
    expect(messagesTo(s.owner.email).at(-1)!.text).toContain('You have no settlement account now')
  })
})
