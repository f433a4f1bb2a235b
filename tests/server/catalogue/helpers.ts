import { readFileSync } from 'node:fs'

import { expect } from 'vitest'

import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'
import { createSession } from '#server/auth/sessions'
import { MemoryStorage } from '#server/storage'

import { call, type CallResult, createMember, createVendor, makeApp, type TestApp, type TestVendor } from '../harness'

/** An app whose uploads land in a MemoryStorage the test can look into. */
export async function catalogueApp(): Promise<TestApp & { storage: MemoryStorage }> {
  const storage = new MemoryStorage()
  return { ...(await makeApp({ storage, publicUrl: null })), storage }
}

export interface Seller extends TestVendor {
  token: string
}

/** An approved vendor and its owner's session (no login round trip: login is rate-limited). */
export async function seller(t: TestApp): Promise<Seller> {
  const vendor = await createVendor()
  return { ...vendor, token: await createSession(t.db, t.clock, vendor.owner.row) }
}

export async function memberToken(t: TestApp, vendor: TestVendor, permissions: Permission[]): Promise<string> {
  const member = await createMember(vendor, { permissions })
  return createSession(t.db, t.clock, member.row)
}

/** Real image bytes: a 1×1 PNG, a JPEG header and one of the committed demo WebP pictures. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
)
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])
export const WEBP = Uint8Array.from(readFileSync(new URL('../../../src/server/seed/images/zobo.webp', import.meta.url)))

export const image = (bytes: Uint8Array, type: string, name = 'photo') => new File([Uint8Array.from(bytes)], name, { type })

/** A multipart body the way the app sends one: every field as JSON text, files under their field name. */
export function form(fields: Record<string, unknown>, files: Record<string, File[]> = {}): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, JSON.stringify(value))
  for (const [name, list] of Object.entries(files)) for (const file of list) body.append(name, file)
  return body
}

export const SIZES = { name: 'Size', values: ['Small', 'Large'] }

/** A product with a Size option (Small ₦1,000, Large ₦1,500), unless told otherwise. */
export function productFields(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jollof rice',
    description: 'Party jollof',
    isPublished: true,
    options: [SIZES],
    variants: [
      { options: { Size: 'Small' }, price: 1_000_00, availableUnits: 10 },
      { options: { Size: 'Large' }, price: 1_500_00, availableUnits: 10 },
    ],
    ...overrides,
  }
}

export function postProduct(t: TestApp, token: string, fields: Record<string, unknown>, images: File[] = []) {
  return call(t.app, endpoints.createProduct, { token, form: form(fields, { images }) })
}

export function patchProduct(t: TestApp, token: string, fields: Record<string, unknown>, images: File[] = []) {
  return call(t.app, endpoints.updateProduct, { token, form: form(fields, { images }) })
}

/** Creates a product and answers its data; fails the test with the server's message otherwise. */
export async function makeProduct(t: TestApp, token: string, overrides: Record<string, unknown> = {}, images: File[] = []) {
  const res = await postProduct(t, token, productFields(overrides), images)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

export async function makeCollection(t: TestApp, token: string, name = `Collection ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await call(t.app, endpoints.createCollection, { token, body: { name } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

export const expectError = (res: CallResult, status: number, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.body.message).toBe(message)
}
