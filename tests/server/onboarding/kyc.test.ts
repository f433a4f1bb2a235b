import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { vendorKyc } from '#server/db/onboarding-schema'
import { vendors } from '#server/db/schema'

import { image, JPEG, PNG } from '../catalogue/helpers'
import { call, callRaw, createVendor, login } from '../harness'
import { kycForm, type OnboardingApp, onboardingApp, PDF, register, type Registered, submitKyc, verify } from './helpers'

/* PATCH /vendor/kyc: the identity check, its document kept private, and the BVN/NIN never sent back. */

const MB = 1024 * 1024
let t: OnboardingApp
beforeAll(async () => {
  t = await onboardingApp()
})

async function verified(): Promise<Registered> {
  const r = await register(t)
  await verify(t, r)
  return r
}

const sendKyc = (r: Registered, body: FormData) => call(t.app, endpoints.submitKyc, { token: r.token, form: body })
const kycRow = async (vendorId: string) => (await t.db.select().from(vendorKyc).where(eq(vendorKyc.vendorId, vendorId)))[0]

/** A date `years` before today (UTC), shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - years)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

describe('PATCH /vendor/kyc', () => {
  it('stores the identity check privately and moves on to the shop step, never answering the id number', async () => {
    const r = await verified()
    const res = await sendKyc(r, kycForm())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ step: 'shop', phoneVerified: true, kycSubmitted: true, shopSetUp: false })
    expect(JSON.stringify(res.body)).not.toContain('12345678901')
    const row = await kycRow(r.vendorId)
    expect(row).toMatchObject({ documentType: 'NIN_SLIP', idType: 'NIN', idNumber: '12345678901', documentContentType: 'application/pdf' })
    expect(row!.documentKey).toMatch(/^private-.+\.pdf$/)
    expect(await t.storage.get(row!.documentKey)).not.toBeNull()
    // The public files route refuses it, even to someone who learnt the key.
    const file = await callRaw(t.app, 'GET', `/files/${row!.documentKey}`)
    expect(file.status).toBe(404)
  })

  it('an image document is kept as its sniffed type', async () => {
    const r = await verified()
    const res = await sendKyc(
      r,
      kycForm({ documentType: 'INTERNATIONAL_PASSPORT', idType: 'BVN' }, image(JPEG, 'image/jpeg', 'passport.jpg')),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const row = await kycRow(r.vendorId)
    expect(row).toMatchObject({ documentType: 'INTERNATIONAL_PASSPORT', idType: 'BVN', documentContentType: 'image/jpeg' })
    expect((await callRaw(t.app, 'GET', `/files/${row!.documentKey}`)).status).toBe(404)
  })

  it('sent again replaces the row and deletes the old document', async () => {
    const r = await verified()
    await submitKyc(t, r)
    const first = (await kycRow(r.vendorId))!.documentKey
    const res = await sendKyc(r, kycForm({ address: '3 Broad Street, Lagos' }, image(PNG, 'image/png')))
    expect(res.status).toBe(200)
    const second = (await kycRow(r.vendorId))!
    expect(second.address).toBe('3 Broad Street, Lagos')
    expect(second.documentKey).not.toBe(first)
    expect(await t.storage.get(first)).toBeNull()
  })

  it('409 before the phone is verified, and once the vendor is approved', async () => {
    const r = await register(t)
    const early = await sendKyc(r, kycForm())
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('PHONE_NOT_VERIFIED')
    const approved = await createVendor()
    const token = await login(t.app, approved.owner.email, approved.owner.password)
    const late = await call(t.app, endpoints.submitKyc, { token, form: kycForm() })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('ALREADY_APPROVED')
  })

  it('422 for a declared type that is not allowed, and for bytes that are not what they claim', async () => {
    const r = await verified()
    const declared = await sendKyc(r, kycForm({}, new File(['hello'], 'id.txt', { type: 'text/plain' })))
    expect(declared.status).toBe(422)
    expect(declared.body.message).toBe('document.0: must be a JPEG, PNG or WebP image, or a PDF')
    const lying = await sendKyc(r, kycForm({}, new File(['<html>not a pdf</html>'], 'id.pdf', { type: 'application/pdf' })))
    expect(lying.status).toBe(422)
    expect(lying.body.issues).toEqual([{ path: 'document.0', message: 'must be a JPEG, PNG or WebP image, or a PDF' }])
    expect(await kycRow(r.vendorId)).toBeUndefined()
  })

  it('422 for a document over 5 MB, 413 for a body far over it', async () => {
    const r = await verified()
    const big = new Uint8Array(5 * MB + 1)
    big.set(PDF)
    const over = await sendKyc(r, kycForm({}, image(big, 'application/pdf', 'id.pdf')))
    expect(over.status).toBe(422)
    expect(over.body.message).toBe('document.0: must be at most 5 MB')
    const huge = new Uint8Array(6 * MB)
    huge.set(PDF)
    const tooLarge = await sendKyc(r, kycForm({}, image(huge, 'application/pdf', 'id.pdf')))
    expect(tooLarge.status).toBe(413)
  })

  it('422 naming dateOfBirth when under 18, in the future or over 100 years ago', async () => {
    const r = await verified()
    const cases: [string, string][] = [
      [yearsAgo(18, 2), 'dateOfBirth: you must be at least 18 years old'],
      [yearsAgo(0, 2), 'dateOfBirth: must not be in the future'],
      [yearsAgo(101), 'dateOfBirth: must be within the last 100 years'],
      ['2001-02-30', 'dateOfBirth: must be a real calendar date'],
    ]
    for (const [dateOfBirth, message] of cases) {
      const res = await sendKyc(r, kycForm({ dateOfBirth }))
      expect(res.status, dateOfBirth).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await sendKyc(r, kycForm({ dateOfBirth: yearsAgo(18, -2) }))).status).toBe(200)
  })

  it('422 for an id number that is not 11 digits; digits typed as plain text (curl -F) are fine', async () => {
    const r = await verified()
    const bad = await sendKyc(r, kycForm({ idNumber: '1234' }))
    expect(bad.body.message).toBe('idNumber: must be 11 digits')
    const plain = kycForm()
    plain.set('idNumber', '12345678901')
    expect((await sendKyc(r, plain)).status).toBe(200)
  })

  it('a KYC sent while under review keeps the vendor under review', async () => {
    const r = await verified()
    await submitKyc(t, r)
    await t.db.update(vendors).set({ status: 'under_review' }).where(eq(vendors.id, r.vendorId))
    expect((await sendKyc(r, kycForm())).body.data.step).toBe('shop')
  })
})
