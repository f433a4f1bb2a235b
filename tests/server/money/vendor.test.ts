import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { isValidNuban } from '#contract/nuban'

import { call, createMember, createVendor, login, makeApp } from '../harness'

describe('GET /vendor', () => {
  it("answers the caller's vendor profile with the owner's name", async () => {
    const { app } = await makeApp()
    const { owner, vendor } = await createVendor({ name: 'Bukka Hut Yaba' })
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.vendorProfile, { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      id: vendor.id,
      name: 'Bukka Hut Yaba',
      url: null,
      email: owner.email,
      phone: '08030000000',
      address: null,
      tin: null,
      logoUrl: null,
      ownerName: 'Owner Person',
      status: 'approved',
      createdAt: vendor.createdAt.toISOString(),
    })
  })

  it('works for a vendor under review, like /user/me', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor({ status: 'under_review' })
    const token = await login(app, owner.email, owner.password)
    expect((await call(app, endpoints.vendorProfile, { token })).body.data.status).toBe('under_review')
    expect((await call(app, endpoints.me, { token })).status).toBe(200)
  })
})

describe('GET /vendor/wallet/balance and /vendor/wallet/details', () => {
  it('answers the main wallet balance in kobo', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor({ balance: 1_234_567_50 })
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.walletBalance, { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Success', data: { balance: 123_456_750, currency: 'NGN' } })
  })

  it('answers the virtual account customers pay into, a valid Providus NUBAN', async () => {
    const { app } = await makeApp()
    const { owner, vendor, wallets } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.walletDetails, { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      bankName: 'Providus Bank',
      accountNumber: wallets.main.accountNumber,
      accountName: vendor.name,
    })
    expect(isValidNuban('101', res.body.data.accountNumber!)).toBe(true)
  })

  it("never shows one vendor another vendor's wallet", async () => {
    const { app } = await makeApp()
    const a = await createVendor({ balance: 500_00 })
    const b = await createVendor({ balance: 700_00 })
    const tokenA = await login(app, a.owner.email, a.owner.password)
    const tokenB = await login(app, b.owner.email, b.owner.password)
    expect((await call(app, endpoints.walletBalance, { token: tokenA })).body.data.balance).toBe(500_00)
    expect((await call(app, endpoints.walletBalance, { token: tokenB })).body.data.balance).toBe(700_00)
    expect((await call(app, endpoints.walletDetails, { token: tokenA })).body.data.accountNumber).toBe(a.wallets.main.accountNumber)
    expect((await call(app, endpoints.walletDetails, { token: tokenB })).body.data.accountNumber).toBe(b.wallets.main.accountNumber)
    expect((await call(app, endpoints.vendorProfile, { token: tokenB })).body.data.id).toBe(b.vendor.id)
  })

  it('refuses a vendor that is not approved yet', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor({ status: 'pending_verification', balance: 100 })
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.walletBalance, { token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      message: 'An administrator needs to approve your account, please check back in a few minutes.',
      code: 'VENDOR_NOT_APPROVED',
    })
  })

  it('needs VENDOR_WALLET for a member', async () => {
    const { app } = await makeApp()
    const vendor = await createVendor({ balance: 250_00 })
    const without = await createMember(vendor, { permissions: ['VENDOR_ORDERS'] })
    const withWallet = await createMember(vendor, { permissions: ['VENDOR_WALLET'] })
    const denied = await call(app, endpoints.walletBalance, { token: await login(app, without.email, without.password) })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    const allowed = await call(app, endpoints.walletBalance, {
      token: await login(app, withWallet.email, withWallet.password),
    })
    expect(allowed.status).toBe(200)
    expect(allowed.body.data.balance).toBe(250_00)
  })
})
