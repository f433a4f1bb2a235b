import { describe, expect, it } from 'vitest'

import { DEV_WEBHOOK_SECRET } from '#server/money/webhook-signature'
import { liveKeyOutsideProduction, productionProblems, productionRefusal, serverModeFromEnv } from '#server/production'

/*
 * Issue 37: NODE_ENV=production refuses the defaults that are only safe on a laptop, each named on its own line,
 * all at once (decision 153). The unit of each refusal; the process test is production-start.test.ts.
 */

const SECRET = 'a'.repeat(32)

/** A deployment with everything production needs: real e-mail, real SMS, Paystack live, its own secrets. */
const READY = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.ng:587',
  MAIL_FROM: 'Vendor <no-reply@example.ng>',
  SMS_PROVIDER: 'termii',
  TERMII_API_KEY: 'TL-live-key',
  TERMII_SENDER_ID: 'VendorBO',
  BANK_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef',
  PIN_PEPPER: 'p'.repeat(64),
  OPERATOR_KEY: 'o'.repeat(64),
  PUBLIC_URL: 'https://shop.example.ng',
  DATABASE_URL: 'postgres://db.internal/shop',
}

const LINES = {
  email: 'SMTP_URL and MAIL_FROM must be set: without them e-mail (codes, password resets, invitations) is only printed to the server log',
  sms: 'SMS_PROVIDER=termii, TERMII_API_KEY and TERMII_SENDER_ID must be set: without them SMS (one-time codes) is only printed to the server log',
  sandbox: 'BANK_PROVIDER must be paystack: the sandbox bank moves no real money (or ALLOW_SANDBOX_BANK=1 for a staging server)',
  testKey:
    'PAYSTACK_SECRET_KEY is a test key (sk_test_…): no real money moves (set a live key, or ALLOW_SANDBOX_BANK=1 for a staging server)',
  webhookSecret: 'BANK_WEBHOOK_SECRET must be set to at least 32 random characters (the key bank notices are signed with)',
  pinPepper: 'PIN_PEPPER must be set to at least 32 random characters (the key of PIN hashes, the same on every API process)',
  operatorKey: 'OPERATOR_KEY must be set to at least 32 random characters (what npm run admin sends as X-Operator-Key)',
  publicUrl: "PUBLIC_URL must be set to the site's https:// address, e.g. https://shop.example.ng",
  seed: "SEED_DEMO must be 0: the demo vendor's password and PIN are public (it is on by default without DATABASE_URL)",
}

