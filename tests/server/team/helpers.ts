import { randomInt } from 'node:crypto'

import { expect } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'

import { call, type TestApp } from '../harness'

/** A fresh Nigerian mobile number as the invite form takes it (08031234567). */
export const newPhone = () => `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`

/** Where the invitation SMS for a phone goes (+2348031234567). */
export const smsTo = (phone: string) => `+234${phone.slice(1)}`

export interface Invited {
  id: string
  phone: string
  code: string
  body: any
}

/** Invites through the API and answers the member, the phone and the code the SMS carried. */
export async function invite(
  t: TestApp,
  token: string,
  input: { name?: string; email?: string | null; permissions?: Permission[]; phone?: string } = {},
): Promise<Invited> {
  const phone = input.phone ?? newPhone()
  const res = await call(t.app, endpoints.inviteMember, {
    token,
    body: { name: input.name ?? 'Chidi Okafor', phone, email: input.email, permissions: input.permissions ?? [] },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.data.id, phone, code: lastCode(t, phone), body: res.body }
}

/** The code of the newest invitation SMS to a phone. */
export function lastCode(t: TestApp, phone: string): string {
  const sms = t.notifier.lastTo(smsTo(phone))
  expect(sms?.code).toMatch(/^[A-Za-z0-9_-]{43}$/)
  return sms!.code!
}

let ips = 0
/** Each public invite call from its own address, so the per-IP limits only bite in the test about them. */
export const freshIp = () => `10.77.${(ips >> 8) & 255}.${ips++ & 255}`

export const details = (t: TestApp, inviteCode: string) => call(t.app, endpoints.inviteDetails, { query: { inviteCode }, ip: freshIp() })

export const accept = (t: TestApp, body: BodyInput<typeof endpoints.acceptInvite>) =>
  call(t.app, endpoints.acceptInvite, { ip: freshIp(), body })
