import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

import { expect } from 'vitest'

import { endpoints } from '#contract/index'
import { nubanFor } from '#contract/nuban'
import { lagosDate } from '#server/analytics'
import type { AppOptions } from '#server/deps'
import { bankByCode } from '#server/money/banks'
import { newSessionId } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'

import { form, image, makeProduct } from '../catalogue/helpers'
import { call, makeApp, type TestApp, unchecked } from '../harness'
import { randomSerial, type Sender, sender } from '../money/helpers'

/* Shared by the orders*.test.ts and refunds*.test.ts files: a shop with a product, orders, and customers paying them. */

export const NAIRA = 100
export const WEBHOOK_SECRET = 'orders-test-webhook-secret'
export const PUBLIC_URL = 'https://shop.example.ng'

export function salesApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  return makeApp({ webhookSecret: WEBHOOK_SECRET, publicUrl: PUBLIC_URL, ...overrides })
}

export interface Shop extends Sender {
  /** Small ₦1,000 and Large ₦1,500, 10 units each, unless told otherwise. */
  small: { id: string; productId: string }
  large: { id: string; productId: string }
}

/** An approved vendor (owner token, PIN, wallet balance as asked) with one two-variant product. */
export async function shop(t: TestApp, options: { balance?: number; units?: number } = {}): Promise<Shop> {
  const s = await sender(t, { balance: options.balance })
  const units = options.units ?? 10
  const product = await makeProduct(t, s.token, {
    variants: [
      { options: { Size: 'Small' }, price: 1_000 * NAIRA, availableUnits: units },
      { options: { Size: 'Large' }, price: 1_500 * NAIRA, availableUnits: units },
    ],
  })
  const [small, large] = product.variants
  return { ...s, small: small!, large: large! }
}

export function postOrder(t: TestApp, token: string, body: unknown, options: { shareable?: boolean; key?: string } = {}) {
  const headers = { 'idempotency-key': options.key ?? randomUUID() }
  return call(t.app, options.shareable ? endpoints.createShareableOrder : endpoints.createOrder, { token, body: unchecked(body), headers })
}

/** Creates an order (201 expected) and answers its data. */
export async function order(t: TestApp, token: string, body: Record<string, unknown>, options: { shareable?: boolean } = {}) {
  const res = await postOrder(t, token, body, options)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

/** The code ending a shareable order's public URL; fails the test when the order has no public page. */
export function publicCode(data: { publicUrl: string | null }): string {
  expect(data.publicUrl).toMatch(/\/checkout\/[A-Za-z0-9]+$/)
  return data.publicUrl!.split('/').at(-1)!
}

export const detail = (t: TestApp, token: string, reference: string) => call(t.app, endpoints.orderDetail, { token, query: { reference } })

export async function orderData(t: TestApp, token: string, reference: string) {
  const res = await detail(t, token, reference)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

export async function unitsOf(t: TestApp, token: string, productId: string): Promise<Record<string, number>> {
  const res = await call(t.app, endpoints.productDetail, { token, query: { id: productId } })
  return Object.fromEntries(res.body.data.variants.map((v) => [v.options.Size!, v.availableUnits]))
}

export interface Payer {
  accountNumber: string
  accountName: string
  bankName: string
}

/** A customer's bank account; a sandbox serial (SANDBOX_SERIALS) picks what a refund to it does. */
export function payer(options: { bankCode?: string; serial?: string; name?: string } = {}): Payer {
  const bankCode = options.bankCode ?? '044'
  return {
    accountNumber: nubanFor(bankCode, options.serial ?? randomSerial()),
    accountName: options.name ?? 'Chioma Okeke',
    bankName: bankByCode(bankCode)!.name,
  }
}

/** The bank's signed notice of a transfer into the vendor's main account. */
export function transferIn(
  t: TestApp,
  accountNumber: string,
  amount: number,
  narration: string,
  from: Payer = payer(),
  providerReference = `PRV-${randomUUID()}`,
) {
  const raw = JSON.stringify({
    accountNumber,
    amount,
    providerReference,
    sessionId: newSessionId(),
    originatorAccountName: from.accountName,
    originatorBankName: from.bankName,
    originatorAccountNumber: from.accountNumber,
    narration,
  })
  return call(t.app, endpoints.bankInbound, {
    headers: { 'x-provider-signature': signWebhookBody(raw, WEBHOOK_SECRET) },
    rawBody: raw,
  })
}

/** Pays (part of) an order by a transfer quoting its reference; answers the credit's id. */
export async function pay(t: TestApp, s: Shop, reference: string, amount: number, from: Payer = payer()): Promise<string> {
  const res = await transferIn(t, s.wallets.main.accountNumber!, amount, `Payment for ${reference}`, from)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.transactionId
}

export async function makeCoupon(t: TestApp, token: string, fields: Record<string, unknown>) {
  const today = lagosDate(t.clock.now())
  const res = await call(t.app, endpoints.createCoupon, {
    token,
    body: unchecked({ name: 'Promo', description: 'Promo', maxUsage: 5, startDate: today, endDate: today, ...fields }),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

export async function makeTax(t: TestApp, token: string, name: string, percentage: number): Promise<string> {
  const res = await call(t.app, endpoints.createTax, { token, body: { name, percentage } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id
}

export async function makeDelivery(t: TestApp, token: string, fee: number, isActive = true): Promise<string> {
  const res = await call(t.app, endpoints.createDeliveryLocation, { token, body: { name: `Zone ${randomUUID().slice(0, 4)}`, fee } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  if (!isActive) {
    const off = await call(t.app, endpoints.updateDeliveryLocation, { token, body: { id: res.body.data.id, isActive: false } })
    expect(off.status).toBe(200)
  }
  return res.body.data.id
}

/** A logo a document can draw: the app's own 192 px PNG icon (8-bit RGBA, so an alpha mask too). */
export const LOGO_PNG = Uint8Array.from(readFileSync(new URL('../../../public/icons/icon-192.png', import.meta.url)))

/** Sets the shop's business address and TIN (Settings → Profile) and its logo (Settings → Website); answers its details. */
export async function withBusiness(t: TestApp, s: Shop, details = { address: '12 Allen Avenue\nIkeja, Lagos', tin: '12345678-0001' }) {
  const set = await call(t.app, endpoints.updateBusinessDetails, { token: s.token, body: details })
  expect(set.status, JSON.stringify(set.body)).toBe(200)
  const look = form(
    { description: 'Jollof every day', font: 'inter', background: 'plain' },
    { logo: [image(LOGO_PNG, 'image/png', 'logo.png')] },
  )
  const website = await call(t.app, endpoints.updateWebsite, { token: s.token, form: look })
  expect(website.status, JSON.stringify(website.body)).toBe(200)
  return (await call(t.app, endpoints.vendorProfile, { token: s.token })).body.data
}
