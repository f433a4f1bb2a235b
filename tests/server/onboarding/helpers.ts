import { randomInt, randomUUID } from 'node:crypto'

import { expect } from 'vitest'

import { endpoints } from '#contract/index'
import { nationalNumber, smsAddress } from '#server/auth/phone'
import { MemoryStorage } from '#server/storage'

import { form, image, PNG } from '../catalogue/helpers'
import { call, makeApp, type TestApp, uniqueEmail } from '../harness'

/* Registering vendors and walking them through onboarding, for the onboarding and admin tests. */

export type OnboardingApp = TestApp & { storage: MemoryStorage }

export async function onboardingApp(): Promise<OnboardingApp> {
  const storage = new MemoryStorage()
  return { ...(await makeApp({ storage })), storage }
}

/** A Nigerian mobile number no other test uses (080 + 8 random digits). */
export const randomPhone = () => `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`

export interface Registered {
  token: string
  email: string
  password: string
  phone: string
  vendorId: string
  body: Record<string, string>
}

// Each registration from its own address, so the per-IP limit only bites where a test wants it to.
let registrations = 0
export const nextIp = () => `10.7.${(registrations >> 8) & 255}.${registrations++ & 255}`

export function registration(overrides: Record<string, string> = {}) {
  return {
    businessName: `Mama Put ${randomUUID().slice(0, 6)}`,
    ownerName: 'Ada Obi',
    email: uniqueEmail('vendor'),
    phone: randomPhone(),
    password: 'correct-horse-1',
    ...overrides,
  }
}

export async function register(t: TestApp, overrides: Record<string, string> = {}): Promise<Registered> {
  const body = registration(overrides)
  const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const { token, user } = res.body.data
  return { token, email: body.email, password: body.password, phone: body.phone, vendorId: user.vendor.id, body }
}

/** The newest code sent by SMS to this phone. */
export function smsCode(t: TestApp, phone: string): string {
  const code = t.notifier.lastTo(smsAddress(nationalNumber(phone)!))?.code
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

export async function verify(t: TestApp, r: Registered): Promise<void> {
  const res = await call(t.app, endpoints.verifyPhone, { token: r.token, body: { otp: smsCode(t, r.phone) } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** 20 years ago today, give or take: a date of birth that passes. */
export const ADULT_BIRTHDAY = `${new Date().getUTCFullYear() - 20}-05-17`
export const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

export function kycForm(overrides: Record<string, unknown> = {}, document: File = image(PDF, 'application/pdf', 'id.pdf')) {
  return form(
    {
      documentType: 'NIN_SLIP',
      dateOfBirth: ADULT_BIRTHDAY,
      address: '12 Allen Avenue, Ikeja, Lagos',
      idType: 'NIN',
      idNumber: '12345678901',
      ...overrides,
    },
    { document: [document] },
  )
}

export async function submitKyc(t: TestApp, r: Registered) {
  const res = await call(t.app, endpoints.submitKyc, { token: r.token, form: kycForm() })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res
}

export const shopUrlFor = () => `shop-${randomUUID().slice(0, 8)}`

export function shopForm(overrides: Record<string, unknown> = {}, logo?: File) {
  return form(
    { url: shopUrlFor(), description: 'Hot jollof and fried rice', font: 'poppins', background: 'sand', ...overrides },
    logo ? { logo: [logo] } : {},
  )
}

export async function setUpShop(t: TestApp, r: Registered, overrides: Record<string, unknown> = {}, logo = image(PNG, 'image/png')) {
  const res = await call(t.app, endpoints.setUpShop, { token: r.token, form: shopForm(overrides, logo) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res
}

/** Registered, verified, KYC sent and shop set up: under review. */
export async function underReview(t: TestApp, overrides: Record<string, string> = {}): Promise<Registered> {
  const r = await register(t, overrides)
  await verify(t, r)
  await submitKyc(t, r)
  await setUpShop(t, r)
  return r
}
