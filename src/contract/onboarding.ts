import * as v from 'valibot'

import { User } from './auth'
import { email, localDate, newPassword, otpCode, phone, text } from './common'
import { endpoint } from './endpoint'
import { imageFile, MAX_IMAGE_BYTES } from './images'

/*
 * Onboarding (SPEC §7 "Auth and account", issue 7): register → verify the phone by OTP → KYC → shop set-up →
 * under review until an operator approves (`npm run admin -- approve EMAIL`). Every call here works with a session
 * of a vendor not yet approved ('user' access); business endpoints answer 403 VENDOR_NOT_APPROVED until approval.
 */

export const ONBOARDING_STEPS = ['verify-phone', 'kyc', 'shop', 'review', 'rejected', 'done'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

export const Onboarding = v.object({
  /** Where the owner continues: the first step not done, 'review' while waiting, 'done' once approved. */
  step: v.picklist(ONBOARDING_STEPS),
  phoneVerified: v.boolean(),
  kycSubmitted: v.boolean(),
  shopSetUp: v.boolean(),
  /** Masked (080****4567): where the OTP went. */
  phone: v.nullable(v.string()),
  shopUrl: v.nullable(v.string()),
})
export type Onboarding = v.InferOutput<typeof Onboarding>

export const KYC_DOCUMENT_TYPES = ['NIN_SLIP', 'DRIVERS_LICENSE', 'INTERNATIONAL_PASSPORT', 'VOTERS_CARD'] as const
export const KYC_ID_TYPES = ['BVN', 'NIN'] as const
export const KYC_DOCUMENT_TYPES_ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
export const MAX_KYC_DOCUMENT_BYTES = 5 * 1024 * 1024

/**
 * Shop URLs that would clash with the app's own routes and API paths, or that people would take for ours: the
 * server refuses them (422) and the URL check answers "This URL is reserved".
 */
export const RESERVED_SHOP_URLS = [
  'api',
  'admin',
  'app',
  'home',
  'login',
  'logout',
  'register',
  'signup',
  'invite',
  'pay',
  'checkout',
  'orders',
  'invoices',
  'transactions',
  'customers',
  'products',
  'outlets',
  'settings',
  'shop',
  'store',
  'www',
  'help',
  'support',
  'docs',
  'static',
  'assets',
  'files',
  'vendor',
  'user',
  'auth',
  'onboarding',
  'dashboard',
  'account',
  'reset-password',
  'forgot-password',
  'mail',
  'blog',
  'status',
] as const

/**
 * A multipart text field: the server decodes every field as JSON when it parses, so "12345678901" or "2024" arrive
 * as numbers (and "true" as a boolean); they are turned back into the text that was typed.
 */
export const formText = v.pipe(
  v.union([v.string(), v.number(), v.boolean()], 'is required'),
  v.transform((value) => String(value)),
)

/** Shop URLs: 3–30 lowercase letters, digits and single hyphens inside (mama-put-kitchen). */
export const SHOP_URL_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,29}$/
export const shopUrl = v.pipe(
  v.string('is required'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('is required'),
  v.regex(SHOP_URL_PATTERN, 'must be 3–30 lowercase letters, digits or single hyphens, not starting or ending with one'),
)

/** The typefaces and backgrounds a shop may use (the storefront and the website preview know how to draw each). */
export const SUPPORTED_FONTS = [
  { id: 'inter', name: 'Inter', family: 'Inter, system-ui, sans-serif' },
  { id: 'poppins', name: 'Poppins', family: 'Poppins, system-ui, sans-serif' },
  { id: 'merriweather', name: 'Merriweather', family: 'Merriweather, Georgia, serif' },
  { id: 'playfair', name: 'Playfair Display', family: '"Playfair Display", Georgia, serif' },
  { id: 'mono', name: 'JetBrains Mono', family: '"JetBrains Mono", ui-monospace, monospace' },
] as const
export const SUPPORTED_BACKGROUNDS = [
  { id: 'plain', name: 'Plain', value: '#ffffff' },
  { id: 'sand', name: 'Sand', value: '#f6efe3' },
  { id: 'mint', name: 'Mint', value: '#e6f4ee' },
  { id: 'sky', name: 'Sky', value: '#e7f0fb' },
  { id: 'sunset', name: 'Sunset', value: 'linear-gradient(135deg, #ffe1c6 0%, #ffc2c7 100%)' },
  { id: 'night', name: 'Night', value: 'linear-gradient(135deg, #1f2933 0%, #334e68 100%)' },
] as const
export const FONT_IDS = SUPPORTED_FONTS.map((f) => f.id) as [string, ...string[]]
export const BACKGROUND_IDS = SUPPORTED_BACKGROUNDS.map((b) => b.id) as [string, ...string[]]

const Font = v.object({ id: v.string(), name: v.string(), family: v.string() })
const Background = v.object({ id: v.string(), name: v.string(), value: v.string() })

const kycDocument = v.pipe(
  v.array(
    v.pipe(
      v.file('must be a file'),
      v.mimeType(KYC_DOCUMENT_TYPES_ACCEPTED, 'must be a JPEG, PNG or WebP image, or a PDF'),
      v.maxSize(MAX_KYC_DOCUMENT_BYTES, 'must be at most 5 MB'),
    ),
    'must be a file',
  ),
  v.length(1, 'must be exactly one file'),
)

/** Limits the app's forms hold to as well (decision 163). */
export const MAX_REGISTER_NAME = 100
export const MAX_KYC_ADDRESS = 300
/** The shop's description, set up here and changed on the Website screen. */
export const MAX_SHOP_DESCRIPTION = 500

export const onboardingEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/auth/vendor',
    status: 201,
    summary:
      'Open a vendor account: the owner is signed in at once and a 6-digit code is sent by SMS and e-mail to verify ' +
      'the phone (10 minutes, 5 tries); codeSent says whether either went out. Email and phone are each used by one account only (409).',
    access: 'public',
    body: v.object({
      businessName: text(MAX_REGISTER_NAME),
      ownerName: text(MAX_REGISTER_NAME),
      email,
      phone: v.pipe(phone, v.nonEmpty('is required')),
      password: newPassword,
    }),
    // codeSent false: neither the SMS nor the e-mail went out at once (they are retried); the app says so.
    response: v.object({ token: v.string(), user: User, onboarding: Onboarding, codeSent: v.boolean() }),
    errors: ['RATE_LIMITED', 'EMAIL_TAKEN', 'PHONE_TAKEN'],
  }),
  verifyPhone: endpoint({
    method: 'PATCH',
    path: '/auth/vendor/verify',
    summary: 'Verify the phone with the code sent by SMS. 422 for a wrong code, 410 once it expired or after 5 tries.',
    access: 'user',
    body: v.object({ otp: otpCode }),
    response: Onboarding,
    errors: ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_BURNED', 'OWNER_ONLY', 'PHONE_ALREADY_VERIFIED'],
  }),
  resendOtp: endpoint({
    method: 'POST',
    path: '/auth/vendor/resend-otp',
    summary:
      'Send a new code by SMS and e-mail (the old one stops working). A different phone replaces the one given at ' +
      'registration while it is unverified. Rate-limited: 429 says when to try again; 503 CODE_NOT_SENT when neither ' +
      'could be sent.',
    access: 'user',
    body: v.object({ phone: v.pipe(phone, v.nonEmpty('is required')) }),
    response: v.object({ expiresInMinutes: v.number(), resendAfterSeconds: v.number(), phone: v.string() }),
    errors: ['RATE_LIMITED', 'CODE_NOT_SENT', 'OWNER_ONLY', 'PHONE_ALREADY_VERIFIED', 'PHONE_TAKEN'],
  }),
  onboarding: endpoint({
    method: 'GET',
    path: '/vendor/onboarding',
    summary: 'Where the owner is in onboarding, so sign-in can continue at the right step.',
    access: 'user',
    response: Onboarding,
  }),
  submitKyc: endpoint({
    method: 'PATCH',
    path: '/vendor/kyc',
    summary:
      'Identity check (multipart/form-data): one identity document (image or PDF, ≤ 5 MB), date of birth (18 or ' +
      'older), address, and a BVN or NIN (11 digits). Needs a verified phone; may be sent again until approval.',
    access: 'user',
    bodyType: 'multipart',
    maxBodyBytes: MAX_KYC_DOCUMENT_BYTES + 64 * 1024,
    body: v.object({
      documentType: v.picklist(KYC_DOCUMENT_TYPES, 'must be NIN_SLIP, DRIVERS_LICENSE, INTERNATIONAL_PASSPORT or VOTERS_CARD'),
      document: kycDocument,
      dateOfBirth: localDate,
      address: v.pipe(formText, text(MAX_KYC_ADDRESS)),
      idType: v.picklist(KYC_ID_TYPES, 'must be BVN or NIN'),
      idNumber: v.pipe(formText, v.string('is required'), v.trim(), v.regex(/^\d{11}$/, 'must be 11 digits')),
    }),
    response: Onboarding,
    errors: ['OWNER_ONLY', 'ALREADY_APPROVED', 'PHONE_NOT_VERIFIED'],
  }),
  checkShopUrl: endpoint({
    method: 'GET',
    path: '/vendor/shop/url-check',
    summary: 'Whether a shop URL can be had: available, or why not (taken, reserved, badly formed).',
    access: 'user',
    query: v.object({ url: v.pipe(v.string('is required'), v.maxLength(100, 'is too long')) }),
    response: v.object({ url: v.string(), available: v.boolean(), reason: v.nullable(v.string()) }),
  }),
  setShopUrl: endpoint({
    method: 'PATCH',
    path: '/vendor/shop/url',
    summary: "Claim a shop URL (409 when taken, 422 when reserved or badly formed). Frees the vendor's previous one.",
    access: 'user',
    body: v.object({ url: shopUrl }),
    response: v.object({ url: v.string() }),
    errors: ['URL_TAKEN', 'ALREADY_APPROVED', 'OWNER_ONLY'],
  }),
  setUpShop: endpoint({
    method: 'PATCH',
    path: '/vendor/shop/setup',
    summary:
      'Shop set-up (multipart/form-data): shop URL, optional logo (image ≤ 2 MB), description, font and background ' +
      'from the supported lists. After phone and KYC, this sends the vendor for review.',
    access: 'user',
    bodyType: 'multipart',
    maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
    body: v.object({
      url: v.pipe(formText, shopUrl),
      logo: v.optional(v.pipe(v.array(imageFile, 'must be a file'), v.maxLength(1, 'must be one image'))),
      description: v.pipe(
        formText,
        v.string('is required'),
        v.trim(),
        v.maxLength(MAX_SHOP_DESCRIPTION, `must be at most ${MAX_SHOP_DESCRIPTION} characters`),
      ),
      font: v.picklist(FONT_IDS, 'must be one of the supported fonts'),
      background: v.picklist(BACKGROUND_IDS, 'must be one of the supported backgrounds'),
    }),
    response: Onboarding,
    errors: ['URL_TAKEN', 'ALREADY_APPROVED', 'OWNER_ONLY'],
  }),
  supportedFonts: endpoint({
    method: 'GET',
    path: '/vendor/supported-fonts',
    summary: 'The typefaces a shop may use.',
    access: 'user',
    response: v.array(Font),
  }),
  supportedBackgrounds: endpoint({
    method: 'GET',
    path: '/vendor/supported-backgrounds',
    summary: 'The backgrounds a shop may use (a CSS colour or gradient each).',
    access: 'user',
    response: v.array(Background),
  }),
}
