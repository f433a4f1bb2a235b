import * as v from 'valibot'

import { email, Empty, newPassword, otpCode } from './common'
import { endpoint } from './endpoint'
import { PERMISSIONS } from './permissions'

export const VendorStatus = v.picklist(['pending_verification', 'under_review', 'approved', 'rejected'])

export const User = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  role: v.picklist(['owner', 'member']),
  /** The owner's list holds every permission; a member's holds what the invitation granted. */
  permissions: v.array(v.picklist(PERMISSIONS)),
  vendor: v.object({ id: v.string(), name: v.string(), url: v.nullable(v.string()), status: VendorStatus }),
})
export type User = v.InferOutput<typeof User>

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth/vendor/login',
    summary:
      'Sign in with email and password; answers an opaque bearer token and the user. Five attempts per account in 15 minutes (429 after); a device that signed in before sends back its HttpOnly device cookie and keeps its own five (decision 084).',
    access: 'public',
    body: v.object({ email, password: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(128)) }),
    response: v.object({
      token: v.string(),
      user: User,
      /** True once: the owner's first sign-in after the vendor was approved ("Congratulations, ready to start selling"). */
      welcome: v.optional(v.boolean()),
    }),
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_INACTIVE', 'RATE_LIMITED', 'LIMITS_UNAVAILABLE'],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the calling session token.',
    access: 'user',
    response: Empty,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/vendor/forgot-password',
    summary:
      'Send a 6-digit reset code to the account email. Answers the same whether or not the account exists, except ' +
      '503 CODE_NOT_SENT when the e-mail could not be sent.',
    access: 'public',
    body: v.object({ email }),
    response: v.object({ expiresInMinutes: v.number() }),
    errors: ['RATE_LIMITED', 'CODE_NOT_SENT'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with the emailed code. Revokes every session of the account.',
    access: 'public',
    body: v.object({ email, otp: otpCode, password: newPassword }),
    response: Empty,
    errors: ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_BURNED', 'RATE_LIMITED'],
  }),
  me: endpoint({
    method: 'GET',
    path: '/user/me',
    summary: 'The signed-in user with current permissions.',
    access: 'user',
    response: User,
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/user/password',
    summary: "Change the signed-in user's password. Revokes the user's other sessions.",
    access: 'user',
    body: v.object({
      currentPassword: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(128)),
      newPassword,
    }),
    response: Empty,
    errors: ['INVALID_CURRENT_PASSWORD', 'RATE_LIMITED', 'LIMITS_UNAVAILABLE'],
  }),
}
