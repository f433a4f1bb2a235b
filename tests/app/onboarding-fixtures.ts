// Onboarding fixtures, parsed with the contract's schemas like those in fixtures.ts.
import * as v from 'valibot'

import { User } from '#contract/auth'
import { Onboarding, SUPPORTED_BACKGROUNDS, SUPPORTED_FONTS } from '#contract/onboarding'
import { PERMISSIONS } from '#contract/permissions'

type VendorStatus = User['vendor']['status']

/** The owner of a vendor that registered and is not approved yet. */
export function newOwner(status: VendorStatus = 'pending_verification'): User {
  return v.parse(User, {
    id: 'user-9',
    name: 'Tunde Bakare',
    email: 'tunde@shop.test',
    phone: '08039876543',
    role: 'owner',
    permissions: [...PERMISSIONS],
    vendor: { id: 'vendor-9', name: 'Tunde Fabrics', url: null, status },
  })
}

export function onboarding(overrides: Partial<Onboarding> = {}): Onboarding {
  return v.parse(Onboarding, {
    step: 'verify-phone',
    phoneVerified: false,
    kycSubmitted: false,
    shopSetUp: false,
    phone: '080****6543',
    shopUrl: null,
    ...overrides,
  })
}

export const AT_KYC = { step: 'kyc', phoneVerified: true } as const
export const AT_SHOP = { step: 'shop', phoneVerified: true, kycSubmitted: true } as const
export const AT_REVIEW = { step: 'review', phoneVerified: true, kycSubmitted: true, shopSetUp: true, shopUrl: 'tunde-fabrics' } as const

export const FONTS = SUPPORTED_FONTS.map((f) => ({ ...f }))
export const BACKGROUNDS = SUPPORTED_BACKGROUNDS.map((b) => ({ ...b }))