describe('production mode', () => {
  it('with nothing set names every missing item, one line each, in order', () => {
    expect(productionProblems({ NODE_ENV: 'production' })).toEqual([
      LINES.email,
      LINES.sms,
      LINES.sandbox,
      LINES.webhookSecret,
      LINES.pinPepper,
      LINES.operatorKey,
      LINES.publicUrl,
      LINES.seed,
    ])
    expect(productionRefusal(['first', 'second'])).toBe('[server] NODE_ENV=production refuses to start (2 to fix):\n  - first\n  - second')
  })

  it('with everything set has nothing to say, and is not a staging server', () => {
    expect(productionProblems(READY)).toEqual([])
    expect(serverModeFromEnv(READY)).toEqual({ production: true, staging: false })
  })

  it.each<[string, Record<string, string | undefined>, string]>([
    ['the console e-mail', { SMTP_URL: undefined, MAIL_FROM: undefined }, LINES.email],
    ['the console SMS', { SMS_PROVIDER: undefined }, LINES.sms],
    ['SMS_PROVIDER=console', { SMS_PROVIDER: 'console' }, LINES.sms],
    ['a half-set SMTP', { MAIL_FROM: '' }, 'SMTP_URL needs MAIL_FROM'],
    ['a Paystack test key', { PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef' }, LINES.testKey],
    ['the sandbox bank', { BANK_PROVIDER: 'sandbox', BANK_WEBHOOK_SECRET: SECRET }, LINES.sandbox],
    ['the sandbox bank by default', { BANK_PROVIDER: undefined, BANK_WEBHOOK_SECRET: SECRET }, LINES.sandbox],
    ['a malformed ALLOW_SANDBOX_BANK', { ALLOW_SANDBOX_BANK: 'yes' }, 'ALLOW_SANDBOX_BANK must be 1 or 0, got yes'],
    ['PIN_PEPPER missing', { PIN_PEPPER: ' ' }, LINES.pinPepper],
    ['PIN_PEPPER short', { PIN_PEPPER: 'p'.repeat(31) }, 'PIN_PEPPER must be at least 32 characters, got 31'],
    ['OPERATOR_KEY missing', { OPERATOR_KEY: undefined }, LINES.operatorKey],
    ['OPERATOR_KEY short', { OPERATOR_KEY: 'o'.repeat(20) }, 'OPERATOR_KEY must be at least 32 characters, got 20'],
    ['PUBLIC_URL missing', { PUBLIC_URL: undefined }, LINES.publicUrl],
    ['PUBLIC_URL over http', { PUBLIC_URL: 'http://shop.example.ng' }, 'PUBLIC_URL must start with https://, got http://shop.example.ng'],
    [
      'PUBLIC_URL not a URL',
      { PUBLIC_URL: 'shop.example.ng' },
      'PUBLIC_URL must be an http(s) URL such as https://shop.example.ng, got shop.example.ng',
    ],
    ['the demo seed on PGlite by default', { DATABASE_URL: undefined }, LINES.seed],
    ['the demo seed asked for', { SEED_DEMO: '1' }, LINES.seed],
    // What every start already refuses is in the same list.
    ['a bad PORT', { PORT: 'http' }, 'PORT must be a port number, got http'],
    ['a bad DB_POOL_SIZE', { DB_POOL_SIZE: 'lots' }, 'DB_POOL_SIZE must be a whole number of connections from 1 to 1000, got lots'],
    ['an unknown BANK_PROVIDER', { BANK_PROVIDER: 'mybank' }, 'BANK_PROVIDER must be sandbox or paystack, got mybank'],
    ['a bad SESSION_IDLE_HOURS', { SESSION_IDLE_HOURS: 'never' }, 'SESSION_IDLE_HOURS must be a positive number of hours'],
  ])('refuses %s', (_what, change, line) => {
    const problems = productionProblems({ ...READY, ...change })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(line)
  })

  it('refuses BANK_WEBHOOK_SECRET missing, short or public with the sandbox bank of a staging server', () => {
    const staging = { ...READY, BANK_PROVIDER: 'sandbox', ALLOW_SANDBOX_BANK: '1' }
    expect(productionProblems(staging)).toEqual([LINES.webhookSecret])
    expect(productionProblems({ ...staging, BANK_WEBHOOK_SECRET: 'w'.repeat(31) })).toEqual([
      'BANK_WEBHOOK_SECRET must be at least 32 characters, got 31',
    ])
    expect(productionProblems({ ...staging, BANK_WEBHOOK_SECRET: DEV_WEBHOOK_SECRET })).toEqual([
      'BANK_WEBHOOK_SECRET must not be the public sandbox secret',
    ])
    expect(productionProblems({ ...staging, BANK_WEBHOOK_SECRET: SECRET })).toEqual([])
  })

  it('does not ask Paystack for BANK_WEBHOOK_SECRET: its notices are signed with the secret key', () => {
    expect(productionProblems({ ...READY, BANK_WEBHOOK_SECRET: undefined })).toEqual([])
    expect(productionProblems({ ...READY, BANK_WEBHOOK_SECRET: 'short' })).toEqual([])
  })

  it('collects every problem at once rather than stopping at the first', () => {
    const problems = productionProblems({ ...READY, DB_POOL_SIZE: 'lots', PIN_PEPPER: undefined, PUBLIC_URL: 'http://x.ng' })
    expect(problems).toHaveLength(3)
    expect(problems).toContain(LINES.pinPepper)
  })
})

describe('a staging server', () => {
  it('is production with ALLOW_SANDBOX_BANK=1 and a bank that moves no real money', () => {
    const sandbox = { ...READY, BANK_PROVIDER: 'sandbox', BANK_WEBHOOK_SECRET: SECRET, ALLOW_SANDBOX_BANK: '1' }
    expect(productionProblems(sandbox)).toEqual([])
    expect(serverModeFromEnv(sandbox)).toEqual({ production: true, staging: true })
    const paystackTest = { ...READY, PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef', ALLOW_SANDBOX_BANK: '1' }
    expect(productionProblems(paystackTest)).toEqual([])
    expect(serverModeFromEnv(paystackTest)).toEqual({ production: true, staging: true })
    // A live key moves real money: no banner, whatever ALLOW_SANDBOX_BANK says.
    expect(serverModeFromEnv({ ...READY, ALLOW_SANDBOX_BANK: '1' })).toEqual({ production: true, staging: false })
  })

  it('is never development: without NODE_ENV=production nothing is refused and nothing is staging', () => {
    const laptop = { BANK_PROVIDER: 'sandbox', ALLOW_SANDBOX_BANK: '1' }
    expect(serverModeFromEnv(laptop)).toEqual({ production: false, staging: false })
    expect(serverModeFromEnv({ ...laptop, NODE_ENV: 'development' })).toEqual({ production: false, staging: false })
  })
})

describe('a live Paystack key', () => {
  it('is refused outside production (a forgotten NODE_ENV), and only a live key is', () => {
    const live = { BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef' }
    expect(liveKeyOutsideProduction(live)).toMatch(
      /^\[server\] PAYSTACK_SECRET_KEY is a live key \(sk_live_…\) but NODE_ENV is not production/,
    )
    expect(liveKeyOutsideProduction({ ...live, NODE_ENV: 'development' })).not.toBeNull()
    expect(liveKeyOutsideProduction({ ...live, NODE_ENV: 'production' })).toBeNull()
    expect(liveKeyOutsideProduction({ ...live, PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef' })).toBeNull()
    expect(liveKeyOutsideProduction({})).toBeNull()
  })
})
