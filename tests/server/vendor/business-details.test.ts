import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, createMember, createVendor, login, makeApp, unchecked } from '../harness'

/* Settings → Business profile: the address and TIN every invoice and receipt prints (issue 42, decision 191). */

async function owner() {
  const { app } = await makeApp()
  const v = await createVendor({ name: 'Mama Put Kitchen' })
  return { app, v, token: await login(app, v.owner.email, v.owner.password) }
}

describe('PATCH /vendor/business', () => {
  it('saves the address and TIN, trimmed, and the profile answers them', async () => {
    const { app, token } = await owner()
    const body = { address: '  12 Allen Avenue, Ikeja, Lagos  ', tin: ' 12345678-0001 ' }
    const res = await call(app, endpoints.updateBusinessDetails, { token, body })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Business details saved')
    expect(res.body.data).toMatchObject({ name: 'Mama Put Kitchen', address: '12 Allen Avenue, Ikeja, Lagos', tin: '12345678-0001' })
    const profile = await call(app, endpoints.vendorProfile, { token })
    expect(profile.body.data).toMatchObject({ address: '12 Allen Avenue, Ikeja, Lagos', tin: '12345678-0001', phone: '08030000000' })
  })

  it('clears either field with null or empty text', async () => {
    const { app, token } = await owner()
    await call(app, endpoints.updateBusinessDetails, { token, body: { address: '3 Broad Street, Lagos Island', tin: '1234567890' } })
    const res = await call(app, endpoints.updateBusinessDetails, { token, body: { address: '   ', tin: null } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ address: null, tin: null })
  })

  it.each([
    ['tin', '1234567', 'must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)'],
    ['tin', '123456789012345', 'must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)'],
    ['tin', '1234-5678-0001', 'must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)'],
    ['tin', 'TIN12345678', 'must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)'],
    ['address', 'x'.repeat(201), 'must be at most 200 characters'],
  ])('refuses %s %j with 422 naming the field, and keeps what was saved', async (path, bad, message) => {
    const { app, token } = await owner()
    await call(app, endpoints.updateBusinessDetails, { token, body: { address: '3 Broad Street', tin: '12345678' } })
    const body = unchecked<{ address: string; tin: string }>({ address: '5 Marina', tin: '87654321', [path]: bad })
    const res = await call(app, endpoints.updateBusinessDetails, { token, body })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(res.body.issues).toEqual([{ path, message }])
    expect((await call(app, endpoints.vendorProfile, { token })).body.data).toMatchObject({ address: '3 Broad Street', tin: '12345678' })
  })

  it('is for those who may change settings: a member without VENDOR_SETTINGS is refused and reads it unchanged', async () => {
    const { app, v, token } = await owner()
    const clerk = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    const clerkToken = await login(app, clerk.email, clerk.password)
    const refused = await call(app, endpoints.updateBusinessDetails, { token: clerkToken, body: { address: 'Elsewhere', tin: null } })
    expect(refused.status).toBe(403)
    const manager = await createMember(v, { permissions: ['VENDOR_SETTINGS'] })
    const managerToken = await login(app, manager.email, manager.password)
    const saved = await call(app, endpoints.updateBusinessDetails, {
      token: managerToken,
      body: { address: '9 Awolowo Road, Ikoyi', tin: null },
    })
    expect(saved.status).toBe(200)
    expect((await call(app, endpoints.vendorProfile, { token: clerkToken })).body.data.address).toBe('9 Awolowo Road, Ikoyi')
    expect((await call(app, endpoints.vendorProfile, { token })).body.data.address).toBe('9 Awolowo Road, Ikoyi')
  })

  it("changes only the caller's vendor", async () => {
    const { app, token } = await owner()
    const other = await createVendor()
    const otherToken = await login(app, other.owner.email, other.owner.password)
    await call(app, endpoints.updateBusinessDetails, { token, body: { address: '1 Mine Street', tin: '12345678' } })
    expect((await call(app, endpoints.vendorProfile, { token: otherToken })).body.data).toMatchObject({ address: null, tin: null })
  })
})
