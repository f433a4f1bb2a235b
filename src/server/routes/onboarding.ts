import { type onboardingEndpoints, SUPPORTED_BACKGROUNDS, SUPPORTED_FONTS } from '#contract/onboarding'

import type { HandlersFor } from '../http/types'
import { submitKyc } from '../onboarding/kyc'
import { resendPhoneCode, verifyPhone } from '../onboarding/phone-verification'
import { registerVendor } from '../onboarding/register'
import { checkShopUrl, setShopUrl, setUpShop } from '../onboarding/shop'
import { onboardingState } from '../onboarding/state'

/* Onboarding (decision 056): register → verify the phone → KYC → shop set-up → under review. */
export const onboardingHandlers: HandlersFor<typeof onboardingEndpoints> = {
  async register({ body, deps, ip }) {
    return { ...(await registerVendor(deps, body, ip)) }
  },

  async verifyPhone({ auth, body, deps }) {
    return { data: await verifyPhone(deps, auth, body.otp), message: 'Your phone number has been verified' }
  },

  async resendOtp({ auth, body, deps }) {
    return resendPhoneCode(deps, auth, body.phone)
  },

  async onboarding({ auth, db }) {
    return { data: await onboardingState(db, auth.vendorId) }
  },

  async submitKyc({ auth, body, deps }) {
    return { data: await submitKyc(deps, auth, body), message: 'Your identity details have been saved' }
  },

  async checkShopUrl({ auth, db, query }) {
    return { data: await checkShopUrl(db, auth, query.url) }
  },

  async setShopUrl({ auth, body, db }) {
    return setShopUrl(db, auth, body.url)
  },

  async setUpShop({ auth, body, deps }) {
    return setUpShop(deps, auth, body)
  },

  async supportedFonts() {
    return { data: SUPPORTED_FONTS.map((font) => ({ ...font })) }
  },

  async supportedBackgrounds() {
    return { data: SUPPORTED_BACKGROUNDS.map((background) => ({ ...background })) }
  },
}
