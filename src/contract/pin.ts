import * as v from 'valibot'

import { pin } from './banking'
import { endpoint } from './endpoint'

/** The account password, as proof it is the user and not only their session (a tablet left signed in). */
export const accountPassword = v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(128))

export const PinStatus = v.object({
  hasPin: v.boolean(),
  locked: v.boolean(),
  attemptsRemaining: v.number(),
})

export const pinEndpoints = {
  pinStatus: endpoint({
    method: 'GET',
    apiKey: false,
    path: '/pin',
    summary: 'Whether the signed-in user has a transaction PIN, and whether it is locked.',
    response: PinStatus,
  }),
  createPin: endpoint({
    method: 'POST',
    apiKey: false,
    path: '/pin',
    summary:
      'Set the transaction PIN when none exists (409 if one does), with the account password: a session alone (a tablet left signed in) must not be able to create the PIN that moves money.',
    body: v.object({ pin, password: accountPassword }),
    response: PinStatus,
    errors: ['PIN_EXISTS', 'INVALID_PASSWORD', 'RATE_LIMITED', 'LIMITS_UNAVAILABLE'],
  }),
  initiatePinChange: endpoint({
    method: 'PATCH',
    apiKey: false,
    path: '/pin/initiate/change',
    summary:
      'Step 1 of a PIN change: the current PIN (or, for a forgotten or locked PIN, the account password) sends a 6-digit OTP by SMS.',
    body: v.pipe(
      v.object({ pin: v.optional(pin), password: v.optional(v.pipe(v.string(), v.maxLength(128))) }),
      v.check((b) => Boolean(b.pin) !== Boolean(b.password), 'send either pin or password'),
    ),
    response: v.object({ expiresInMinutes: v.number(), sentTo: v.string() }),
    errors: ['INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET', 'RATE_LIMITED', 'CODE_NOT_SENT', 'INVALID_PASSWORD'],
  }),
  verifyPinOtp: endpoint({
    method: 'PATCH',
    apiKey: false,
    path: '/pin/verify/otp',
    summary: 'Step 2: the OTP (6 digits, 10 minutes, 5 tries). Answers a reset session key in the x-session-key header.',
    body: v.object({ otp: v.pipe(v.string('is required'), v.regex(/^\d{6}$/, 'must be 6 digits')) }),
    response: v.object({ expiresInMinutes: v.number() }),
    errors: ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_BURNED'],
  }),
  resetPin: endpoint({
    method: 'PATCH',
    apiKey: false,
    path: '/pin/reset',
    summary: "Step 3: the new PIN, with the x-session-key from step 2. Unlocks the PIN and revokes the user's other sessions.",
    body: v.object({ pin }),
    response: PinStatus,
    errors: ['SESSION_KEY_REQUIRED', 'PIN_SESSION_INVALID', 'INVALID_PASSWORD', 'RATE_LIMITED', 'LIMITS_UNAVAILABLE'],
  }),
}
