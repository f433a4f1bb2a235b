import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_SAVED_BENEFICIARIES } from '#contract/beneficiaries'
import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { savedBeneficiaries } from '#server/db/beneficiaries-schema'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { sandboxAccountName } from '#server/money/sandbox-names'

import { call, createMember, makeApp, type TestApp, unchecked } from '../harness'
import { account, enquiry, randomSerial, send, sender, tokenFor } from './helpers'

/* Saved beneficiaries (issue 36, decision 145): GET/POST/DELETE /transfer/beneficiaries. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const list = (token: string) => call(t.app, endpoints.listBeneficiaries, { token })
const save = (token: string, body: BodyInput<typeof endpoints.saveBeneficiary>) => call(t.app, endpoints.saveBeneficiary, { token, body })

describe('recent accounts', () => {
  it('are the latest distinct destinations of successful sends, newest first, with the name the bank gave', async () => {
    const vendor = await sender(t, { balance: 100_000_00 })
    const [a, b, c] = [randomSerial(), randomSerial(), SANDBOX_SERIALS.transferFails]
    for (const serial of [a, b, a, c]) {
      t.clock.advance(60_000)
      const answer = await send(t, vendor.token, { amount: 1_000_00, requestId: await enquiry(t, vendor, { serial }) })
      expect([200, 201]).toContain(answer.status)
    }
    const answer = await list(vendor.token)
    expect(answer.status).toBe(200)
    const accountA = account('058', a)
    expect(answer.body.data.recent).toEqual([
      {
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: accountA,
        accountName: sandboxAccountName(accountA, '058'),
        lastSentAt: expect.any(String),
      },
      expect.objectContaining({ accountNumber: account('058', b) }),
    ])
    expect(answer.body.data.saved).toEqual([])
    // Another vendor sees none of them.
    expect((await list((await sender(t)).token)).body.data.recent).toEqual([])
  })
})

describe('saved accounts', () => {
  it('are named by the server’s own name enquiry, never by the client, and saving again updates the one row', async () => {
    const vendor = await sender(t)
    const number = account('058', randomSerial())
    const first = await save(
      vendor.token,
      unchecked({
        bankCode: '058',
        accountNumber: number,
        label: '  Rice supplier ',
        accountName: 'Someone Else',
      }),
    )
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toEqual({
      message: 'Account saved',
      data: {
        id: expect.any(String),
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: number,
        accountName: sandboxAccountName(number, '058'),
        label: 'Rice supplier',
        createdAt: expect.any(String),
      },
    })
    const again = await save(vendor.token, { bankCode: '058', accountNumber: number, label: '' })
    expect(again.body.data).toMatchObject({ id: first.body.data.id, label: null })
    expect((await list(vendor.token)).body.data.saved).toEqual([again.body.data])
    const rows = await t.db.select().from(savedBeneficiaries).where(eq(savedBeneficiaries.vendorId, vendor.vendor.id))
    expect(rows.map((row) => row.createdBy)).toEqual([vendor.owner.id])
  })

  it('refuses an account the bank does not know, a bad check digit, a bank that cannot be reached, naming the field', async () => {
    const vendor = await sender(t)
    const notFound = await save(vendor.token, { bankCode: '058', accountNumber: account('058', SANDBOX_SERIALS.notFound) })
    expect(notFound.status).toBe(422)
    expect(notFound.body.issues).toEqual([{ path: 'accountNumber', message: 'Account not found' }])
    const typo = await save(vendor.token, { bankCode: '058', accountNumber: '0123456789' })
    expect([typo.status, typo.body.code]).toEqual([422, 'INVALID_ACCOUNT_NUMBER'])
    const down = await save(vendor.token, { bankCode: '058', accountNumber: account('058', SANDBOX_SERIALS.unreachable) })
    expect([down.status, down.body.code]).toEqual([503, 'BANK_UNAVAILABLE'])
    const missing = await save(vendor.token, unchecked({ accountNumber: account('058', randomSerial()) }))
    expect(missing.status).toBe(422)
    expect(missing.body.issues!.map((issue: { path: string }) => issue.path)).toEqual(['bankCode'])
    const long = await save(vendor.token, { bankCode: '058', accountNumber: account('058', randomSerial()), label: 'x'.repeat(41) })
    expect(long.body.issues!.map((issue: { path: string }) => issue.path)).toEqual(['label'])
    expect((await list(vendor.token)).body.data.saved).toEqual([])
  })

  it(`keeps at most ${MAX_SAVED_BENEFICIARIES} per vendor`, async () => {
    const vendor = await sender(t)
    await t.db.insert(savedBeneficiaries).values(
      Array.from({ length: MAX_SAVED_BENEFICIARIES }, () => ({
        vendorId: vendor.vendor.id,
        bankCode: '058',
        accountNumber: account('058', randomSerial()),
        accountName: 'Ada Obi',
      })),
    )
    const over = await save(vendor.token, { bankCode: '058', accountNumber: account('058', randomSerial()) })
    expect(over.status).toBe(422)
    expect(over.body.issues).toEqual([
      { path: 'accountNumber', message: `You can save up to ${MAX_SAVED_BENEFICIARIES} accounts; remove one first` },
    ])
  })

  it('are removed by their vendor only; another vendor’s id is not found', async () => {
    const vendor = await sender(t)
    const other = await sender(t)
    const saved = (await save(vendor.token, { bankCode: '058', accountNumber: account('058', randomSerial()) })).body.data
    const foreign = await call(t.app, endpoints.removeBeneficiary, { token: other.token, query: { id: saved.id } })
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND'])
    const removed = await call(t.app, endpoints.removeBeneficiary, { token: vendor.token, query: { id: saved.id } })
    expect(removed.status).toBe(200)
    expect((await list(vendor.token)).body.data.saved).toEqual([])
  })

  it('need VENDOR_TRANSFERS', async () => {
    const vendor = await sender(t)
    const member = await createMember(vendor, { permissions: ['VENDOR_WALLET'] })
    const token = await tokenFor(t, member.row)
    expect((await list(token)).status).toBe(403)
    expect((await save(token, { bankCode: '058', accountNumber: account('058', randomSerial()) })).status).toBe(403)
  })
})
